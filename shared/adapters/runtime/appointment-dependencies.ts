import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTeamReader } from '#shared/adapters/dynamodb/team-reader';
import { DynamoWidgetSessionStore } from '#shared/adapters/dynamodb/widget-session-store';
import type { StoredAppointment } from '#shared/domain/appointments/appointment';
import { type ManageLinks, manageLinks, manageUrl } from '#shared/domain/appointments/manage-token';
import type { ChangeDependencies } from '#shared/domain/appointments/marks';
import { lazy } from '#shared/lazy';
import type { AppointmentStore } from '#shared/ports/appointment-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { CURSOR_SECRET_ENV, configuredPublicOrigin } from './resource-env';
import { secretReader } from './secrets';

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

/**
 * A visit's manage link under the service's public origin; null when the stack has no origin or
 * the visit was sealed under another key.
 */
export function manageUrlUnder(links: ManageLinks): (stored: StoredAppointment) => Promise<string | null> {
  return async (stored) => {
    const origin = configuredPublicOrigin();
    const token = origin === null ? null : await links.tokenOf(stored.appointment.appointment_id, stored.manage);
    return origin === null || token === null ? null : manageUrl(origin, token);
  };
}

/** An integrator's changes (change-appointment): what a change writes, the workspace's team, and the visit's manage link. */
export interface AppointmentChangeRouteDependencies extends ChangeDependencies {
  readonly tenancy: Pick<TenancyStore, 'getTeamByWorkspace'>;
  /** The visit's manage link under the service's public origin; null when it cannot be derived (no origin, a rotated key). */
  manageUrl(stored: StoredAppointment): Promise<string | null>;
}

/** What the change routes use when a test puts its own (fakes); null: the stores. */
let changeOverride: (() => AppointmentChangeRouteDependencies) | null = null;

/** Puts the change routes' dependencies in place (fakes in a handler's unit test); null puts the stores back. */
export function useAppointmentChangeDependencies(deps: (() => AppointmentChangeRouteDependencies) | null): void {
  changeOverride = deps;
}

/**
 * The change-appointment function's dependencies. Call it at module load: the tables and the links'
 * key are looked up then (the function's rows declare them all); the stores are built on the first
 * call, and a test's override is read on every call.
 */
export function appointmentChangeDependencies(): () => AppointmentChangeRouteDependencies {
  const tables = {
    teams: physicalTableName('teams'),
    leads: physicalTableName('leads'),
    sessions: physicalTableName('sessions'),
    outbox: physicalTableName('outbox'),
  };
  const links = manageLinks(secretReader(CURSOR_SECRET_ENV));
  const stores = lazy((): AppointmentChangeRouteDependencies => {
    const client = getDocumentClient();
    return {
      appointments: new DynamoAppointmentStore(client, { leads: tables.leads, sessions: tables.sessions, outbox: tables.outbox }),
      schedulers: new DynamoSchedulerConfigStore(client, tables.teams),
      sessions: new DynamoWidgetSessionStore(client, tables.sessions),
      tenancy: new DynamoTeamReader(client, tables.teams),
      manageUrl: manageUrlUnder(links),
    };
  });
  return () => (changeOverride ? changeOverride() : stores());
}
