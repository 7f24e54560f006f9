import { DynamoAppointmentTextStore } from '#shared/adapters/dynamodb/appointment-text-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { AppointmentTextWorkerDependencies } from '#shared/domain/appointment-texts/handle-text-message';
import { pricePerSegmentMicros } from '#shared/domain/sms-campaigns/pricing-config';
import { lazy } from '#shared/lazy';
import type { AppointmentReplies } from '#shared/ports/appointment-replies';
import type { AppointmentTextSource } from '#shared/ports/appointment-text-source';
import { workerMaxRunMs } from '#shared/workers/definitions';
import { scheduler } from './scheduler';
import { smsProvider } from './sms-provider';

/**
 * Where the appointment texts read the appointments. The appointment store answers it once it is
 * wired here; until then no appointment is known, and each message is logged as `unknown` and
 * dropped (nothing sends a message before the store exists).
 */
let appointmentSource: () => AppointmentTextSource = () => ({
  appointment: async () => null,
  recordText: async () => {},
});

/** Puts the appointments the texts read in place (the appointment store; a fake in tests). */
export function useAppointmentTextSource(source: () => AppointmentTextSource): void {
  appointmentSource = source;
}

/**
 * The appointment-texter worker: the texts' records and the suppression list (campaigns table),
 * the SMS provider, the scheduler (reminders), the price per segment and the run limit read at
 * load. Call it at module load: the table is looked up then.
 */
export function appointmentTextDependencies(): () => AppointmentTextWorkerDependencies {
  const campaigns = physicalTableName('campaigns');
  const texts = lazy(() => new DynamoAppointmentTextStore(getDocumentClient(), campaigns));
  const price = pricePerSegmentMicros();
  const maxRunMs = workerMaxRunMs('appointment-texter');
  return () => ({
    texts: texts(),
    sms: smsProvider.get('default'),
    scheduler: scheduler.get('default'),
    appointments: appointmentSource(),
    pricePerSegmentMicros: price,
    maxRunMs,
  });
}

/**
 * What replies to appointment texts do to the appointments. The appointment store answers it once
 * it is wired here; until then no number has an upcoming visit, and replies are handled as before.
 */
let appointmentReplies: () => AppointmentReplies = () => ({
  upcoming: async () => null,
  confirm: async () => {},
  keepForStaff: async () => {},
});

/** Puts the appointments replies act on in place (the appointment store; a fake in tests). */
export function useAppointmentReplies(replies: () => AppointmentReplies): void {
  appointmentReplies = replies;
}

/** receive-inbound-sms: the appointments replies act on (read on every call, so a test can put its own). */
export function appointmentReplyDependencies(): () => AppointmentReplies {
  return () => appointmentReplies();
}
