import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { REPOSITORY_ROOT, SOURCE_FOLDERS, sourceFiles } from '../support/import-graph';

/**
 * Size limits of the code people read: no source file over 400 lines, no function over 60, so a
 * module holds one concern and a function fits on a screen. The length of data files (`*data.ts`,
 * fixtures) and declaration files is what they hold, not how they work, so only their functions
 * are measured; JSON and tests are left out. The page scripts (`pages/**.js`) and ES module
 * scripts (`bin/*.mjs`) are measured too; they are plain JavaScript, which the TypeScript parser
 * reads as well.
 */
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 60;

/**
 * Files and functions over the limits today, each with why it is still here and when it goes.
 * An entry that no longer exceeds its limit fails the test too, so the lists only shrink.
 */
const ALLOWED_LONG_FILES = new Map<string, string>([]);

/** Why a group of functions is still long; each goes when its group is split. */
const WHY = {
  stack: 'a construct wiring its resources in order; goes when each concern is a construct of its own',
  schema: 'a zod schema declaration, as long as its field list; goes when the field list is declared once per shape',
  domain: 'a domain rule written as one sequence; goes when it is split into its steps',
  adapter: 'a store write or read with its retries; goes when the steps are split',
  local: 'the local emulation started or served in one closure; goes when each service is a module with start/stop',
  demo: 'demo data generated in one pass; goes when the demo generators are split by record kind',
  bench: 'a benchmark section run top to bottom; goes when sections share a measure/report skeleton',
  cli: 'the admin CLI entry point; goes when parsing, dispatch and output are split',
} as const;

const ALLOWED_LONG_FUNCTIONS = new Map<string, string>([
  ['bin/admin/main.ts:runAdmin', WHY.cli],
  ['lib/api.ts:SurfaceApi.constructor', WHY.stack],
  ['lib/observability.ts:ServiceObservability.constructor', WHY.stack],
  ['lib/service.ts:Service.constructor', WHY.stack],
  ['lib/streams.ts:StreamConsumers.constructor', WHY.stack],
  ['shared/adapters/dynamodb/intake-store.ts:createLead', WHY.adapter],
  ['shared/adapters/dynamodb/rollup-store.ts:commit', WHY.adapter],
  ['shared/adapters/dynamodb/time-range.ts:readTimeOrderedMerged', WHY.adapter],
  ['shared/contracts/calls.ts:call > callback', WHY.schema],
  ['shared/domain/voice/call-report.ts:endOfCallReportSchema > callback', WHY.schema],
  ['shared/domain/intake/complete-outreach.ts:completeOutreach', WHY.domain],
  ['shared/domain/intake/field-mapping.ts:applyFieldMapping', WHY.domain],
  ['shared/domain/intake/place-outreach-call.ts:placeOutreachCall', WHY.domain],
  ['shared/domain/key-service.ts:createApiKey', WHY.domain],
  ['shared/domain/sms-campaigns/campaign-plan.ts:planCampaign', WHY.domain],
  ['shared/domain/sms-campaigns/send-chunk.ts:sendChunk', WHY.domain],
  ['shared/domain/voice/process-report.ts:processCallReport', WHY.domain],
  ['shared/presenters/analytics.ts:presentSchedulerAnalytics', 'the analytics body, block by block'],
  ['local/cli/service.ts:startLocalService', WHY.local],
  ['local/cli/start.ts:main', WHY.local],
  ['local/dynamodb/embedded.ts:startWorker', WHY.local],
  ['local/dynamodb/stream-writes.ts:batchWriteItem', WHY.local],
  ['local/dynamodb/streams-api.ts:streamsApi', WHY.local],
  ['local/gateway/server.ts:startLocalGateway', WHY.local],
  ['local/gateway/server.ts:handle', WHY.local],
  ['local/runtime/adapters.ts:startLocalAdapters', WHY.local],
  ['local/demo/calls.ts:generateCalls', WHY.demo],
  ['local/demo/campaigns.ts:seedDemoCampaigns', WHY.demo],
  ['local/demo/intake-configs.ts:demoIntakeConfigs', WHY.demo],
  ['local/demo/leads.ts:generateLeads', WHY.demo],
  ['local/demo/sessions.ts:generateSessions', WHY.demo],
  ['bench/analytics.ts:run', WHY.bench],
  ['bench/bundles.ts:run', WHY.bench],
  ['bench/cross-team.ts:run', WHY.bench],
  ['bench/gateway.ts:run', WHY.bench],
  ['bench/intake.ts:run', WHY.bench],
  ['bench/limits.ts:run', WHY.bench],
  ['bench/load-generator.ts:runLoad', WHY.bench],
  ['bench/rollups.ts:run', WHY.bench],
  ['bench/sms.ts:run', WHY.bench],
  ['bench/widget.ts:run', WHY.bench],
]);

const PAGE_FOLDERS = ['pages'] as const;

/** A data module (`*-data.ts`, `data.ts`), a declaration file or a fixture; not a name that merely ends in "data" (`phone-metadata.ts`). */
function isData(file: string): boolean {
  return /(^|[/.-])data\.ts$|\.d\.ts$|(^|\/)fixtures?\//.test(file);
}

/** Every source file and script outside the tests, data files included (their functions are measured). */
function measuredFiles(): string[] {
  return [...SOURCE_FOLDERS, ...PAGE_FOLDERS]
    .flatMap((folder) => sourceFiles(path.join(REPOSITORY_ROOT, folder), ['.ts', '.js', '.mjs']))
    .map((file) => path.relative(REPOSITORY_ROOT, file))
    .filter((file) => !file.startsWith('test/'));
}

function lineCount(text: string): number {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

/**
 * A function's name as a reader finds it: its own, or the variable, property or method holding it;
 * a callback is named after the nearest named thing around it (`CALL_REPORT > callback`).
 */
function functionName(node: ts.Node, source: ts.SourceFile): string {
  const own = ownName(node, source);
  if (own !== undefined) return own;
  for (let outer = node.parent; outer !== undefined; outer = outer.parent) {
    const name = ownName(outer, source);
    if (name !== undefined) return `${name} > callback`;
  }
  return 'callback';
}

function ownName(node: ts.Node, source: ts.SourceFile): string | undefined {
  if (ts.isConstructorDeclaration(node)) return `${ownName(node.parent, source) ?? 'class'}.constructor`;
  if (
    (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isFunctionExpression(node) || ts.isClassDeclaration(node)) &&
    node.name
  ) {
    return node.name.getText(source);
  }
  if (ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)) return node.name.getText(source);
  const parent = node.parent;
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && parent !== undefined) {
    if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
      return parent.name.getText(source);
    }
  }
  return undefined;
}

/** The body of a top-level `(() => { ... })()` or `(function () { ... })()`, or undefined. */
function scriptWrapper(node: ts.Node, source: ts.SourceFile): ts.Node | undefined {
  if (!ts.isExpressionStatement(node) || node.parent !== source || !ts.isCallExpression(node.expression)) return undefined;
  let callee: ts.Expression = node.expression.expression;
  while (ts.isParenthesizedExpression(callee)) callee = callee.expression;
  return ts.isArrowFunction(callee) || ts.isFunctionExpression(callee) ? callee.body : undefined;
}

/** Every function-like node with a body, measured from its first line to its last. */
function longFunctions(file: string, text: string): { name: string; lines: number }[] {
  const kind = /\.m?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node): void => {
    // A page script wrapped whole in `(() => { ... })()` is a scope, not a function to read: its
    // own functions are measured instead.
    const wrapper = scriptWrapper(node, source);
    if (wrapper) {
      ts.forEachChild(wrapper, visit);
      return;
    }
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_FUNCTION_LINES) found.push({ name: functionName(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = measuredFiles();
const texts = new Map(files.map((file) => [file, readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8')]));

describe('source size', () => {
  it('finds the source files and page scripts', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain('pages/console/console.js');
    expect(files).toContain('bin/admin.mjs');
    expect(files).toContain('shared/domain/voice/intent-rules-data.ts');
  });

  it('exempts the length of data modules only, not of a script whose name ends in "data"', () => {
    const files = ['shared/domain/voice/intent-rules-data.ts', 'local/demo/data.ts', 'shared/x.d.ts', 'test/fixtures/a.ts'];
    expect(files.filter(isData)).toEqual(files);
    expect(['bin/phone-metadata.ts', 'shared/domain/metadata.ts'].filter(isData)).toEqual([]);
  });

  it('names a long function, method or callback by what holds it', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `export function long() {\n${body(MAX_FUNCTION_LINES)}\n}`,
      `export const arrow = () => {\n${body(MAX_FUNCTION_LINES)}\n};`,
      `class Store {\n  write() {\n${body(MAX_FUNCTION_LINES)}\n  }\n}`,
      `export const schema = make(() => {\n${body(MAX_FUNCTION_LINES)}\n});`,
      `export function short() {\n${body(MAX_FUNCTION_LINES - 2)}\n}`,
    ].join('\n');
    expect(longFunctions('example.ts', text).map(({ name }) => name)).toEqual(['long', 'arrow', 'write', 'schema > callback']);
  });

  it('measures the functions inside a page script wrapped whole in one function', () => {
    const inner = Array.from({ length: MAX_FUNCTION_LINES }, () => '    draw();').join('\n');
    const text = `(() => {\n  function render() {\n${inner}\n  }\n  render();\n})();\n`;
    expect(longFunctions('page.js', text).map(({ name }) => name)).toEqual(['render']);
  });

  it(`keeps every source file within ${MAX_FILE_LINES} lines`, () => {
    const offenders = files
      .filter((file) => !isData(file) && !ALLOWED_LONG_FILES.has(file))
      .map((file) => ({ file, lines: lineCount(texts.get(file) ?? '') }))
      .filter(({ lines }) => lines > MAX_FILE_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(offenders).toEqual([]);
  });

  it(`keeps every function within ${MAX_FUNCTION_LINES} lines`, () => {
    const offenders = files.flatMap((file) =>
      longFunctions(file, texts.get(file) ?? '')
        .filter(({ name }) => !ALLOWED_LONG_FUNCTIONS.has(`${file}:${name}`))
        .map(({ name, lines }) => `${file}:${name}: ${lines} lines`),
    );
    expect(offenders).toEqual([]);
  });

  it('allows only files and functions that are still over the limits', () => {
    const stale = [
      ...[...ALLOWED_LONG_FILES.keys()].filter((file) => lineCount(texts.get(file) ?? '') <= MAX_FILE_LINES),
      ...[...ALLOWED_LONG_FUNCTIONS.keys()].filter((entry) => {
        const [file = '', name] = entry.split(':');
        return !longFunctions(file, texts.get(file) ?? '').some((found) => found.name === name);
      }),
    ];
    expect(stale).toEqual([]);
  });
});
