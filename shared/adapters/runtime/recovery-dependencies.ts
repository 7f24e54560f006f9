import { DynamoAppointmentTextStore } from '#shared/adapters/dynamodb/appointment-text-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore, DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoMessagingConfigStore } from '#shared/adapters/dynamodb/messaging-config-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DEFAULT_INTAKE_CONFIG } from '#shared/domain/intake/intake-config';
import { nextAllowedInstant } from '#shared/domain/intake/scheduling';
import { pricePerSegmentMicros } from '#shared/domain/sms-campaigns/pricing-config';
import type { BookingEffectsDependencies } from '#shared/domain/widget/booking-effects';
import type { OutreachPlanOfTeam, RecoveryPlanDependencies } from '#shared/domain/widget/recovery';
import type { RecoveryFollowupDependencies } from '#shared/domain/widget/recovery-followup';
import { resumeLinks } from '#shared/domain/widget/resume-token';
import { lazy } from '#shared/lazy';
import { workerMaxRunMs } from '#shared/workers/definitions';
import { publicOrigin } from './appointment-text-dependencies';
import { queues } from './queues';
import { CURSOR_SECRET_ENV } from './resource-env';
import { secretReader } from './secrets';
import { smsProvider } from './sms-provider';

/** What the widget worker adds for booking recovery: its drop-off plan and its follow-up. */
export type RecoveryDependencies = Omit<RecoveryPlanDependencies, 'sessions'> &
  Omit<RecoveryFollowupDependencies, 'sessions' | 'scheduler'>;

/**
 * The widget worker's recovery ports. Call it at module load: the tables are looked up then; the
 * stores are built on the first call, the queue, the scheduler and the SMS provider taken from
 * their slots on every call.
 */
export function recoveryDependencies(): () => RecoveryDependencies {
  const teams = physicalTableName('teams');
  const leads = physicalTableName('leads');
  const campaigns = physicalTableName('campaigns');
  const links = resumeLinks(secretReader(CURSOR_SECRET_ENV));
  const price = pricePerSegmentMicros();
  const maxRunMs = workerMaxRunMs('widget-worker');
  const stores = lazy(() => {
    const client = getDocumentClient();
    const tenancy = new DynamoTenancyStore(client, teams);
    const intakeConfigs = new DynamoIntakeConfigStore(client, teams);
    const outreachPlan = async (teamId: number, now: Date): Promise<OutreachPlanOfTeam> => {
      const [config, team] = await Promise.all([intakeConfigs.getIntakeConfig(teamId), tenancy.getTeam(teamId)]);
      const { scheduling, outreach } = config ?? DEFAULT_INTAKE_CONFIG;
      // A schedule that allows no call within a week calls at once rather than never (the mode says call).
      const dueAt = nextAllowedInstant({ ...scheduling, timezone: team?.timezone ?? 'UTC' }, now) ?? now;
      return {
        dueAt,
        schedulingMode: scheduling.mode,
        maxAttempts: outreach.max_attempts,
        retrySpacingMinutes: outreach.retry_spacing_minutes,
      };
    };
    const messaging = new DynamoMessagingConfigStore(client, teams);
    const intake = new DynamoIntakeStore(client, leads);
    return {
      schedulers: new DynamoSchedulerConfigStore(client, teams),
      leadIds: intake,
      intake,
      // A booking's effects recorded again by the drop-off check keep a recovery call's outreach (booking-effects.ts).
      recoveryOutreach: async (stlCallId: number) => (await intake.getLeadByStlCallId(stlCallId))?.outreach ?? null,
      outreachPlan,
      team: (teamId: number) => tenancy.getTeam(teamId),
      messagingConfig: (teamId: number) => messaging.getMessagingConfig(teamId),
      caps: new DynamoCampaignStore(client, campaigns),
      textStore: new DynamoAppointmentTextStore(client, campaigns),
    };
  });
  return () => {
    const { textStore, ...rest } = stores();
    return {
      ...rest,
      resumeLinks: links,
      origin: publicOrigin,
      texts: { texts: textStore, sms: smsProvider.get('default'), pricePerSegmentMicros: price, maxRunMs },
      outreachQueue: queues.get('outreach-calls'),
    };
  };
}
