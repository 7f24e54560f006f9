import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import type { QueueName } from '#shared/ports/message-queue';
import type { OneTimeScheduler } from '#shared/ports/scheduler';

export interface SchedulerTargets {
  readonly groupName: string;
  /** Role EventBridge Scheduler assumes to send to the queues. */
  readonly roleArn: string;
  readonly queueArns: Readonly<Record<QueueName, string>>;
}

/**
 * EventBridge Scheduler one-time schedules (`at(...)` in UTC) that send the message to SQS and
 * delete themselves after running.
 */
export class EventBridgeOneTimeScheduler implements OneTimeScheduler {
  constructor(
    private readonly targets: SchedulerTargets,
    private readonly client: SchedulerClient = new SchedulerClient({}),
  ) {}

  async scheduleMessage(input: { name: string; at: Date; queue: QueueName; body: Record<string, unknown> }): Promise<void> {
    const at = input.at.toISOString().slice(0, 19);
    try {
      await this.client.send(
        new CreateScheduleCommand({
          Name: input.name,
          GroupName: this.targets.groupName,
          ScheduleExpression: `at(${at})`,
          ScheduleExpressionTimezone: 'UTC',
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          Target: { Arn: this.targets.queueArns[input.queue], RoleArn: this.targets.roleArn, Input: JSON.stringify(input.body) },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
    }
  }

  async cancel(name: string): Promise<void> {
    try {
      await this.client.send(new DeleteScheduleCommand({ Name: name, GroupName: this.targets.groupName }));
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  }
}
