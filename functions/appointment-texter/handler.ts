import type { Context, SQSEvent } from 'aws-lambda';
import { appointmentTextDependencies } from '#shared/adapters/runtime/appointment-text-dependencies';
import { handleAppointmentTextMessage } from '#shared/domain/appointment-texts/handle-text-message';
import { appointmentTextMessageSchema } from '#shared/domain/appointment-texts/text-messages';
import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import { deliveryOf, parseMessage, processSqsBatch } from '#shared/workers/sqs-batch';

const dependencies = appointmentTextDependencies();

/** Consumes appointment-texts: a booking's confirmation and reminders, a change notice, a reminder due; each text once. */
export const handler = (event: SQSEvent, context?: Context) =>
  processSqsBatch(
    event,
    async (record) => {
      const message = parseMessage(record, appointmentTextMessageSchema);
      const outcome = await handleAppointmentTextMessage(dependencies(), message, deliveryOf(record), new Date());
      if (outcome === 'sent') countMetric('TextsSent');
      log('info', 'appointment text', { teamId: message.team_id, appointmentId: message.appointment_id, kind: message.kind, outcome });
    },
    context,
  );
