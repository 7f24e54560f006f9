import type { Context, SQSEvent } from 'aws-lambda';
import { DynamoBookingRequestStore } from '#shared/adapters/dynamodb/booking-request-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoFieldServiceConfigStore } from '#shared/adapters/dynamodb/field-service-config-store';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoWidgetSessionStore } from '#shared/adapters/dynamodb/widget-session-store';
import { configuredFieldServices } from '#shared/adapters/runtime/field-service';
import { queues } from '#shared/adapters/runtime/queues';
import { scheduler } from '#shared/adapters/runtime/scheduler';
import { abandonAfterSeconds } from '#shared/adapters/runtime/widget-settings';
import { recoverBookingEffects } from '#shared/domain/widget/complete-booking';
import { checkDropOff } from '#shared/domain/widget/drop-off';
import { makeFieldServiceJob, refOf, widgetFollowupSchema } from '#shared/domain/widget/field-service-jobs';
import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import { parseMessage, processSqsBatch } from '#shared/workers/sqs-batch';

const client = getDocumentClient();
const sessions = new DynamoWidgetSessionStore(client, physicalTableName('sessions'));
const bookingRequests = new DynamoBookingRequestStore(client, physicalTableName('sessions'));
const schedulers = new DynamoSchedulerConfigStore(client, physicalTableName('teams'));
const leads = new DynamoLeadStore(client, physicalTableName('leads'));
const fieldService = configuredFieldServices(new DynamoFieldServiceConfigStore(client, physicalTableName('teams')));
const afterSeconds = abandonAfterSeconds();

/** Consumes widget-followups: a booking's field-service job (exactly one per booking), or a session's drop-off check. */
export const handler = (event: SQSEvent, context?: Context) =>
  processSqsBatch(
    event,
    async (record) => {
      const message = parseMessage(record, widgetFollowupSchema);
      const ref = refOf(message.session);
      if (message.kind === 'drop_off') {
        // A booking whose effects a crash cut short gets them now (the session is booked, not pending).
        const followups = queues.get('widget-followups');
        if (await recoverBookingEffects({ sessions, schedulers, leads, bookingRequests, followups }, ref, new Date())) {
          log('info', 'widget booking effects recovered', { teamId: ref.teamId, sessionId: ref.sessionId });
        }
        const outcome = await checkDropOff({ sessions, scheduler: scheduler.get('default') }, ref, new Date(), afterSeconds);
        if (outcome === 'dropped_off') countMetric('WidgetSessionsDroppedOff');
        log('info', 'widget drop-off check', { teamId: ref.teamId, sessionId: ref.sessionId, outcome });
        return;
      }
      const outcome = await makeFieldServiceJob(
        { sessions, bookingRequests, schedulers, fieldService, scheduler: scheduler.get('default') },
        ref,
        message.attempt,
        new Date(),
      );
      if (outcome === 'created') countMetric('FieldServiceJobsCreated');
      log('info', 'field-service job', { teamId: ref.teamId, sessionId: ref.sessionId, attempt: message.attempt, outcome });
    },
    context,
  );
