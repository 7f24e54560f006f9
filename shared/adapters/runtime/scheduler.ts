import { requireEnv } from '../../config';
import type { OneTimeScheduler } from '../../ports/scheduler';
import { EventBridgeOneTimeScheduler } from '../aws/eventbridge-scheduler';
import { QUEUE_ARN_ENV } from './queue-env';
import { adapterSlot } from './slot';

export const scheduler = adapterSlot<'default', OneTimeScheduler>(
  () =>
    new EventBridgeOneTimeScheduler({
      groupName: requireEnv('SCHEDULE_GROUP_NAME'),
      roleArn: requireEnv('SCHEDULER_ROLE_ARN'),
      queueArns: {
        'outreach-calls': process.env[QUEUE_ARN_ENV['outreach-calls']] ?? '',
        'campaign-sends': process.env[QUEUE_ARN_ENV['campaign-sends']] ?? '',
      },
    }),
);
