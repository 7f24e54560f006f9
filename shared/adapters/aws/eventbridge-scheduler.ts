import type { SchedulerClient } from '@aws-sdk/client-scheduler';
import { lazy } from '#shared/lazy';
import type { QueueName } from '#shared/ports/message-queue';
import type { OneTimeScheduler } from '#shared/ports/scheduler';

/** The SDK's Scheduler client, loaded on the first call, not at cold start (docs/benchmarks.md: cold import). */
const sdk = lazy(() => import('@aws-sdk/client-scheduler'));

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
    /** @default a new SchedulerClient, built on the first call */
    private client?: SchedulerClient,
  ) {}

  async scheduleMessage(input: { name: string; at: Date; queue: QueueName; body: Record<string, unknown> }): Promise<void> {
    const { ConflictException, CreateScheduleCommand } = await sdk();
    const client = await this.sdkClient();
    const at = input.at.toISOString().slice(0, 19);
    try {
      await client.send(
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
    const { DeleteScheduleCommand, ResourceNotFoundException } = await sdk();
    const client = await this.sdkClient();
    try {
      await client.send(new DeleteScheduleCommand({ Name: name, GroupName: this.targets.groupName }));
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  }

  private async sdkClient(): Promise<SchedulerClient> {
    const { SchedulerClient } = await sdk();
    this.client ??= new SchedulerClient({});
    return this.client;
  }
}
