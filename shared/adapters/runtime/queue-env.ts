import type { QueueName } from '#shared/ports/message-queue';

/** Environment variables that carry each queue's URL and ARN (set by the stack, read by adapters). */
export const QUEUE_URL_ENV: Readonly<Record<QueueName, string>> = {
  'outreach-calls': 'OUTREACH_QUEUE_URL',
  'campaign-sends': 'CAMPAIGN_SENDS_QUEUE_URL',
  'coach-evaluations': 'COACH_EVALUATIONS_QUEUE_URL',
  'webhook-deliveries': 'WEBHOOK_DELIVERIES_QUEUE_URL',
  'widget-followups': 'WIDGET_FOLLOWUPS_QUEUE_URL',
  'appointment-texts': 'APPOINTMENT_TEXTS_QUEUE_URL',
  exports: 'EXPORTS_QUEUE_URL',
  'data-deletions': 'DATA_DELETIONS_QUEUE_URL',
  'retention-sweeps': 'RETENTION_SWEEPS_QUEUE_URL',
};

export const QUEUE_ARN_ENV: Readonly<Record<QueueName, string>> = {
  'outreach-calls': 'OUTREACH_QUEUE_ARN',
  'campaign-sends': 'CAMPAIGN_SENDS_QUEUE_ARN',
  'coach-evaluations': 'COACH_EVALUATIONS_QUEUE_ARN',
  'webhook-deliveries': 'WEBHOOK_DELIVERIES_QUEUE_ARN',
  'widget-followups': 'WIDGET_FOLLOWUPS_QUEUE_ARN',
  'appointment-texts': 'APPOINTMENT_TEXTS_QUEUE_ARN',
  exports: 'EXPORTS_QUEUE_ARN',
  'data-deletions': 'DATA_DELETIONS_QUEUE_ARN',
  'retention-sweeps': 'RETENTION_SWEEPS_QUEUE_ARN',
};
