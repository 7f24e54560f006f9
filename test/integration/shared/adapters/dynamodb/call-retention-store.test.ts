import { randomUUID } from 'node:crypto';
import { DynamoCallRetentionStore } from '#shared/adapters/dynamodb/call-retention-store';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { KEEP_EVERYTHING, retentionAudit, sweepRetention } from '#shared/domain/call-retention';
import type { CallRecord } from '#shared/domain/calls';
import type { Team } from '#shared/domain/tenancy';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { storedCall } from '../../../../support/call-fixture';
import { startEmulator } from '../../../../support/emulator';
import { createTenancyFixture, type TenancyFixture } from '../../../../support/tenancy-fixture';

/**
 * The retention sweep on the embedded DynamoDB: expired transcripts and recording references are
 * removed from the calls, the calls keep every other field, unexpired ones stay, another team's
 * calls are untouched, and a second run removes nothing.
 */
let dynamo: LocalDynamo;
let fixture: TenancyFixture;
let calls: DynamoCallStore;
let sweeper: DynamoCallRetentionStore;
const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const operator = { kind: 'operator', osUser: 'ops' } as const;

beforeAll(async () => {
  dynamo = await startEmulator();
  fixture = await createTenancyFixture();
  calls = new DynamoCallStore(getDocumentClient(), physicalTableName('calls'));
  sweeper = new DynamoCallRetentionStore(getDocumentClient(), physicalTableName('calls'));
});
afterAll(() => dynamo.stop());

function callOf(team: Team, daysAgo: number): CallRecord {
  return { ...storedCall, call_id: randomUUID(), team_id: team.id, started_at: new Date(NOW.getTime() - daysAgo * DAY).toISOString() };
}

const deps = () => ({ teams: fixture.store, calls: sweeper });

describe('sweepRetention', () => {
  it('removes what has expired, keeps the rest and the other fields, leaves other teams alone, and is idempotent', async () => {
    const { own, sibling } = fixture.teams;
    const old = callOf(own, 40);
    const middle = callOf(own, 10);
    const recent = callOf(own, 1);
    const siblingOld = callOf(sibling, 40);
    await calls.putCalls([old, middle, recent, siblingOld]);
    const setting = { transcriptDays: 30, recordingDays: 7 };
    await fixture.store.setTeamRetention(own.id, setting, retentionAudit(own, KEEP_EVERYTHING, setting, operator, NOW));

    const first = await sweepRetention(deps(), NOW);
    expect(first).toMatchObject({ transcriptsRemoved: 1, recordingsRemoved: 2 });

    const { turns: _t, turns_trimmed: _tt, ...withoutTurns } = old;
    expect(await calls.getCall(own.id, old.call_id)).toEqual({ ...withoutTurns, transcript: null, recording_url: null });
    expect(await calls.getCall(own.id, middle.call_id)).toEqual({ ...middle, recording_url: null });
    expect(await calls.getCall(own.id, recent.call_id)).toEqual(recent);
    // The sibling keeps everything: its calls are not read under another team's setting.
    expect(await calls.getCall(sibling.id, siblingOld.call_id)).toEqual(siblingOld);

    expect(await sweepRetention(deps(), NOW)).toMatchObject({ transcriptsRemoved: 0, recordingsRemoved: 0 });
    expect(await calls.getCall(own.id, recent.call_id)).toEqual(recent);
  });

  it('reads the current setting: a shortened one removes more on the next run; keep stops the sweep', async () => {
    const { foreign } = fixture.teams;
    const call = callOf(foreign, 5);
    await calls.putCalls([call]);
    const long = { transcriptDays: 30, recordingDays: null };
    await fixture.store.setTeamRetention(foreign.id, long, retentionAudit(foreign, KEEP_EVERYTHING, long, operator, NOW));
    await sweepRetention(deps(), NOW);
    expect((await calls.getCall(foreign.id, call.call_id))?.transcript).toBe(storedCall.transcript);

    const short = { transcriptDays: 2, recordingDays: null };
    await fixture.store.setTeamRetention(foreign.id, short, retentionAudit(foreign, long, short, operator, NOW));
    await sweepRetention(deps(), NOW);
    expect((await calls.getCall(foreign.id, call.call_id))?.transcript).toBeNull();
    expect((await calls.getCall(foreign.id, call.call_id))?.recording_url).toBe(storedCall.recording_url);

    await fixture.store.setTeamRetention(foreign.id, KEEP_EVERYTHING, retentionAudit(foreign, short, KEEP_EVERYTHING, operator, NOW));
    expect(await fixture.store.listRetentionTeamIds()).not.toContain(foreign.id);
  });
});
