import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { DynamoBookingRequestStore } from '#shared/adapters/dynamodb/booking-request-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoFieldServiceConfigStore } from '#shared/adapters/dynamodb/field-service-config-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTeamReader } from '#shared/adapters/dynamodb/team-reader';
import { DynamoWidgetRecoveryStore } from '#shared/adapters/dynamodb/widget-recovery-store';
import { DEFAULT_INTAKE_CONFIG } from '#shared/domain/intake/intake-config';
import type { LeadRecord } from '#shared/domain/leads';
import { pricePerSegmentMicros } from '#shared/domain/sms-campaigns/pricing-config';
import type { CompleteBookingDependencies } from '#shared/domain/widget/complete-booking';
import type { FieldServiceChangeDependencies } from '#shared/domain/widget/field-service-changes';
import type { FieldServiceJobDependencies } from '#shared/domain/widget/field-service-jobs';
import type { OutreachPlanOfTeam, RecoveryPlanDependencies } from '#shared/domain/widget/recovery';
import type { RecoveryFollowupDependencies } from '#shared/domain/widget/recovery-followup';
import { resumeLinks } from '#shared/domain/widget/resume-token';
import { lazy } from '#shared/lazy';
import type { AppointmentStore } from '#shared/ports/appointment-store';
import type { DomainEvent } from '#shared/ports/event-bus';
import type { WidgetRecoveryStore, WidgetSessionStore } from '#shared/ports/widget-session-store';
import { workerMaxRunMs } from '#shared/workers/definitions';
import { configuredFieldServices } from './field-service';
import { queues } from './queues';
import { CURSOR_SECRET_ENV, publicOrigin } from './resource-env';
import { scheduler } from './scheduler';
import { secretReader } from './secrets';
import { smsProvider } from './sms-provider';
import type { WidgetLeadStores } from './widget-lead-stores';
import type { RecoveryFollowupStores } from './widget-recovery-followup-stores';
import { abandonAfterSeconds } from './widget-settings';

/**
 * What the widget-followups worker does with: a booking's field-service job, the job following
 * the visit's changes, a session's drop-off check and the recovery of a booking's effects a crash
 * cut short.
 */
export type WidgetWorkerDependencies = FieldServiceJobDependencies &
  FieldServiceChangeDependencies &
  CompleteBookingDependencies &
  RecoveryDependencies & {
    readonly sessions: WidgetSessionStore & WidgetRecoveryStore;
    readonly appointments: Pick<AppointmentStore, 'getAppointment' | 'createAppointment'>;
    readonly abandonAfterSeconds: number;
  };

/**
 * The widget-followups worker (widget-worker). Call it at module load: the tables and the drop-off
 * delay are looked up then; the stores are built on the first call of the returned function and
 * kept, while the queue and the scheduler are taken from their adapter slots on every call.
 */
export function widgetWorkerDependencies(): () => WidgetWorkerDependencies {
  const teams = physicalTableName('teams');
  const sessionsTable = physicalTableName('sessions');
  const leadsTable = physicalTableName('leads');
  const outboxTable = physicalTableName('outbox');
  const afterSeconds = abandonAfterSeconds();
  const leadStores = leadStoresOnFirstUse({ teams, leads: leadsTable });
  const recovery = recoveryDependencies(leadStores);
  const stores = lazy(() => {
    const client = getDocumentClient();
    return {
      sessions: new DynamoWidgetRecoveryStore(client, sessionsTable, { leads: leadsTable, outbox: outboxTable }),
      appointments: new DynamoAppointmentStore(client, { leads: leadsTable, outbox: outboxTable }),
      bookingRequests: new DynamoBookingRequestStore(client, sessionsTable),
      schedulers: new DynamoSchedulerConfigStore(client, teams),
      leads: {
        putLeadWithEvents: async (lead: LeadRecord, events: readonly DomainEvent[]) =>
          (await leadStores()).leads.putLeadWithEvents(lead, events),
      },
      fieldService: configuredFieldServices(new DynamoFieldServiceConfigStore(client, teams)),
    };
  });
  return () => ({
    ...recovery(),
    ...stores(),
    scheduler: scheduler.get('default'),
    followups: queues.get('widget-followups'),
    abandonAfterSeconds: afterSeconds,
  });
}

/**
 * The leads table's stores, imported with the first message that reads or writes a lead
 * (widget-lead-stores.ts) and kept for the container's life.
 */
function leadStoresOnFirstUse(tables: { readonly teams: string; readonly leads: string }): () => Promise<WidgetLeadStores> {
  return lazy(async () => (await import('./widget-lead-stores')).widgetLeadStores(getDocumentClient(), tables));
}

/**
 * The outreach schedule computes with luxon, which only a recovery that hands a lead to outreach
 * needs: imported then, so that the worker's other messages (drop-off checks, field-service jobs)
 * do not load luxon at cold start (docs/adr/0185-widget-cold-start.md).
 */
const outreachSchedule = lazy(() => import('#shared/domain/intake/scheduling'));

/** What only a recovery text is sent with, built with the first recovery message (widget-recovery-followup-stores.ts). */
type FollowupOnly = 'texts' | 'messagingConfig' | 'caps';

/**
 * What the widget worker adds for booking recovery: its drop-off plan, and its follow-up, whose
 * texting ports `followup` builds with the first recovery message.
 */
export type RecoveryDependencies = Omit<RecoveryPlanDependencies, 'sessions'> &
  Omit<RecoveryFollowupDependencies, 'sessions' | 'scheduler' | FollowupOnly> & {
    readonly followup: () => Promise<Pick<RecoveryFollowupDependencies, FollowupOnly>>;
  };

/**
 * The widget worker's recovery ports. Call it at module load: the tables are looked up then; the
 * stores are built on the first call, the queue, the scheduler and the SMS provider taken from
 * their slots on every call.
 */
export function recoveryDependencies(leadStores: () => Promise<WidgetLeadStores>): () => RecoveryDependencies {
  const teams = physicalTableName('teams');
  const campaigns = physicalTableName('campaigns');
  const links = resumeLinks(secretReader(CURSOR_SECRET_ENV));
  const price = pricePerSegmentMicros();
  const maxRunMs = workerMaxRunMs('widget-worker');
  const stores = lazy(() => {
    const client = getDocumentClient();
    const tenancy = new DynamoTeamReader(client, teams);
    const outreachPlan = async (teamId: number, now: Date): Promise<OutreachPlanOfTeam> => {
      const [config, team, { nextAllowedInstant }] = await Promise.all([
        leadStores().then(({ intakeConfigs }) => intakeConfigs.getIntakeConfig(teamId)),
        tenancy.getTeam(teamId),
        outreachSchedule(),
      ]);
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
    const intake = async () => (await leadStores()).intake;
    return {
      schedulers: new DynamoSchedulerConfigStore(client, teams),
      leadIds: {
        nextLeadId: async () => (await intake()).nextLeadId(),
        nextStlCallId: async () => (await intake()).nextStlCallId(),
      },
      intake: {
        getLeadByStlCallId: async (stlCallId: number) => (await intake()).getLeadByStlCallId(stlCallId),
        markOutreachDispatched: async (stlCallId: number) => (await intake()).markOutreachDispatched(stlCallId),
      },
      // A booking's effects recorded again by the drop-off check keep a recovery call's outreach (booking-effects.ts).
      recoveryOutreach: async (stlCallId: number) => (await (await intake()).getLeadByStlCallId(stlCallId))?.outreach ?? null,
      outreachPlan,
      team: (teamId: number) => tenancy.getTeam(teamId),
    };
  });
  const followupStores = lazy(
    async (): Promise<RecoveryFollowupStores> =>
      (await import('./widget-recovery-followup-stores')).recoveryFollowupStores(getDocumentClient(), { teams, campaigns }),
  );
  const followup = async () => {
    const { textStore, ...rest } = await followupStores();
    return { ...rest, texts: { texts: textStore, sms: smsProvider.get('default'), pricePerSegmentMicros: price, maxRunMs } };
  };
  return () => ({
    ...stores(),
    resumeLinks: links,
    origin: publicOrigin,
    followup,
    outreachQueue: queues.get('outreach-calls'),
  });
}
