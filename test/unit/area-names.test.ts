import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ROUTES } from '#shared/routes';
import { importGraph, REPOSITORY_ROOT } from '../support/import-graph';

/**
 * One name per area. The files of shared/route-table/ name the areas (each the word the API gives
 * it: its tag, its path), and every folder that holds one file or folder per area uses that word:
 * `<area>`, or `<area>-<aspect>` (the singular is fine before an aspect: `sms-campaign-store.ts`,
 * `call-detail.ts`). What serves several areas, or none, is listed below by folder, with why; a
 * new file is either named after its area or added to a list on purpose. Unit and integration tests
 * mirror their sources' paths (test/unit/test-layout.test.ts), so they follow.
 */
const AREAS = [
  ...readdirSync(path.join(REPOSITORY_ROOT, 'shared/route-table'))
    .map((file) => file.replace(/\.ts$/, ''))
    .filter((name) => name !== 'route-definition'),
];

/** Modules of an area folder that are no area's own: the folder's plumbing, or what several areas share. */
const NOT_AN_AREA: Readonly<Record<string, readonly string[]>> = {
  // The contract machinery, the blocks every contract uses, and the registry of all of them.
  'shared/contracts': ['contract', 'headers', 'responses', 'index'],
  'shared/presenters': ['responses'],
  'shared/openapi/examples': ['index', 'types'],
  // Event payload schemas, one per event type (named by the event, as published).
  'shared/events': ['schemas'],
  'shared/domain': [
    // Rules of every request or write: claims for exactly-once effects, retries, stored sizes,
    // rate limits, keys and who a key is (tenancy), phones, local days, lists' leading rows.
    ...['claims', 'retry', 'stored-size', 'rate-limit', 'key-service', 'identity-resolver', 'tenancy'],
    ...['phone', 'phone-metadata', 'phone-numbers', 'e164-reader', 'nanp-numbers', 'nanp-plans-data', 'local-days', 'leading-rows'],
    // People's text (names, addresses, notes) kept without control characters, whatever the area.
    'plain-text',
    // The outbox every lifecycle event leaves through, and the rollups analytics and funnels read.
    ...['outbox', 'rollups'],
    // The rules every text obeys, campaign or not: calling and quiet hours, holidays, frequency
    // caps, revocation keywords, segments. No route is called `sms`; see ADR 0023.
    'sms',
  ],
  'shared/ports': [
    ...['event-bus', 'message-queue', 'outbox', 'scheduler', 'secret-store', 'authorizer-cache', 'rate-limit-store'],
    ...['tenancy-store', 'rollup-store', 'provider-errors'],
    // Providers and records several areas reach: the field-service system and its settings
    // (widget bookings, schedulers' booking requests), the SMS provider and the texting settings
    // and sending rate every text shares, the recordings behind calls.
    ...['field-service', 'field-service-config-store', 'booking-request-store', 'recording-source'],
    ...['sms-provider', 'messaging-config-store', 'send-pacer'],
  ],
  'shared/adapters/dynamodb': [
    ...['client', 'tables', 'query', 'offset-query', 'batch-write', 'transact', 'counters', 'keys', 'time-range', 'stored-members'],
    ...['authorizer-cache-epoch', 'outbox', 'rate-limit-store', 'tenancy-store', 'tenancy-items', 'rollup-store'],
    ...['field-service-config-store', 'booking-request-store'],
    // The opt-outs and frequency caps every text obeys, and the shared sending rate.
    ...['messaging-config-store', 'send-pacer', 'suppression-list', 'cap-ledger'],
  ],
  'shared/adapters/runtime': [
    // Slots, environment and the resources behind every area's dependencies.
    ...['slot', 'resource-env', 'queue-env', 'queues', 'event-bus', 'scheduler', 'secrets'],
    ...['field-service', 'recording-source', 'sms-provider'],
    ...['tenancy-dependencies', 'outbox-dependencies', 'rollup-dependencies'],
  ],
  // An area's own page is docs/<area>.md; these pages are about the whole service (or, for
  // sms-compliance, the texting rules of shared/domain/sms).
  docs: [
    ...['README', 'adr', 'api', 'architecture', 'contributing', 'data-model', 'guarantees', 'faults', 'benchmarks'],
    ...['deploying', 'operations', 'operator-cli', 'local-runtime', 'sms-compliance'],
  ],
};

/** The area a module name belongs to: the longest area whose name (or singular) it is or starts with. */
function areaOf(name: string): string | undefined {
  const matches = AREAS.filter((area) => {
    const singular = area.replace(/s$/, '');
    return name === area || name.startsWith(`${area}-`) || name.startsWith(`${singular}-`);
  });
  return matches.sort((a, b) => b.length - a.length)[0];
}

function moduleNames(folder: string): string[] {
  return readdirSync(path.join(REPOSITORY_ROOT, folder)).map((entry) => entry.replace(/\.(ts|json|md)$/, ''));
}

/** The area of a repository file in one of the area folders (`shared/contracts/call-detail.ts` → calls). */
function areaOfFile(file: string): string | undefined {
  return areaOf(path.posix.basename(file).replace(/\.ts$/, ''));
}

function routeIdsDeclaredIn(file: string): string[] {
  const text = readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8');
  return [...text.matchAll(/\bid: '([A-Za-z]+)'|\brouteId: '([A-Za-z]+)'|^ {2}([A-Za-z]+): \{$/gm)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** Route id → the area of the file that declares it, for the files of one folder. */
function declaringAreas(folder: string): Map<string, string | undefined> {
  const byRoute = new Map<string, string | undefined>();
  for (const name of moduleNames(folder).filter((n) => !(NOT_AN_AREA[folder] ?? []).includes(n))) {
    for (const id of routeIdsDeclaredIn(`${folder}/${name}.ts`)) byRoute.set(id, areaOf(name));
  }
  return byRoute;
}

const routeArea = declaringAreas('shared/route-table');

describe('area names', () => {
  it('reads the areas from the route table', () => {
    expect(AREAS).toEqual(expect.arrayContaining(['sms-campaigns', 'voice', 'widget', 'webhooks']));
    expect(ROUTES.every((route) => routeArea.get(route.id) !== undefined)).toBe(true);
  });

  it.each(Object.keys(NOT_AN_AREA))('every module of %s is named after its area, or listed as no area', (folder) => {
    const unnamed = moduleNames(folder).filter((name) => !(NOT_AN_AREA[folder] ?? []).includes(name) && areaOf(name) === undefined);
    expect(unnamed).toEqual([]);
  });

  it.each(Object.keys(NOT_AN_AREA))('every module listed as no area of %s exists', (folder) => {
    const names = moduleNames(folder);
    expect((NOT_AN_AREA[folder] ?? []).filter((name) => !names.includes(name))).toEqual([]);
  });

  it('every area file of the route table holds one API tag, and no tag spans two areas', () => {
    const tagsByArea = new Map<string, Set<string>>();
    for (const route of ROUTES) {
      const area = routeArea.get(route.id) ?? '';
      tagsByArea.set(area, (tagsByArea.get(area) ?? new Set()).add(route.tag));
    }
    const tags = [...tagsByArea.values()].flatMap((set) => [...set]);
    expect([...tagsByArea].filter(([, set]) => set.size !== 1).map(([area, set]) => `${area}: ${[...set].join(', ')}`)).toEqual([]);
    expect(tags.filter((tag, i) => tags.indexOf(tag) !== i)).toEqual([]);
  });

  it.each(['shared/contracts', 'shared/openapi/examples'])("a route's entry in %s sits in its area's file", (folder) => {
    const declared = declaringAreas(folder);
    const elsewhere = [...declared]
      .filter(([id, area]) => routeArea.has(id) && area !== routeArea.get(id))
      .map(([id, area]) => `${id}: ${area ?? 'no area'}, route table: ${routeArea.get(id)}`);
    expect(elsewhere).toEqual([]);
    expect(ROUTES.filter((route) => folder === 'shared/contracts' && !declared.has(route.id)).map((r) => r.id)).toEqual([]);
  });

  it("a route's handler takes its contract and presenter from its area's files", () => {
    const graph = importGraph(['functions', 'shared/contracts', 'shared/presenters']);
    const offenders = ROUTES.flatMap((route) => {
      const handler = `functions/${route.functionName}/handler.ts`;
      const areaImports = (graph.get(handler) ?? []).filter((target) => {
        const [top, folder, name] = target.split('/');
        if (top !== 'shared' || (folder !== 'contracts' && folder !== 'presenters')) return false;
        return !(NOT_AN_AREA[`shared/${folder}`] ?? []).includes((name ?? '').replace(/\.ts$/, ''));
      });
      return areaImports
        .filter((target) => areaOfFile(target) !== routeArea.get(route.id))
        .map((target) => `${handler} (${route.id}) → ${target}`);
    });
    expect(offenders).toEqual([]);
  });

  it('names a module by the longest area it starts with, singular or plural', () => {
    expect(areaOf('sms-campaign-store')).toBe('sms-campaigns');
    expect(areaOf('call-detail')).toBe('calls');
    expect(areaOf('scheduler')).toBeUndefined();
    expect(areaOf('campaign-store')).toBeUndefined();
    expect(areaOf('responder')).toBeUndefined();
  });
});
