import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type ImportGraph, importCycles, importGraph, REPOSITORY_ROOT } from '../support/import-graph';

/**
 * The dependency rules of the layers (thin handlers, ports and adapters): domain code throws typed
 * errors, logs through shared modules and reaches storage, queues and providers through the ports'
 * interfaces; HTTP status codes, error bodies, queue mechanics and the adapters belong to the layers
 * that own them. And no module reaches itself back through its imports, type-only ones included.
 */
// IMPORT_ROOT=<another checkout> draws the picture of that tree instead (its rules may not hold).
const graph = importGraph(undefined, process.env.IMPORT_ROOT);
const domainModules = [...graph.keys()].filter((file) => file.startsWith('shared/domain/'));
const presenterModules = [...graph.keys()].filter((file) => file.startsWith('shared/presenters/'));

/**
 * The folders ("rooms") modules live in: the top-level folder, and under shared/, local/ and test/
 * the folder below it.
 */
function roomOf(file: string): string {
  const [top, second] = file.split('/');
  if ((top === 'shared' || top === 'local' || top === 'test') && second !== undefined && !second.endsWith('.ts')) return `${top}/${second}`;
  return top ?? file;
}

/** `as <Name>Item`, or wrapped (`as Partial<<Name>Item>`): a cast of what a store read to its item type. */
const ITEM_CAST = /\bas\s+(?:[A-Z][A-Za-z]*<\s*)*[A-Z][A-Za-z]*Item\b/;

/** Imports that point against the layers' direction, counted for the picture. */
const BACK_POINTING: readonly (readonly [string, (file: string) => boolean, (target: string) => boolean])[] = [
  [
    'domain → adapters, http, workers, functions, lib, local',
    startsWith('shared/domain/'),
    startsWith('shared/adapters/', 'shared/http/', 'shared/workers/', 'functions/', 'lib/', 'local/'),
  ],
  ['domain → contracts, presenters (wire shapes)', startsWith('shared/domain/'), startsWith('shared/contracts/', 'shared/presenters/')],
  ['shared → local, functions, lib', startsWith('shared/'), startsWith('local/', 'functions/', 'lib/')],
  ['functions → DynamoDB adapters (stores built in handlers)', startsWith('functions/'), startsWith('shared/adapters/dynamodb/')],
];

function startsWith(...prefixes: string[]): (file: string) => boolean {
  return (file) => prefixes.some((prefix) => file.startsWith(prefix));
}

/**
 * IMPORT_REPORT=1 prints the import picture: modules per room, imports between rooms, the imports
 * that point back against the layers, cycles.
 */
afterAll(() => {
  if (!process.env.IMPORT_REPORT) return;
  const modules = new Map<string, number>();
  const between = new Map<string, number>();
  for (const [file, targets] of graph) {
    modules.set(roomOf(file), (modules.get(roomOf(file)) ?? 0) + 1);
    for (const target of targets) {
      if (roomOf(target) === roomOf(file)) continue;
      const edge = `${roomOf(file)} → ${roomOf(target)}`;
      between.set(edge, (between.get(edge) ?? 0) + 1);
    }
  }
  const lines = [
    `modules: ${graph.size}, in ${modules.size} rooms: ${[...modules].map(([room, n]) => `${room} ${n}`).join(', ')}`,
    `imports between rooms (${between.size} pairs):`,
    ...[...between].sort(([a], [b]) => a.localeCompare(b)).map(([edge, n]) => `  ${edge}: ${n}`),
    'imports pointing back against the layers:',
    ...BACK_POINTING.map(
      ([name, from, to]) => `  ${name}: ${[...graph].reduce((n, [file, targets]) => n + (from(file) ? targets.filter(to).length : 0), 0)}`,
    ),
    `import cycles: ${importCycles(graph).length}`,
    ...describeCycles(importCycles(graph)).map((chain) => `  ${chain}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
});

/** One line per chain, so a failure shows the way round: `a.ts → b.ts → a.ts`. */
function describeCycles(cycles: readonly (readonly string[])[]): string[] {
  return cycles.map((chain) => chain.join(' → '));
}

describe('layering', () => {
  it('finds the domain modules', () => {
    expect(domainModules.length).toBeGreaterThan(20);
  });

  it.each(['shared/http', 'shared/workers', 'shared/adapters', 'shared/contracts', 'shared/presenters', 'functions', 'lib', 'local'])(
    'no domain module imports from %s',
    (layer) => {
      const offenders = domainModules.flatMap((file) =>
        (graph.get(file) ?? []).filter((target) => target.startsWith(`${layer}/`)).map((target) => `${file} → ${target}`),
      );
      expect(offenders).toEqual([]);
    },
  );

  // ADR 0021: a handler gets its stores from its area's <area>Dependencies(), never builds one.
  it('no function imports a DynamoDB adapter', () => {
    const offenders = [...graph].flatMap(([file, targets]) =>
      file.startsWith('functions/')
        ? targets.filter((target) => target.startsWith('shared/adapters/dynamodb/')).map((target) => `${file} → ${target}`)
        : [],
    );
    expect(offenders).toEqual([]);
  });

  // ADR 0022: every JSON answer is built by a presenter. The pages answer HTML, and the OpenAPI
  // document is built whole at bundle time: they have no domain object to present.
  it('every route handler answers through a presenter, but the pages and the OpenAPI document', () => {
    const NOTHING_TO_PRESENT = ['get-api-docs', 'get-booking-page', 'get-console', 'get-openapi'];
    const routeHandlers = [...graph.keys()].filter(
      (file) => /^functions\/[^/]+\/handler\.ts$/.test(file) && (graph.get(file) ?? []).includes('shared/http/handler.ts'),
    );
    expect(routeHandlers.length).toBeGreaterThan(40);
    const without = routeHandlers
      .filter((file) => !(graph.get(file) ?? []).some((target) => target.startsWith('shared/presenters/')))
      .map((file) => file.split('/')[1]);
    expect(without).toEqual(NOTHING_TO_PRESENT);
  });

  // One envelope: the presenters build every body (shared/presenters/responses.ts holds the
  // envelope), so a handler returns what its presenter gives it and never lays out `data`, `meta`
  // or `pagination` itself.
  it('no route handler builds the envelope of its answer', () => {
    const handlers = [...graph.keys()].filter((file) => /^functions\/[^/]+\/handler\.ts$/.test(file));
    const offenders = handlers.filter((file) => {
      const code = readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8').replace(/<[^>]*>/g, '');
      return /[{,]\s*(data|meta|pagination)\s*[:,}]|\.\.\.page\b/.test(code);
    });
    expect(handlers.length).toBeGreaterThan(40);
    expect(offenders).toEqual([]);
  });

  // ADR 0162: what a module reads (a stored item, a replayed answer) is validated, not cast; a
  // double cast through unknown is the one TypeScript never questions, so none is left in the code
  // that deploys.
  it('no module of shared/ or functions/ casts through unknown', () => {
    const modules = [...graph.keys()].filter((file) => /^(shared|functions)\//.test(file) && file.endsWith('.ts'));
    expect(modules.length).toBeGreaterThan(100);
    const offenders = modules.filter((file) => /\bas\s+unknown\s+as\b/.test(readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  // ADR 0172: every store decodes its items through its schema of the stored shape (or, on the
  // authorizer's path, attribute by attribute); a cast to an item type reads a row unchecked.
  it('no DynamoDB adapter casts what it read to an item type', () => {
    const adapters = [...graph.keys()].filter((file) => file.startsWith('shared/adapters/dynamodb/'));
    expect(adapters.length).toBeGreaterThan(30);
    const offenders = adapters.filter((file) => ITEM_CAST.test(readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('recognises a cast to an item type, and only that', () => {
    const casts = ['item as CallItem', 'result.Item as TicketItem | undefined', 'x as  SendItem;', 'attributes as Partial<BucketItem>'];
    expect(casts.map((line) => ITEM_CAST.test(line))).toEqual([true, true, true, true]);
    const others = ['satisfies CallItem', 'satisfies Partial<CallItem>', 'as Items', 'as Partial<Items>', 'as const', 'const asItem = 1'];
    expect(others.map((line) => ITEM_CAST.test(line))).toEqual([false, false, false, false, false, false]);
  });

  it('finds the presenters', () => {
    expect(presenterModules.length).toBeGreaterThan(10);
  });

  // Presenters turn domain objects into wire shapes: pure mappings, never storage or transport.
  it.each(['shared/http', 'shared/workers', 'shared/adapters', 'shared/ports', 'functions', 'lib', 'local'])(
    'no presenter imports from %s',
    (layer) => {
      const offenders = presenterModules.flatMap((file) =>
        (graph.get(file) ?? []).filter((target) => target.startsWith(`${layer}/`)).map((target) => `${file} → ${target}`),
      );
      expect(offenders).toEqual([]);
    },
  );

  // Item types are the adapters' own: the domain, presenters and handlers see domain objects only.
  it("only DynamoDB adapters and their tests import the stores' item modules", () => {
    const itemModules = [...graph.keys()].filter((file) => /^shared\/adapters\/dynamodb\/.*-items\.ts$/.test(file));
    const offenders = [...graph].flatMap(([file, targets]) =>
      file.startsWith('shared/adapters/dynamodb/') || file.startsWith('test/')
        ? []
        : targets.filter((target) => itemModules.includes(target)).map((target) => `${file} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  // ADR 0040: a lifecycle event is due in the outbox in its change's own write; only the outbox's
  // publisher (publish-events) puts events on the bus, so no event can be published without its change.
  it('only the outbox publisher reaches the event bus', () => {
    expect(graph.get('shared/adapters/runtime/outbox-dependencies.ts')).toContain('shared/adapters/runtime/event-bus.ts');
    const offenders = [...graph].flatMap(([file, targets]) =>
      (file.startsWith('shared/') || file.startsWith('functions/')) && file !== 'shared/adapters/runtime/outbox-dependencies.ts'
        ? targets.filter((target) => target === 'shared/adapters/runtime/event-bus.ts').map((target) => `${file} → ${target}`)
        : [],
    );
    expect(offenders).toEqual([]);
  });

  it('no module imports itself back through a chain of imports (type-only imports and import() included)', () => {
    expect(describeCycles(importCycles(graph))).toEqual([]);
  });
});

describe('the import cycle finder', () => {
  const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

  it('reports a group of modules that reach each other as its shortest chain from its first module', () => {
    const cycles = importCycles(
      graphOf({
        'shared/routes.ts': ['shared/route-table/a.ts'],
        'shared/route-table/a.ts': ['shared/route-table/b.ts', 'shared/auth/permissions.ts'],
        'shared/route-table/b.ts': ['shared/routes.ts', 'shared/route-table/a.ts'],
        'shared/auth/permissions.ts': [],
      }),
    );
    expect(describeCycles(cycles)).toEqual(['shared/route-table/a.ts → shared/route-table/b.ts → shared/route-table/a.ts']);
  });

  it('reports each separate cycle once, and a module that imports itself', () => {
    const cycles = importCycles(
      graphOf({
        'a.ts': ['b.ts'],
        'b.ts': ['a.ts'],
        'c.ts': ['d.ts'],
        'd.ts': ['e.ts'],
        'e.ts': ['c.ts'],
        'f.ts': ['f.ts'],
      }),
    );
    expect(describeCycles(cycles)).toEqual(['a.ts → b.ts → a.ts', 'c.ts → d.ts → e.ts → c.ts', 'f.ts → f.ts']);
  });

  it('reads type-only imports, re-exports, side-effect imports, import() and #shared/ aliases as imports', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'import-graph-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), text);
      };
      write('shared/a.ts', "import type { B } from './b';\nexport type { C } from '#shared/c';\nimport 'zod';\n");
      write('shared/b.ts', "import './d';\nconst e = () => import('./e/index');\n");
      write('shared/c.ts', 'export type C = 1;\n');
      write('shared/d.ts', "import {\n  type A,\n} from './a';\n");
      write('shared/e/index.ts', '');
      const graph = importGraph(['shared'], root);
      expect(graph.get('shared/a.ts')).toEqual(['shared/b.ts', 'shared/c.ts']);
      expect(graph.get('shared/b.ts')).toEqual(['shared/d.ts', 'shared/e/index.ts']);
      expect(describeCycles(importCycles(graph))).toEqual(['shared/a.ts → shared/b.ts → shared/d.ts → shared/a.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('finds nothing in a graph whose imports all point one way', () => {
    expect(importCycles(graphOf({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }))).toEqual([]);
  });
});
