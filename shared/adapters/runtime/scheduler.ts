import { requireEnv } from '../../config';
import type { OneTimeScheduler } from '../../ports/scheduler';
import { EventBridgeOneTimeScheduler } from '../aws/eventbridge-scheduler';
import { adapterSlot } from './slot';

export const scheduler = adapterSlot<'default', OneTimeScheduler>(
  () =>
    new EventBridgeOneTimeScheduler({
      groupName: requireEnv('SCHEDULE_GROUP_NAME'),
      roleArn: requireEnv('SCHEDULER_ROLE_ARN'),
      queueArns: {
        'outreach-calls': process.env.OUTREACH_QUEUE_ARN ?? '',
        'campaign-sends': process.env.CAMPAIGN_SENDS_QUEUE_ARN ?? '',
      },
    }),
);
