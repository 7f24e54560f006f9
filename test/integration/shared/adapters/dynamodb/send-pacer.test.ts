import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSendPacer } from '#shared/adapters/dynamodb/send-pacer';
import { DynamoCampaignSendStore } from '#shared/adapters/dynamodb/sms-campaign-send-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DEFAULT_MESSAGING_CONFIG, type MessagingConfig } from '#shared/domain/sms-campaigns/messaging-config';
import { sendChunk } from '#shared/domain/sms-campaigns/send-chunk';
import type { Team } from '#shared/domain/tenancy';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { SandboxSmsProvider } from '../../../../../local/sandbox/sms-provider';
import { campaignDependencies, campaignRequest, createPlannedCampaign, senderDependencies } from '../../../../support/campaign-fakes';
import { startEmulator } from '../../../../support/emulator';

let dynamo: LocalDynamo;
let store: DynamoCampaignSendStore;
let pacer: DynamoSendPacer;
let tenancy: DynamoTenancyStore;
let enterpriseId: number;

/** Tuesday 1 December 2026, 10:00 in New York. */
const MORNING = new Date('2026-12-01T15:00:00Z');

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoCampaignSendStore(getDocumentClient(), physicalTableName('campaigns'));
  pacer = new DynamoSendPacer(getDocumentClient(), physicalTableName('campaigns'));
  tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
  enterpriseId = (await tenancy.createEnterprise({ name: 'E' })).id;
});
afterAll(() => dynamo.stop());

const deps = () => campaignDependencies(store);

const campaignOf = (team: Team, config: MessagingConfig, first: number, count: number) =>
  createPlannedCampaign(
    deps(),
    team,
    campaignRequest({
      campaign_type: 'appointment_reminder',
      recipients: Array.from({ length: count }, (_, i) => ({ phone: `+1212557${String(first + i).padStart(4, '0')}` })),
      message_template: 'Your visit is tomorrow at 9.',
    }),
    MORNING,
    config,
  );

describe('sending at the origination identity’s rate', () => {
  it('takes distinct, evenly spaced slots for racing senders', async () => {
    const starts = await Promise.all(Array.from({ length: 20 }, () => pacer.take(9001, 1, 100, 1_000_000)));
    expect([...starts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 1_000_000 + i * 100));
  });

  it('paces two concurrent campaigns of one team to its rate together, not each', async () => {
    const team = await tenancy.createTeam({
      name: 'Paced',
      timezone: 'America/New_York',
      isTest: false,
      enterpriseId,
      workspaceId: 'ws_paced',
    });
    const config: MessagingConfig = { ...DEFAULT_MESSAGING_CONFIG, origination: { type: '10dlc', messages_per_second: 20 } };
    const campaigns = await Promise.all([campaignOf(team, config, 0, 30), campaignOf(team, config, 100, 30)]);
    // The answer estimates completion at the identity's rate: 30 texts at 20 per second.
    expect(Date.parse(campaigns[0]?.estimated_completion_time ?? '') - MORNING.getTime()).toBe(1_500);
    const sms = new SandboxSmsProvider();
    // The slots the pacer hands out are when the texts are due: what the rate is measured on (the
    // sandbox's send times add the timers' lateness, which a busy machine bunches).
    const slots: number[] = [];
    const recordingPacer = {
      nextFree: (teamId: number, now: number) => pacer.nextFree(teamId, now),
      take: async (teamId: number, count: number, intervalMs: number, now: number) => {
        const slot = await pacer.take(teamId, count, intervalMs, now);
        slots.push(slot);
        return slot;
      },
    };
    const sender = senderDependencies(deps(), { sms, team, config, rateOverride: null, pacer: recordingPacer, now: () => MORNING });
    await Promise.all(
      campaigns.map((c, i) =>
        sendChunk(sender, { type: 'chunk', campaign_id: c.campaign_id, chunk: 0 }, { messageId: `m-${i}`, receiveCount: 1 }),
      ),
    );
    expect(sms.sent).toHaveLength(60);
    const due = [...slots].sort((a, b) => a - b);
    expect(due).toHaveLength(60);
    // One text per 50 ms across both campaigns: every second holds at most the identity's 20 texts
    // (each campaign paced alone would send 40).
    const gaps = due.slice(1).map((t, i) => t - (due[i] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(50);
    const busiest = Math.max(...due.map((t) => due.filter((u) => u >= t && u < t + 1_000).length));
    expect(busiest).toBeLessThanOrEqual(20);
  });
});
