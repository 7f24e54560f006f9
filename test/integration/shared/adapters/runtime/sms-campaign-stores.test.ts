import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { campaignDependencies } from '#shared/adapters/runtime/sms-campaign-dependencies';
import { campaignReadDependencies } from '#shared/adapters/runtime/sms-campaign-read-dependencies';
import { getTeamCampaign } from '#shared/domain/sms-campaigns/campaign-service';
import { NotFoundError } from '#shared/errors';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { createStoredCampaign } from '../../../../support/campaign-fakes';
import { startEmulator } from '../../../../support/emulator';
import { functionEnvironment } from '../../../../support/handler-harness';

/**
 * get-sms-campaign reads the team and the campaign's META item without the campaign store, and the
 * create's store reads it with its first read (embedded DynamoDB): the campaign the store reads,
 * for its own team only.
 */
let dynamo: LocalDynamo;
let store: DynamoCampaignStore;
let tenancy: DynamoTenancyStore;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoCampaignStore(getDocumentClient(), physicalTableName('campaigns'));
  tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
});
afterAll(() => dynamo.stop());

async function teamOf(workspaceId: string, enterpriseId: number) {
  return tenancy.createTeam({ name: workspaceId, timezone: 'America/New_York', isTest: false, enterpriseId, workspaceId });
}

describe('the campaign read’s stores', () => {
  it('read the workspace’s team and the campaign the campaign store reads; another team’s answers as missing', async () => {
    const enterprise = await tenancy.createEnterprise({ name: 'Read' });
    const own = await teamOf('ws_campaign_read_own', enterprise.id);
    const other = await teamOf('ws_campaign_read_other', enterprise.id);
    const campaign = await createStoredCampaign(store, own);

    const read = campaignReadDependencies()();
    expect(await read.tenancy.getTeamByWorkspace('ws_campaign_read_own')).toMatchObject({ id: own.id });
    expect(await getTeamCampaign(read.store, own, campaign.campaign_id)).toEqual(await store.getCampaign(campaign.campaign_id));
    await expect(getTeamCampaign(read.store, other, campaign.campaign_id)).rejects.toThrow(NotFoundError);
    await expect(getTeamCampaign(read.store, own, 'cmp_00000000000000000000')).rejects.toThrow(NotFoundError);
  });
});

describe('the campaign create’s store', () => {
  it('reads the campaign the campaign store reads, loading its read schema with the first read', async () => {
    const enterprise = await tenancy.createEnterprise({ name: 'Create' });
    const team = await teamOf('ws_campaign_create_store', enterprise.id);
    const campaign = await createStoredCampaign(store, team);

    functionEnvironment('create-sms-campaign');
    const created = campaignDependencies()().store;
    expect(await created.getCampaign(campaign.campaign_id)).toEqual(await store.getCampaign(campaign.campaign_id));
    expect(await created.getCampaign('cmp_00000000000000000000')).toBeNull();
  });
});
