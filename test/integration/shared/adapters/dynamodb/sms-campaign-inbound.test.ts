import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoInboundTextStore } from '#shared/adapters/dynamodb/sms-campaign-inbound';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { handleInboundText } from '#shared/domain/sms-campaigns/inbound';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { SandboxSmsProvider } from '../../../../../local/sandbox/sms-provider';
import { startEmulator } from '../../../../support/emulator';
import { smsCampaign } from '../../../../support/factories';
import { team } from '../../../../support/intake-fakes';

/**
 * The inbound webhook's own store over the campaigns table: it must read and write exactly what
 * the campaign store does (the campaign store remembers a number's last campaign; replies count
 * on the campaign it reads), one team's numbers never answering for another's.
 */
let dynamo: LocalDynamo;
let campaigns: DynamoCampaignStore;
let inbound: DynamoInboundTextStore;

beforeAll(async () => {
  dynamo = await startEmulator();
  campaigns = new DynamoCampaignStore(getDocumentClient(), physicalTableName('campaigns'));
  inbound = new DynamoInboundTextStore(getDocumentClient(), physicalTableName('campaigns'));
});
afterAll(() => dynamo.stop());

describe('DynamoInboundTextStore', () => {
  it('finds the last campaign the campaign store remembered for the number, in that team only', async () => {
    await campaigns.rememberLastCampaign(1, ['+12125550101'], 'cmp_first', '2026-03-02T14:00:00.000Z');
    await campaigns.rememberLastCampaign(1, ['+12125550101'], 'cmp_second', '2026-03-03T14:00:00.000Z');
    expect(await inbound.lastCampaignFor(1, '+12125550101')).toBe('cmp_second');
    expect(await inbound.lastCampaignFor(2, '+12125550101')).toBeNull();
    expect(await inbound.lastCampaignFor(1, '+12125550102')).toBeNull();
  });

  it('counts a reply on the campaign, and refuses one for a campaign that does not exist', async () => {
    const campaign = smsCampaign({ campaign_id: 'cmp_inbound_replies' });
    await campaigns.createCampaign(campaign, [[]]);
    await inbound.addReply(campaign.campaign_id);
    await inbound.addReply(campaign.campaign_id);
    expect((await campaigns.getCampaign(campaign.campaign_id))?.replies).toBe(2);
    await expect(inbound.addReply('cmp_missing')).rejects.toThrow();
  });

  it('counts a redelivered reply once and suppresses a redelivered STOP once, with one confirmation', async () => {
    const campaign = smsCampaign({ campaign_id: 'cmp_inbound_redelivery' });
    await campaigns.createCampaign(campaign, [[]]);
    await campaigns.rememberLastCampaign(1, ['+12125550103'], campaign.campaign_id, '2026-03-02T14:00:00.000Z');
    const sms = new SandboxSmsProvider();
    const input = { team: team({ id: 1 }), from: '+12125550103', now: new Date('2026-03-02T15:00:00.000Z') };
    await handleInboundText({ store: inbound, sms }, { ...input, body: 'sounds good', messageId: 'in-1' });
    const again = await handleInboundText({ store: inbound, sms }, { ...input, body: 'sounds good', messageId: 'in-1' });
    expect(again.duplicate).toBe(true);
    expect((await campaigns.getCampaign(campaign.campaign_id))?.replies).toBe(1);

    await handleInboundText({ store: inbound, sms }, { ...input, body: 'STOP', messageId: 'in-2' });
    const redelivered = await handleInboundText({ store: inbound, sms }, { ...input, body: 'STOP', messageId: 'in-2' });
    expect(redelivered).toMatchObject({ action: 'opted_out', duplicate: true, reply: null });
    expect(await campaigns.suppressedAmong(1, ['+12125550103'])).toEqual(new Set(['+12125550103']));
    expect(sms.sent.map((t) => t.to)).toEqual(['+12125550103']);
  });
});
