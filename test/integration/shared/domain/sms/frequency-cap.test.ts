import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoOutboundFeedStore } from '#shared/adapters/dynamodb/outbound-feed-store';
import { DynamoCampaignSendStore } from '#shared/adapters/dynamodb/sms-campaign-send-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import type { Campaign } from '#shared/domain/sms-campaigns/campaign';
import { cancelCampaign, planForTeam } from '#shared/domain/sms-campaigns/campaign-service';
import { DEFAULT_MESSAGING_CONFIG } from '#shared/domain/sms-campaigns/messaging-config';
import { sendChunk } from '#shared/domain/sms-campaigns/send-chunk';
import type { Team } from '#shared/domain/tenancy';
import type { QueueMessage } from '#shared/ports/message-queue';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { SandboxSmsProvider } from '../../../../../local/sandbox/sms-provider';
import { campaignDependencies, campaignRequest, createPlannedCampaign, senderDependencies } from '../../../../support/campaign-fakes';
import { startEmulator } from '../../../../support/emulator';

let dynamo: LocalDynamo;
let store: DynamoCampaignSendStore;
let team: Team;
const queued: QueueMessage[] = [];

/** Tuesday 1 December 2026, 10:00 in Miami: inside Florida's 8:00–20:00. */
const MORNING = new Date('2026-12-01T15:00:00Z');
let n = 0;
/** A fresh Florida (Miami 305) number per test: caps are per number. */
const floridaPhone = () => `+1305555${String(++n).padStart(4, '0')}`;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoCampaignSendStore(getDocumentClient(), physicalTableName('campaigns'));
  const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
  const enterprise = await tenancy.createEnterprise({ name: 'E' });
  team = await tenancy.createTeam({
    name: 'Capped team',
    timezone: 'America/New_York',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId: 'ws_cap',
  });
});
afterAll(() => dynamo.stop());

const deps = () => campaignDependencies(store, { send: async (messages: readonly QueueMessage[]) => void queued.push(...messages) });

const request = (phones: readonly string[], type = 'seasonal_promotion', scheduleTime?: Date) =>
  campaignRequest({
    campaign_type: type,
    recipients: phones.map((phone) => ({ phone })),
    message_template: 'Furnace tune-ups are 20% off this week.',
    ...(scheduleTime ? { schedule_time: scheduleTime.toISOString() } : {}),
  });

const senderDeps = (sms: SandboxSmsProvider, now: Date) => senderDependencies(deps(), { sms, team, now: () => now });

const create = (phones: readonly string[], type?: string, now = MORNING, scheduleTime?: Date): Promise<Campaign> =>
  createPlannedCampaign(deps(), team, request(phones, type, scheduleTime), now);

describe('frequency caps (FL, OK, MD: 3 solicitations per 24 hours)', () => {
  it('skips the fourth campaign to a Florida number within 24 hours, and a preflight says so before anything is sent', async () => {
    const phone = floridaPhone();
    const other = floridaPhone();
    for (let i = 0; i < 3; i++) expect((await create([phone])).counts.capped).toBe(0);
    const preflight = await planForTeam(deps(), team, request([phone, other]), DEFAULT_MESSAGING_CONFIG, MORNING);
    expect(preflight.capped).toBe(1);
    expect(preflight.recipients.map((r) => [r.phone, r.capped !== null])).toEqual([
      [phone, true],
      [other, false],
    ]);
    expect(preflight.recipients[0]?.capped).toContain('FL frequency cap');
    expect(preflight.segments).toBe(1);
    const fourth = await create([phone, other]);
    expect(fourth.counts).toMatchObject({ capped: 1, sent: 0 });
  });

  it('gives the last slot to exactly one of two campaigns racing for it', async () => {
    const phone = floridaPhone();
    await create([phone]);
    await create([phone]);
    const racing = await Promise.all([create([phone]), create([phone])]);
    expect(racing.map((c) => c.counts.capped).sort()).toEqual([0, 1]);
  });

  it('lets exactly three of twenty concurrent campaigns text a number', async () => {
    const phone = floridaPhone();
    const campaigns = await Promise.all(Array.from({ length: 20 }, () => create([phone])));
    expect(campaigns.filter((c) => c.counts.capped === 0)).toHaveLength(3);
  });

  it('frees the slots of a cancelled campaign', async () => {
    const phone = floridaPhone();
    const first = await create([phone]);
    await create([phone]);
    await create([phone]);
    await cancelCampaign(deps(), team, first.campaign_id, MORNING);
    expect((await create([phone])).counts.capped).toBe(0);
  });

  it('frees a slot once it is 24 hours old', async () => {
    const phone = floridaPhone();
    for (let i = 0; i < 3; i++) await create([phone]);
    const dayLater = new Date(MORNING.getTime() + 24 * 3_600_000);
    expect((await create([phone], undefined, dayLater)).counts.capped).toBe(0);
  });

  it('binds solicitations only: appointment reminders are never capped', async () => {
    const phone = floridaPhone();
    for (let i = 0; i < 3; i++) await create([phone]);
    expect((await create([phone], 'appointment_reminder')).counts.capped).toBe(0);
  });

  it('records a capped recipient on the outbound texts feed with its reason, never texts it, and completes the campaign', async () => {
    const phone = floridaPhone();
    const free = floridaPhone();
    for (let i = 0; i < 3; i++) await create([phone]);
    const campaign = await create([phone, free]);
    await store.transitionCampaign(campaign.campaign_id, ['sending', 'scheduled'], 'sending');
    const sms = new SandboxSmsProvider();
    const message = { type: 'chunk' as const, campaign_id: campaign.campaign_id, chunk: 0 };
    const result = await sendChunk(senderDeps(sms, MORNING), message, { messageId: 'm-1', receiveCount: 1 });
    expect(result.sent).toBe(1);
    expect(sms.sent.map((t) => t.to)).toEqual([free]);
    const final = await store.getCampaign(campaign.campaign_id);
    expect(final).toMatchObject({ status: 'completed', counts: { sent: 1, capped: 1 } });
    const feed = new DynamoOutboundFeedStore(getDocumentClient(), physicalTableName('campaigns'));
    const texts = (await feed.listTexts({ teamId: team.id, campaignId: campaign.campaign_id, limit: 10 })).map((r) => r.text);
    expect(texts.find((t) => t.recipient === phone)).toMatchObject({
      status: 'capped',
      error: expect.stringContaining('FL frequency cap'),
    });
    expect(texts.find((t) => t.recipient === free)).toMatchObject({
      status: 'sent',
      rule: 'FL Tuesday 8:00–20:00',
      send_at: MORNING.toISOString(),
    });
  });

  it('makes a text sent later than planned wait when it would crowd the slots other campaigns planned', async () => {
    const phone = floridaPhone();
    const hours = (h: number) => new Date(MORNING.getTime() + h * 3_600_000);
    const late = await create([phone]);
    await create([phone], undefined, MORNING, hours(22));
    await create([phone], undefined, MORNING, hours(22));
    expect((await create([phone], undefined, MORNING, hours(25))).counts.capped).toBe(0);
    // Planned: now, +22 h (8:00 in Miami) twice, +25 h. The first campaign's chunk runs two hours
    // late: its text would make four within 24 hours, so it waits until the +22 h slots are 24 h old.
    const sms = new SandboxSmsProvider();
    const result = await sendChunk(
      senderDeps(sms, hours(2)),
      { type: 'chunk', campaign_id: late.campaign_id, chunk: 0 },
      { messageId: 'm-2', receiveCount: 1 },
    );
    expect(sms.sent).toHaveLength(0);
    expect(result.deferredUntil).toBe(hours(46).toISOString());
  });

  it('keeps one slot per campaign and texts once when a chunk is delivered again', async () => {
    const phone = floridaPhone();
    const campaign = await create([phone]);
    const sms = new SandboxSmsProvider();
    const message = { type: 'chunk' as const, campaign_id: campaign.campaign_id, chunk: 0 };
    await sendChunk(senderDeps(sms, MORNING), message, { messageId: 'm-3', receiveCount: 1 });
    await sendChunk(senderDeps(sms, MORNING), message, { messageId: 'm-3', receiveCount: 2 });
    expect(sms.sent).toHaveLength(1);
    const ledger = (await store.capLedgers(team.id, [phone])).get(phone)?.slots ?? [];
    expect(ledger).toEqual([expect.objectContaining({ campaign_id: campaign.campaign_id, sent: true, at: MORNING.toISOString() })]);
  });
});
