import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRollupStore, rollupPk } from '#shared/adapters/dynamodb/rollup-store';
import { DynamoCampaignSendStore } from '#shared/adapters/dynamodb/sms-campaign-send-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../support/emulator';

/**
 * Rows that are not what their store writes (a hand edit, a half-migrated attribute), read back
 * through the stores from the embedded DynamoDB: each read fails naming the store's item and the
 * attribute, never the attribute's value; rows written before a member existed still read.
 */
let dynamo: LocalDynamo;
const put = (table: Parameters<typeof physicalTableName>[0], item: Record<string, unknown>) =>
  getDocumentClient().send(new PutCommand({ TableName: physicalTableName(table), Item: item }));

beforeAll(async () => {
  dynamo = await startEmulator();
});
afterAll(() => dynamo.stop());

const SECRET = 'do-not-log-me';

describe('a malformed stored row', () => {
  it('fails a campaign read naming the campaign item and its status, not the value', async () => {
    const campaigns = new DynamoCampaignSendStore(getDocumentClient(), physicalTableName('campaigns'));
    await put('campaigns', { pk: 'CAMPAIGN#bad-1', sk: 'META', campaign_id: 'bad-1', team_id: 1, status: SECRET });
    const read = campaigns.getCampaign('bad-1');
    await expect(read).rejects.toThrow(/^stored campaign item is malformed at (campaign_type|status|message_template|settings)/);
    await expect(campaigns.getCampaign('bad-1')).rejects.not.toThrow(SECRET);
  });

  it('fails a send-status read naming the send record and the attribute', async () => {
    const campaigns = new DynamoCampaignSendStore(getDocumentClient(), physicalTableName('campaigns'));
    await put('campaigns', { pk: 'CAMPAIGN#bad-2', sk: 'SEND#+12125550100', status: 'sent', team_id: 'one', recorded_at: 'x' });
    await expect(campaigns.getSendStatuses('bad-2', ['+12125550100'])).rejects.toThrow('stored campaign send item is malformed at team_id');
  });

  it('fails a call report guard read naming the guard and the nested attribute', async () => {
    const calls = new DynamoCallStore(getDocumentClient(), physicalTableName('calls'));
    await put('calls', { pk: 'TEAM#0000000001#PROVIDERCALL#p-bad', sk: 'REPORT', result: { call_id: 7 }, created_at: 'x' });
    await expect(calls.getReportResult(1, 'p-bad')).rejects.toThrow('stored report guard item is malformed at result.call_id');
  });

  it('fails an API key read on the authorizer’s path naming the key item and the attribute, not the value', async () => {
    const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
    const key = {
      pk: 'APIKEY#bad-hash',
      sk: 'META',
      entity: 'apiKey',
      keyListPk: 'APIKEYS',
      keyId: 'key_bad',
      keyHash: 'bad-hash',
      name: 'bad',
      type: 'enterprise',
      scope: { kind: 'team', id: 1 },
      anchorTeamId: 1,
      permissions: ['read:calls'],
      createdAt: '2026-01-01T00:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    };
    await put('teams', { ...key, revokedAt: 42 });
    const failure = tenancy.getApiKeyByHash('bad-hash');
    await expect(failure).rejects.toThrow('stored API key item is malformed at revokedAt: expected string or null');
    await put('teams', { ...key, scope: { kind: SECRET, id: 1 } });
    await expect(tenancy.getApiKeyByHash('bad-hash')).rejects.toThrow(
      'stored API key item is malformed at scope: expected a team, enterprise or portfolio scope',
    );
  });

  it('reads a key stored before its optional members existed, leaving them absent', async () => {
    const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
    await put('teams', {
      pk: 'APIKEY#old-hash',
      sk: 'META',
      keyId: 'key_old',
      keyHash: 'old-hash',
      name: 'old',
      type: 'enterprise',
      scope: { kind: 'team', id: 1 },
      anchorTeamId: 1,
      permissions: ['read:calls', 'read:retired_permission'],
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const key = await tenancy.getApiKeyByHash('old-hash');
    expect(key).toEqual({
      keyId: 'key_old',
      keyHash: 'old-hash',
      name: 'old',
      type: 'enterprise',
      scope: { kind: 'team', id: 1 },
      anchorTeamId: 1,
      permissions: ['read:calls'],
      createdAt: '2026-01-01T00:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    });
  });

  it('fails a team read naming the team item and the attribute', async () => {
    const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
    await put('teams', { pk: 'TEAM#0000009999', sk: 'META', entity: 'team', id: 9999, name: 'T', timezone: 'UTC', isTest: 'no' });
    await expect(tenancy.getTeam(9999)).rejects.toThrow('stored team item is malformed at isTest: expected boolean');
  });

  it('fails a rollup bucket touch naming the bucket item and its scheduler list', async () => {
    const rollups = new DynamoRollupStore(getDocumentClient(), physicalTableName('rollups'));
    await put('rollups', { pk: rollupPk({ kind: 'team', teamId: 9998 }), sk: 'H#2026-03-01T10', touches: 1, sch: ['1'] });
    await expect(rollups.touch(9998, 'H#2026-03-01T10')).rejects.toThrow(
      'stored rollup bucket item is malformed at sch: expected a list of numbers',
    );
  });

  it('touches a bucket no commit has written yet: its version counted, no schedulers or enterprises', async () => {
    const rollups = new DynamoRollupStore(getDocumentClient(), physicalTableName('rollups'));
    await expect(rollups.touch(9997, 'H#2026-03-01T10')).resolves.toEqual({ version: 1, schedulers: [], enterprises: [] });
    await put('rollups', { pk: rollupPk({ kind: 'team', teamId: 9997 }), sk: 'H#2026-03-01T10', touches: 1, sch: [4, 5], ens: [7] });
    await expect(rollups.touch(9997, 'H#2026-03-01T10')).resolves.toEqual({ version: 2, schedulers: [4, 5], enterprises: [7] });
  });
});
