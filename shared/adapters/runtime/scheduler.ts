import { EventBridgeOneTimeScheduler } from '#shared/adapters/aws/eventbridge-scheduler';
import { envVar, requireEnv } from '#shared/config';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import { QUEUE_ARN_ENV } from './queue-env';
import { adapterSlot } from './slot';

export const scheduler = adapterSlot<'default', OneTimeScheduler>(
  () => 'scheduler',
  () =>
    new EventBridgeOneTimeScheduler({
      groupName: requireEnv('SCHEDULE_GROUP_NAME'),
      roleArn: requireEnv('SCHEDULER_ROLE_ARN'),
      queueArns: {
        'outreach-calls': envVar(QUEUE_ARN_ENV['outreach-calls']) ?? '',
        'campaign-sends': envVar(QUEUE_ARN_ENV['campaign-sends']) ?? '',
        'coach-evaluations': envVar(QUEUE_ARN_ENV['coach-evaluations']) ?? '',
        'webhook-deliveries': envVar(QUEUE_ARN_ENV['webhook-deliveries']) ?? '',
        'widget-followups': envVar(QUEUE_ARN_ENV['widget-followups']) ?? '',
        'appointment-texts': envVar(QUEUE_ARN_ENV['appointment-texts']) ?? '',
        exports: envVar(QUEUE_ARN_ENV.exports) ?? '',
        'data-deletions': envVar(QUEUE_ARN_ENV['data-deletions']) ?? '',
        'retention-sweeps': envVar(QUEUE_ARN_ENV['retention-sweeps']) ?? '',
      },
    }),
);
