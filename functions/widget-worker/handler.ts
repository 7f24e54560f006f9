import type { Context, SQSEvent } from 'aws-lambda';
import { widgetWorkerDependencies } from '#shared/adapters/runtime/widget-worker-dependencies';
import { recoverBookingEffects } from '#shared/domain/widget/complete-booking';
import { checkDropOff } from '#shared/domain/widget/drop-off';
import { followFieldServiceChange } from '#shared/domain/widget/field-service-changes';
import { makeFieldServiceJob } from '#shared/domain/widget/field-service-jobs';
import { refOf, widgetFollowupSchema } from '#shared/domain/widget/followup-messages';
import { lazy } from '#shared/lazy';
import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import { deliveryOf, parseMessage, processSqsBatch } from '#shared/workers/sqs-batch';

const dependencies = widgetWorkerDependencies();

/**
 * A recovery text is sent by the calling-hours rules and caps of the SMS campaigns, which compute
 * with luxon: imported with the first recovery message, so that the drop-off checks (one per
 * session) and field-service jobs do not load it at cold start (docs/adr/0185-widget-cold-start.md).
 */
const recoveryFollowup = lazy(() => import('#shared/domain/widget/recovery-followup'));

/**
 * Consumes widget-followups: a booking's field-service job (exactly one per booking), the job
 * following a move or cancel of the visit (once per change), a session's drop-off check, or its
 * recovery.
 */
export const handler = (event: SQSEvent, context?: Context) =>
  processSqsBatch(
    event,
    async (record) => {
      const message = parseMessage(record, widgetFollowupSchema);
      const deps = dependencies();
      if (message.kind === 'field_service_change') {
        const { change } = message;
        const outcome = await followFieldServiceChange(deps, message, new Date());
        if (outcome === 'changed') countMetric('FieldServiceJobsChanged');
        log('info', 'field-service job change', {
          teamId: change.team_id,
          appointmentId: change.appointment_id,
          action: change.action,
          attempt: message.attempt,
          outcome,
        });
        return;
      }
      const ref = refOf(message.session);
      if (message.kind === 'recovery') {
        const [{ followUpRecovery }, texting] = await Promise.all([recoveryFollowup(), deps.followup()]);
        const outcomes = await followUpRecovery({ ...deps, ...texting }, ref, deliveryOf(record), new Date());
        if (outcomes.includes('sent')) countMetric('TextsSent');
        log('info', 'widget session recovery', { teamId: ref.teamId, sessionId: ref.sessionId, outcomes: outcomes.join(',') });
        return;
      }
      if (message.kind === 'drop_off') {
        // A booking whose effects a crash cut short gets them now (the session is booked, not pending).
        if (await recoverBookingEffects(deps, ref, new Date())) {
          log('info', 'widget booking effects recovered', { teamId: ref.teamId, sessionId: ref.sessionId });
        }
        const outcome = await checkDropOff(deps, ref, new Date(), deps.abandonAfterSeconds);
        if (outcome === 'dropped_off') countMetric('WidgetSessionsDroppedOff');
        log('info', 'widget drop-off check', { teamId: ref.teamId, sessionId: ref.sessionId, outcome });
        return;
      }
      const outcome = await makeFieldServiceJob(deps, ref, message.attempt, new Date(), message.requested_at);
      if (outcome === 'created') countMetric('FieldServiceJobsCreated');
      log('info', 'field-service job', { teamId: ref.teamId, sessionId: ref.sessionId, attempt: message.attempt, outcome });
    },
    context,
  );
