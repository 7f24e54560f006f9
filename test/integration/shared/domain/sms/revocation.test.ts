import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoOutboundFeedStore } from '#shared/adapters/dynamodb/outbound-feed-store';
import { DynamoInboundTextStore } from '#shared/adapters/dynamodb/sms-campaign-inbound';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { handleInboundText } from '#shared/domain/sms-campaigns/inbound';
import type { Team } from '#shared/domain/tenancy';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { SandboxSmsProvider } from '../../../../../local/sandbox/sms-provider';
import { startEmulator } from '../../../../support/emulator';

let dynamo: LocalDynamo;
let store: DynamoCampaignStore;
let inbound: DynamoInboundTextStore;
let feed: DynamoOutboundFeedStore;
let team: Team;
let sms: SandboxSmsProvider;
let n = 0;
/** A fresh number per test: suppression is per number. */
const nextPhone = () => `+1212556${String(++n).padStart(4, '0')}`;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoCampaignStore(getDocumentClient(), physicalTableName('campaigns'));
  inbound = new DynamoInboundTextStore(getDocumentClient(), physicalTableName('campaigns'));
  feed = new DynamoOutboundFeedStore(getDocumentClient(), physicalTableName('campaigns'));
  const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
  const enterprise = await tenancy.createEnterprise({ name: 'E' });
  team = await tenancy.createTeam({
    name: 'Rapid Rooter Plumbing',
    timezone: 'America/New_York',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId: 'ws_revocation',
  });
});
beforeEach(() => {
  sms = new SandboxSmsProvider();
});
afterAll(() => dynamo.stop());

const receive = (from: string, body: string, messageId: string, provider: SandboxSmsProvider = sms) =>
  handleInboundText({ store: inbound, sms: provider }, { team, from, body, messageId, now: new Date() });

describe('an opt-out in a person’s own words', () => {
  it('suppresses the number and sends one confirmation that names the business and markets nothing', async () => {
    const from = nextPhone();
    const result = await receive(from, 'Stop texting me please 🙏', `rv-${n}-1`);
    expect(result).toMatchObject({ action: 'opted_out', duplicate: false, needsReview: false });
    expect(await store.suppressedAmong(team.id, [from])).toEqual(new Set([from]));
    expect(sms.sent.map((t) => t.to)).toEqual([from]);
    expect(sms.sent[0]?.body).toContain('Rapid Rooter Plumbing');
    expect(sms.sent[0]?.body).not.toMatch(/%|off|offer|deal|discount|promo|sale|www|http/i);
  });

  it('never sends a second confirmation for a repeated STOP', async () => {
    const from = nextPhone();
    await receive(from, 'STOP', `rv-${n}-1`);
    const again = await receive(from, 'stop!!', `rv-${n}-2`);
    const third = await receive(from, 'UNSUBSCRIBE', `rv-${n}-3`);
    expect(again).toMatchObject({ action: 'opted_out', duplicate: false, reply: null });
    expect(third.reply).toBeNull();
    expect(sms.sent).toHaveLength(1);
  });

  it('sends exactly one confirmation when two STOPs race', async () => {
    const from = nextPhone();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => receive(from, 'STOP', `rv-${n}-race-${i}`)));
    expect(results.every((r) => r.action === 'opted_out')).toBe(true);
    expect(sms.sent).toHaveLength(1);
  });

  it('confirms again after the number opted back in and then out', async () => {
    const from = nextPhone();
    await receive(from, 'STOP', `rv-${n}-1`);
    await receive(from, 'START', `rv-${n}-2`);
    await receive(from, 'opt out', `rv-${n}-3`);
    expect(sms.sent.map((t) => t.body.includes('unsubscribed'))).toEqual([true, false, true]);
  });

  it('does nothing twice for a redelivered webhook, and confirms once a delivery that stopped before its confirmation is redelivered', async () => {
    const from = nextPhone();
    const provider = new SandboxSmsProvider();
    // The first delivery stops after its claim, before the confirmation: simulated by claiming
    // the message as the handler would and nothing more.
    await inbound.claimInbound(team.id, `rv-${n}-1`, new Date().toISOString(), null, { kind: 'add', phone: from, keyword: 'STOP' });
    expect(await store.suppressedAmong(team.id, [from])).toEqual(new Set([from]));
    const redelivered = await receive(from, 'STOP', `rv-${n}-1`, provider);
    expect(redelivered).toMatchObject({ duplicate: true, action: 'opted_out' });
    expect(provider.sent).toHaveLength(1);
    const again = await receive(from, 'STOP', `rv-${n}-1`, provider);
    expect(again.reply).toBeNull();
    expect(provider.sent).toHaveLength(1);
  });
});

describe('a reply that uses a revocation word in another sense', () => {
  it('is not an opt-out: the number stays textable, nothing is sent back, and the feed lists it for review', async () => {
    const from = nextPhone();
    const result = await receive(from, "I can't end up coming Tuesday, can we do Wednesday?", `rv-${n}-1`);
    expect(result).toMatchObject({ action: 'reply', needsReview: true, reply: null });
    expect(await store.suppressedAmong(team.id, [from])).toEqual(new Set());
    expect(sms.sent).toHaveLength(0);
    const events = await feed.listSubscriptionEvents({ teamId: team.id, type: 'possible_opt_out', limit: 50 });
    const event = events.map((e) => e.event).find((e) => e.phone === from);
    expect(event).toMatchObject({
      type: 'possible_opt_out',
      needs_review: true,
      keyword: 'END',
      suppression_change: null,
      message: "I can't end up coming Tuesday, can we do Wednesday?",
    });
  });

  it('leaves ordinary replies off the subscription-events feed', async () => {
    const from = nextPhone();
    await receive(from, 'See you at 10', `rv-${n}-1`);
    const events = await feed.listSubscriptionEvents({ teamId: team.id, limit: 100 });
    expect(events.some((e) => e.event.phone === from)).toBe(false);
  });
});
