import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { lazy } from '#shared/lazy';
import type { AppointmentStore } from '#shared/ports/appointment-store';

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
