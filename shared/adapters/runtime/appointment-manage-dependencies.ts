import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRateLimitStore } from '#shared/adapters/dynamodb/rate-limit-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTeamReader } from '#shared/adapters/dynamodb/team-reader';
import type { ManageDependencies } from '#shared/domain/appointments/manage';
import { lazy } from '#shared/lazy';
import type { RateLimitStore } from '#shared/ports/rate-limit-store';
import type { WidgetSessionRef } from '#shared/ports/widget-session-store';

/** The manage link's routes (manage-appointment): what a change writes, and the team and scheduler it reads. */
export interface ManageRouteDependencies extends ManageDependencies {
  readonly limits: RateLimitStore;
}

/**
 * The manage-appointment function's dependencies. Call it at module load: the tables are looked up
 * then (the function's rows declare them all); the stores are built on the first call. The widget
 * session store (a widget booking's session and slot counters, with the stored session's schema)
 * is imported with the first move or cancel: opening the page, what most of its requests do, reads
 * only the visit, its team and its scheduler.
 */
export function manageDependencies(): () => ManageRouteDependencies {
  const tables = {
    teams: physicalTableName('teams'),
    leads: physicalTableName('leads'),
    sessions: physicalTableName('sessions'),
    outbox: physicalTableName('outbox'),
    limits: physicalTableName('limits'),
  };
  const widgetSessions = lazy(async () => {
    const { DynamoWidgetSessionStore } = await import('#shared/adapters/dynamodb/widget-session-store');
    return new DynamoWidgetSessionStore(getDocumentClient(), tables.sessions);
  });
  return lazy(() => {
    const client = getDocumentClient();
    return {
      appointments: new DynamoAppointmentStore(client, { leads: tables.leads, sessions: tables.sessions, outbox: tables.outbox }),
      schedulers: new DynamoSchedulerConfigStore(client, tables.teams),
      sessions: {
        getSession: async (ref: WidgetSessionRef) => (await widgetSessions()).getSession(ref),
        bookedCounts: async (teamId: number, schedulerId: number, first: string, last: string) =>
          (await widgetSessions()).bookedCounts(teamId, schedulerId, first, last),
      },
      tenancy: new DynamoTeamReader(client, tables.teams),
      limits: new DynamoRateLimitStore(client, tables.limits),
    };
  });
}
