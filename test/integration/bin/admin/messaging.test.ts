import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoMessagingConfigStore } from '#shared/adapters/dynamodb/messaging-config-store';
import { DynamoOutboundFeedStore } from '#shared/adapters/dynamodb/outbound-feed-store';
import { DynamoInboundTextStore } from '#shared/adapters/dynamodb/sms-campaign-inbound';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { handleInboundText } from '#shared/domain/sms-campaigns/inbound';
import type { Team } from '#shared/domain/tenancy';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { SandboxSmsProvider } from '../../../../local/sandbox/sms-provider';
import { admin } from '../../../support/admin-harness';
import { startEmulator } from '../../../support/emulator';

describe('admin CLI: texting configuration', () => {
  let dynamo: LocalDynamo;
  let team: Team;
  let messaging: DynamoMessagingConfigStore;
  let campaigns: DynamoCampaignStore;

  beforeAll(async () => {
    dynamo = await startEmulator();
    const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
    const enterprise = await tenancy.createEnterprise({ name: 'E' });
    team = await tenancy.createTeam({
      name: 'Texters',
      timezone: 'America/Chicago',
      isTest: false,
      enterpriseId: enterprise.id,
      workspaceId: 'ws_texters',
    });
    messaging = new DynamoMessagingConfigStore(getDocumentClient(), physicalTableName('teams'));
    campaigns = new DynamoCampaignStore(getDocumentClient(), physicalTableName('campaigns'));
  });
  afterAll(() => dynamo.stop());

  it('saves a quiet-hours window', async () => {
    const run = await admin('messaging', 'quiet-hours', '--team', String(team.id), '--start', '9', '--end', '20');
    expect(run.code).toBe(0);
    expect((await messaging.getMessagingConfig(team.id)).quiet_hours).toEqual({ start_hour: 9, end_hour: 20 });
  });

  it('refuses a window that ends before it starts, naming the flags', async () => {
    const run = await admin('messaging', 'quiet-hours', '--team', String(team.id), '--start', '21', '--end', '8');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--start/--end');
    expect((await messaging.getMessagingConfig(team.id)).quiet_hours).toEqual({ start_hour: 9, end_hour: 20 });
  });

  it('adds a number to the suppression list and removes it again', async () => {
    expect((await admin('messaging', 'opt-out', '--team', String(team.id), '--phone', '(312) 555-0147')).code).toBe(0);
    expect([...(await campaigns.listSuppressed(team.id))]).toEqual(['+13125550147']);
    expect((await admin('messaging', 'opt-in', '--team', String(team.id), '--phone', '+1 312 555 0147', '--yes')).code).toBe(0);
    expect([...(await campaigns.listSuppressed(team.id))]).toEqual([]);
    // Each change is a subscription event of the outbound feed, source operator.
    const feed = new DynamoOutboundFeedStore(getDocumentClient(), physicalTableName('campaigns'));
    const events = (await feed.listSubscriptionEvents({ teamId: team.id, limit: 10 })).map((r) => r.event);
    expect(events.map((e) => [e.type, e.source, e.phone, e.suppression_change])).toEqual([
      ['unsuppressed', 'operator', '+13125550147', 'removed'],
      ['suppressed', 'operator', '+13125550147', 'added'],
    ]);
  });

  it('refuses an invalid phone number naming --phone', async () => {
    const run = await admin('messaging', 'opt-out', '--team', String(team.id), '--phone', '12');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--phone');
  });

  it('lists replies flagged for review, and says so when there are none', async () => {
    const empty = await admin('messaging', 'review', '--team', String(team.id));
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain('No replies to review');
    await handleInboundText(
      { store: new DynamoInboundTextStore(getDocumentClient(), physicalTableName('campaigns')), sms: new SandboxSmsProvider() },
      { team, from: '+13125550199', body: 'Can we cancel Friday and do Monday?', messageId: 'review-1', now: new Date() },
    );
    const run = await admin('messaging', 'review', '--team', String(team.id), '--days', '7');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('+13125550199');
    expect(run.stdout).toContain('Can we cancel Friday and do Monday?');
    const json = await admin('messaging', 'review', '--team', String(team.id), '--json');
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ phone: '+13125550199', needs_review: true, keyword: 'CANCEL' })]);
  });

  it('refuses a review window out of range naming --days', async () => {
    const run = await admin('messaging', 'review', '--team', String(team.id), '--days', '0');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--days');
  });

  it('reclassifies a campaign type as a solicitation for the team, and back to the built-in choice', async () => {
    const run = await admin('messaging', 'solicitation', '--team', String(team.id), '--type', 'service_follow_up', '--solicitation', 'yes');
    expect(run.code).toBe(0);
    expect((await messaging.getMessagingConfig(team.id)).solicitation_overrides).toEqual({ service_follow_up: true });
    expect((await admin('messaging', 'show', '--team', String(team.id))).stdout).toContain('service_follow_up');
    await admin('messaging', 'solicitation', '--team', String(team.id), '--type', 'service_follow_up', '--solicitation', 'default');
    expect((await messaging.getMessagingConfig(team.id)).solicitation_overrides).toEqual({});
  });

  it('refuses an unknown campaign type naming --type', async () => {
    const run = await admin('messaging', 'solicitation', '--team', String(team.id), '--type', 'spam', '--solicitation', 'yes');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--type');
  });

  it('sets the origination identity and its rate, refusing a rate that is no number', async () => {
    expect((await admin('messaging', 'origination', '--team', String(team.id), '--type', 'toll_free')).stdout).toContain(
      '3 message(s) per second',
    );
    const run = await admin('messaging', 'origination', '--team', String(team.id), '--type', '10dlc', '--mps', '4');
    expect(run.code).toBe(0);
    expect((await messaging.getMessagingConfig(team.id)).origination).toEqual({ type: '10dlc', messages_per_second: 4 });
    const bad = await admin('messaging', 'origination', '--team', String(team.id), '--type', '10dlc', '--mps', 'fast');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--mps');
  });
});
