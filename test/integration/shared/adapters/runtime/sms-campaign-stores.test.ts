import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { campaignReadDependencies } from '#shared/adapters/runtime/sms-campaign-stores';
import { campaignRequestSchema } from '#shared/domain/sms-campaigns/campaign-request';
import { createCampaign, getTeamCampaign, planForTeam } from '#shared/domain/sms-campaigns/campaign-service';
import { DEFAULT_MESSAGING_CONFIG } from '#shared/domain/sms-campaigns/messaging-config';
import { NotFoundError } from '#shared/errors';
import { parseOrThrow } from '#shared/http/validation';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';

/**
 * get-sms-campaign reads the team and the campaign's META item without the campaign store
 * (embedded DynamoDB): the campaign the store reads, for its own team only.
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
    const plan = await planForTeam(deps, own, request, DEFAULT_MESSAGING_CONFIG, now);
    const campaign = await createCampaign(deps, { team: own, request, plan, now, config: DEFAULT_MESSAGING_CONFIG });

    const read = campaignReadDependencies()();
    expect(await read.tenancy.getTeamByWorkspace('ws_campaign_read_own')).toMatchObject({ id: own.id });
    expect(await getTeamCampaign(read.store, own, campaign.campaign_id)).toEqual(await store.getCampaign(campaign.campaign_id));
    await expect(getTeamCampaign(read.store, other, campaign.campaign_id)).rejects.toThrow(NotFoundError);
    await expect(getTeamCampaign(read.store, own, 'cmp_00000000000000000000')).rejects.toThrow(NotFoundError);
  });
});
