import type { Identity } from '#shared/auth/identity';
import { type IngestRequest, type IngestResult, ingestLead } from '#shared/domain/intake/ingest';
import type { IntakeConfigInput } from '#shared/domain/intake/intake-config';
import { DomainError } from '#shared/errors';
import { type HttpError, toHttpError } from '#shared/http/errors';
import { identity } from './factories';
import {
  InMemoryIntakeConfigs,
  InMemoryIntakeStore,
  RecordingEventBus,
  RecordingQueue,
  RecordingScheduler,
  team,
  tenancyOf,
} from './intake-fakes';

/**
 * The world of the ingestLead unit tests (test/unit/shared/domain/intake/ingest.*.test.ts): three teams, two keys, a
 * fixed instant, in-memory ports, and helpers that read a refusal the way the intake API answers it.
 */

/** Enterprise 1: the anchor team (New York) and a sibling (Chicago); enterprise 2: a foreign team. */
export const ANCHOR = team({ id: 10, enterpriseId: 1, timezone: 'America/New_York' });
export const SIBLING = team({ id: 11, enterpriseId: 1, timezone: 'America/Chicago' });
export const FOREIGN = team({ id: 20, enterpriseId: 2, timezone: 'America/Los_Angeles' });

export const singleTeamKey = identity({
  keyType: 'enterprise',
  scope: { kind: 'team', id: ANCHOR.id },
  anchorTeamId: ANCHOR.id,
  enterpriseId: 1,
  teamIds: [ANCHOR.id],
  testTeamIds: [],
  enterpriseIds: [1],
});
export const allTeamsKey: Identity = identity({
  keyType: 'enterprise_all_teams',
  scope: { kind: 'enterprise', id: 1 },
  anchorTeamId: ANCHOR.id,
  enterpriseId: 1,
  teamIds: [ANCHOR.id, SIBLING.id],
  testTeamIds: [],
  enterpriseIds: [1],
});

/** Tuesday 2026-11-24 15:00 UTC = 10:00 in New York. */
export const NOW = new Date('2026-11-24T15:00:00.000Z');

export const basic = { name: 'Dana Whitfield', phone: '(212) 555-0199' };

export function setup(configs: Record<number, IntakeConfigInput> = {}) {
  // The outbox's events reach the bus as soon as their write commits (as the publish-events consumer sends them).
  const eventBus = new RecordingEventBus();
  const deps = {
    tenancy: tenancyOf([ANCHOR, SIBLING, FOREIGN]),
    configs: new InMemoryIntakeConfigs(),
    intake: new InMemoryIntakeStore(eventBus),
    outreachQueue: new RecordingQueue(),
    scheduler: new RecordingScheduler(),
    eventBus,
  };
  for (const [teamId, config] of Object.entries(configs)) deps.configs.set(Number(teamId), config);
  const ingest = (payload: Record<string, unknown>, options: Partial<Omit<IngestRequest, 'payload'>> = {}) =>
    ingestLead(deps, { identity: singleTeamKey, now: NOW, testMode: false, payload, ...options });
  return { deps, ingest };
}

export function created(result: IngestResult) {
  if (result.kind !== 'created') throw new Error(`expected a created lead, got ${result.kind}`);
  return result;
}

/** The typed domain error an ingest was refused with. */
export async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the ingest to be refused');
}

/** The refusal as the intake API answers it: status, code, message, field and details. */
export function answered(error: DomainError): HttpError {
  const http = toHttpError(error);
  if (!http) throw new Error(`${error.name} has no HTTP answer`);
  return http;
}
