import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRateLimitStore } from '#shared/adapters/dynamodb/rate-limit-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWidgetSessionStore } from '#shared/adapters/dynamodb/widget-session-store';
import type { ManageDependencies } from '#shared/domain/appointments/manage';
import { lazy } from '#shared/lazy';
import type { AppointmentStore } from '#shared/ports/appointment-store';
import type { RateLimitStore } from '#shared/ports/rate-limit-store';

export interface AppointmentDependencies {
  readonly appointments: AppointmentStore;
}

/**
 * The appointment read routes' dependencies. Call it at module load: the table is looked up then
 * (a function whose row lacks it fails to load, as in AWS); the store is built on the first call
 * of the returned function and kept for the container's life.
 */
export function appointmentDependencies(): () => AppointmentDependencies {
  const leads = physicalTableName('leads');
  return lazy(() => ({ appointments: new DynamoAppointmentStore(getDocumentClient(), { leads }) }));
}

/** The manage link's routes (manage-appointment): what a change writes, and the team and scheduler it reads. */
export interface ManageRouteDependencies extends ManageDependencies {
  readonly limits: RateLimitStore;
}

/**
 * The manage-appointment function's dependencies. Call it at module load: the tables are looked up
 * then (the function's rows declare them all); the stores are built on the first call.
 */
export function manageDependencies(): () => ManageRouteDependencies {
  const tables = {
    teams: physicalTableName('teams'),
    leads: physicalTableName('leads'),
    sessions: physicalTableName('sessions'),
    outbox: physicalTableName('outbox'),
    limits: physicalTableName('limits'),
  };
  return lazy(() => {
    const client = getDocumentClient();
    return {
      appointments: new DynamoAppointmentStore(client, { leads: tables.leads, sessions: tables.sessions, outbox: tables.outbox }),
      schedulers: new DynamoSchedulerConfigStore(client, tables.teams),
      sessions: new DynamoWidgetSessionStore(client, tables.sessions),
      tenancy: new DynamoTenancyStore(client, tables.teams),
      limits: new DynamoRateLimitStore(client, tables.limits),
    };
  });
}
