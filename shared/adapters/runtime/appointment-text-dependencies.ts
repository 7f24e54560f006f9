import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { DynamoAppointmentTextStore } from '#shared/adapters/dynamodb/appointment-text-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import type { AppointmentTextWorkerDependencies } from '#shared/domain/appointment-texts/handle-text-message';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import { appointmentTextSource } from '#shared/domain/appointments/text-source';
import { pricePerSegmentMicros } from '#shared/domain/sms-campaigns/pricing-config';
import { lazy } from '#shared/lazy';
import type { AppointmentTextSource } from '#shared/ports/appointment-text-source';
import { workerMaxRunMs } from '#shared/workers/definitions';
import { CURSOR_SECRET_ENV, publicOrigin } from './resource-env';
import { scheduler } from './scheduler';
import { secretReader } from './secrets';
import { smsProvider } from './sms-provider';

/** Where the appointment texts read the appointments when a test puts its own; null: the appointment store. */
let appointmentSource: (() => AppointmentTextSource) | null = null;

/** Puts the appointments the texts read in place (a fake in tests); null puts the appointment store back. */
export function useAppointmentTextSource(source: (() => AppointmentTextSource) | null): void {
  appointmentSource = source;
}

/** The appointment store, read for texts (its stores built on the first call). */
function storeTextSource(tables: { readonly leads: string; readonly teams: string }): () => AppointmentTextSource {
  const links = manageLinks(secretReader(CURSOR_SECRET_ENV));
  return lazy(() => {
    const client = getDocumentClient();
    return appointmentTextSource({
      appointments: new DynamoAppointmentStore(client, { leads: tables.leads }),
      schedulers: new DynamoSchedulerConfigStore(client, tables.teams),
      tenancy: new DynamoTenancyStore(client, tables.teams),
      links,
      origin: publicOrigin,
    });
  });
}

/**
 * The appointment-texter worker: the texts' records and the suppression list (campaigns table),
 * the SMS provider, the scheduler (reminders), the price per segment and the run limit read at
 * load. Call it at module load: the table is looked up then.
 */
export function appointmentTextDependencies(): () => AppointmentTextWorkerDependencies {
  const campaigns = physicalTableName('campaigns');
  const texts = lazy(() => new DynamoAppointmentTextStore(getDocumentClient(), campaigns));
  const store = storeTextSource({ leads: physicalTableName('leads'), teams: physicalTableName('teams') });
  const price = pricePerSegmentMicros();
  const maxRunMs = workerMaxRunMs('appointment-texter');
  return () => ({
    texts: texts(),
    sms: smsProvider.get('default'),
    scheduler: scheduler.get('default'),
    appointments: appointmentSource ? appointmentSource() : store(),
    pricePerSegmentMicros: price,
    maxRunMs,
  });
}
