import { randomUUID } from 'node:crypto';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { getTeamCall } from '#shared/domain/call-detail';
import { listTeamTransfers } from '#shared/domain/call-transfers';
import type { CallRecord } from '#shared/domain/calls';
import { recordTransferUpdate, transferUpdateSchema } from '#shared/domain/voice/transfer-update';
import { NotFoundError } from '#shared/errors';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { storedCall } from '../../../support/call-fixture';
import { startEmulator } from '../../../support/emulator';

let dynamo: LocalDynamo;
let calls: DynamoCallStore;

beforeAll(async () => {
  dynamo = await startEmulator();
  calls = new DynamoCallStore(getDocumentClient(), physicalTableName('calls'), physicalTableName('leads'));
});
afterAll(() => dynamo.stop());

const NOW = new Date('2026-11-24T15:00:00.000Z');
let nextTeam = 900;

const update = (providerCallId: string, timestamp: number | undefined, number = '+14155550190') =>
  transferUpdateSchema().parse({
    message: { type: 'transfer-update', call: { id: providerCallId }, timestamp, destination: { type: 'number', number } },
  });

describe('transfers in DynamoDB', () => {
  it('stores racing and redelivered copies of a transfer exactly once, in the call and in the feed', async () => {
    const teamId = nextTeam++;
    const providerCallId = `prov_${randomUUID()}`;
    const message = update(providerCallId, NOW.getTime() - 5000);
    // Redeliveries arrive later (another receive time): the transfer's id and time do not depend on it.
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        recordTransferUpdate(calls, { update: message, teamId, now: new Date(NOW.getTime() + i * 1000) }),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transfer.transfer_id)).size).toBe(1);
    expect(await calls.listCallTransfers(teamId, providerCallId)).toHaveLength(1);
    const feed = await calls.listTransfersByOffset({
      teamId,
      offset: 0,
      limit: 10,
      start: '2026-11-01T00:00:00.000Z',
      end: '2026-12-01T00:00:00.000Z',
    });
    expect(feed).toHaveLength(1);
  });

  it('keeps two transfers of one call to different places, and an untimed transfer once however often it arrives', async () => {
    const teamId = nextTeam++;
    const providerCallId = `prov_${randomUUID()}`;
    await recordTransferUpdate(calls, { update: update(providerCallId, undefined), teamId, now: NOW });
    const again = await recordTransferUpdate(calls, {
      update: update(providerCallId, undefined),
      teamId,
      now: new Date(NOW.getTime() + 60_000),
    });
    expect(again.created).toBe(false);
    await recordTransferUpdate(calls, { update: update(providerCallId, undefined, '+14155550191'), teamId, now: NOW });
    expect((await calls.listCallTransfers(teamId, providerCallId)).map((t) => t.destination.number).sort()).toEqual([
      '+14155550190',
      '+14155550191',
    ]);
  });

  it('pages the feed newest first, reading offset + limit + 1 rows, with call ids null before the report', async () => {
    const teamId = nextTeam++;
    const ids = Array.from({ length: 5 }, () => `prov_${randomUUID()}`);
    for (const [i, id] of ids.entries())
      await recordTransferUpdate(calls, { update: update(id, NOW.getTime() - i * 60_000), teamId, now: NOW });
    const range = { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' };
    const seen: string[] = [];
    for (let offset = 0; offset < 5; offset += 2) {
      const rows = await listTeamTransfers(calls, { teamId, ...range, offset, limit: 2 });
      expect(rows.length > 2).toBe(offset + 2 < 5);
      for (const { transfer, callId } of rows.slice(0, 2)) {
        expect(callId).toBeNull();
        seen.push(transfer.provider_call_id);
      }
    }
    expect(seen).toEqual(ids);
  });

  it('finds a call by id only in its own team', async () => {
    const teamId = nextTeam++;
    const call: CallRecord = {
      ...storedCall,
      call_id: randomUUID(),
      team_id: teamId,
      provider_call_id: 'p',
      type: 'inboundPhoneCall',
      started_at: NOW.toISOString(),
    };
    await calls.putCalls([call]);
    // No team item: the team keeps everything.
    const deps = { calls, teams: { getTeam: async () => null } };
    expect((await getTeamCall(deps, teamId, call.call_id, NOW)).call_id).toBe(call.call_id);
    await expect(getTeamCall(deps, teamId + 1, call.call_id, NOW)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getTeamCall(deps, teamId, 'nope', NOW)).rejects.toBeInstanceOf(NotFoundError);
  });
});
