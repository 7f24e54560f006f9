import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { outboundFeedDependencies } from '#shared/adapters/runtime/outbound-feed-dependencies';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { createStoredCampaign } from '../../../../support/campaign-fakes';
import { startEmulator } from '../../../../support/emulator';

/**
 * The outbound feed routes read a campaign they filter by without the campaign store (embedded
 * DynamoDB): the same campaign the store reads, and none for an unknown id.
 */
let dynamo: LocalDynamo;
let store: DynamoCampaignStore;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoCampaignStore(getDocumentClient(), physicalTableName('campaigns'));
});
afterAll(() => dynamo.stop());

describe('the outbound feed routes’ campaign read', () => {
  it('reads the campaign the campaign store reads, and null for an unknown one', async () => {
    const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
    const enterprise = await tenancy.createEnterprise({ name: 'Feed' });
    const team = await tenancy.createTeam({
      name: 'T',
      timezone: 'America/New_York',
      isTest: false,
      enterpriseId: enterprise.id,
      workspaceId: 'ws_feed_read',
    });
    const campaign = await createStoredCampaign(store, team);

    const { campaigns } = outboundFeedDependencies()();
    const read = await campaigns.getCampaign(campaign.campaign_id);
    expect(read).toEqual(await store.getCampaign(campaign.campaign_id));
    expect(read?.team_id).toBe(team.id);
    expect(await campaigns.getCampaign('cmp_unknown')).toBeNull();
  });
});
