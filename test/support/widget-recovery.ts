import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoAppointmentTextStore } from '#shared/adapters/dynamodb/appointment-text-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoMessagingConfigStore } from '#shared/adapters/dynamodb/messaging-config-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWidgetRecoveryStore } from '#shared/adapters/dynamodb/widget-recovery-store';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import { WEEKDAYS } from '#shared/domain/schedulers';
import type { Team } from '#shared/domain/tenancy';
import { checkDropOff } from '#shared/domain/widget/drop-off';
import type { RecoveryFollowupDependencies } from '#shared/domain/widget/recovery-followup';
import { resumeLinks } from '#shared/domain/widget/resume-token';
import { recordWidgetStep, startWidgetSession } from '#shared/domain/widget/widget-sessions';
import type { WidgetSessionRef } from '#shared/ports/widget-session-store';
import { RecordingQueue, RecordingScheduler } from './intake-fakes';

/**
 * Booking recovery against the embedded DynamoDB (startEmulator first): a team with one scheduler,
 * sessions left at a chosen step, their drop-off, and the follow-up's dependencies with a
 * recording SMS provider, scheduler and outreach queue.
 */
export const RECOVERY_SCHEDULER = 601;
export const RECOVERY_SECRET = async () => 'recovery-test-secret';
/** A Wednesday, 09:30 in Chicago: inside every calling window. */
export const RECOVERY_NOW = new Date('2026-06-10T14:30:00Z');
export const minutesAfter = (minutes: number) => new Date(RECOVERY_NOW.getTime() + minutes * 60_000);
/** Thursday after RECOVERY_NOW: a day the scheduler books, 08:00 to 17:00 Chicago. */
export const SLOT = { date: '2026-06-11', time: '10:00' } as const;

const client = () => getDocumentClient();
export const recoverySessions = () => new DynamoWidgetRecoveryStore(client(), physicalTableName('sessions'));
export const recoveryIntake = () => new DynamoIntakeStore(client(), physicalTableName('leads'));
const schedulers = () => new DynamoSchedulerConfigStore(client(), physicalTableName('teams'));

export const widgetDeps = () => ({
  schedulers: schedulers(),
  tenancy: new DynamoTenancyStore(client(), physicalTableName('teams')),
  sessions: recoverySessions(),
  leadIds: recoveryIntake(),
  manageLinks: manageLinks(RECOVERY_SECRET),
});

export class RecordingSms {
  readonly sent: { to: string; body: string }[] = [];
  async send(request: { to: string; body: string }) {
    this.sent.push({ to: request.to, body: request.body });
    return { providerMessageId: `msg-${this.sent.length}` };
  }
}

export function followDeps(
  sms: RecordingSms,
  scheduler = new RecordingScheduler(),
  outreachQueue = new RecordingQueue(),
): RecoveryFollowupDependencies {
  const tenancy = new DynamoTenancyStore(client(), physicalTableName('teams'));
  const messaging = new DynamoMessagingConfigStore(client(), physicalTableName('teams'));
  return {
    sessions: recoverySessions(),
    scheduler,
    outreachQueue,
    texts: {
      texts: new DynamoAppointmentTextStore(client(), physicalTableName('campaigns')),
      sms,
      pricePerSegmentMicros: 7900,
      maxRunMs: 120_000,
    },
    resumeLinks: resumeLinks(RECOVERY_SECRET),
    origin: async () => 'https://book.example',
    team: (id) => tenancy.getTeam(id),
    messagingConfig: (id) => messaging.getMessagingConfig(id),
    caps: new DynamoCampaignStore(client(), physicalTableName('campaigns')),
    intake: recoveryIntake(),
  };
}

export type RecoveryMode = 'text' | 'call' | 'both' | 'off';

/** The recovery team (one per test file's emulator) and its scheduler under `recovery`. */
export async function recoveryTeam(workspaceId: string, recovery: RecoveryMode = 'text'): Promise<Team> {
  const tenancy = new DynamoTenancyStore(client(), physicalTableName('teams'));
  const enterprise = await tenancy.createEnterprise({ name: 'Recovery test' });
  const team = await tenancy.createTeam({
    name: 'Summit Plumbing',
    timezone: 'America/Chicago',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId,
  });
  await setRecovery(team, recovery);
  return team;
}

export async function setRecovery(team: Team, recovery: RecoveryMode): Promise<void> {
  await schedulers().putScheduler(
    team.id,
    RECOVERY_SCHEDULER,
    {
      name: 'Main',
      services: ['Drain cleaning', 'Water heater repair'],
      job_types: ['Service'],
      service_areas: ['Chicago'],
      time_zone: 'America/Chicago',
      hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '08:00', close: '17:00' }])) as never,
      recovery,
    },
    RECOVERY_NOW,
  );
}

export const CUSTOMER = { name: 'Robin Vale', email: 'robin@example.com', address: '12 Elm St' } as const;

/** A session that picked a service and a slot (SLOT unless `slot: null`) and gave its details (or not), then was left. */
export async function leftSession(
  team: Team,
  details: { phone: string } | null,
  slot: { date: string; time: string } | null = SLOT,
): Promise<{ ref: WidgetSessionRef; token: string }> {
  const deps = widgetDeps();
  const { token, session } = await startWidgetSession(deps, {
    teamId: team.id,
    schedulerId: RECOVERY_SCHEDULER,
    pageUrl: 'https://summit.example/?utm_source=google',
    referrer: null,
    now: RECOVERY_NOW,
  });
  await recordWidgetStep(deps, { token, step: 'issue_selected', issueType: 'Drain cleaning', now: minutesAfter(1) });
  await recordWidgetStep(deps, { token, step: 'booking_started', ...slot, now: minutesAfter(2) });
  if (details) {
    const customer = { ...CUSTOMER, phone: details.phone };
    await recordWidgetStep(deps, { token, step: 'customer_info_completed', customer, now: minutesAfter(3) });
  }
  return { ref: { teamId: team.id, schedulerId: RECOVERY_SCHEDULER, startedAt: session.started_at, sessionId: session.session_id }, token };
}

/** The drop-off check, 40 minutes after the start (the session's last step 37 minutes before). */
export const dropOff = (ref: WidgetSessionRef) =>
  checkDropOff(
    {
      ...widgetDeps(),
      scheduler: new RecordingScheduler(),
      resumeLinks: resumeLinks(RECOVERY_SECRET),
      outreachPlan: async (_t, now) => ({ dueAt: now, schedulingMode: 'always', maxAttempts: 1, retrySpacingMinutes: 30 }),
    },
    ref,
    minutesAfter(40),
    1800,
  );

export async function outboxOf(sessionId: string) {
  const items = (await client().send(new ScanCommand({ TableName: physicalTableName('outbox') }))).Items ?? [];
  return items
    .map((i) => ({ eventId: String(i.event_id), type: String(i.type), detail: JSON.parse(String(i.detail)) as Record<string, unknown> }))
    .filter((e) => e.detail.session_id === sessionId || e.detail.external_id === sessionId);
}

export const delivery = (n = 1) => ({ messageId: `m-${n}`, receiveCount: 1 });
