import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { outboundFeedDependencies } from '#shared/adapters/runtime/outbound-feed-dependencies';
import { campaignRequestSchema } from '#shared/domain/sms-campaigns/campaign-request';
import { createCampaign, planForTeam } from '#shared/domain/sms-campaigns/campaign-service';
import { DEFAULT_MESSAGING_CONFIG } from '#shared/domain/sms-campaigns/messaging-config';
import { parseOrThrow } from '#shared/http/validation';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
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
    const deps = {
      store,
      queue: { send: async () => {} },
      scheduler: { scheduleMessage: async () => {}, cancel: async () => {} },
      pricePerSegmentMicros: 8300,
    };
    const request = parseOrThrow(
      campaignRequestSchema,
      { campaign_type: 'appointment_reminder', recipients: [{ phone: '+12125550100' }], message_template: 'See you at 9.' },
      'body',
    );
    const now = new Date('2026-12-01T15:00:00Z');
    const plan = await planForTeam(deps, team, request, DEFAULT_MESSAGING_CONFIG, now);
    const campaign = await createCampaign(deps, { team, request, plan, now, config: DEFAULT_MESSAGING_CONFIG });

    const { campaigns } = outboundFeedDependencies()();
    const read = await campaigns.getCampaign(campaign.campaign_id);
    expect(read).toEqual(await store.getCampaign(campaign.campaign_id));
    expect(read?.team_id).toBe(team.id);
    expect(await campaigns.getCampaign('cmp_unknown')).toBeNull();
  });
});
