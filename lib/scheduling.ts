import { Aws, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnSchedule, ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { QUEUE_ARN_ENV } from '#shared/adapters/runtime/queue-env';
import type { MessageQueues } from './messaging';
import { pascalCase } from './naming';
import type { ServiceFunction } from './service-function';
import { serviceNameOf } from './stage';

export interface ServiceSchedulerProps {
  /** The queues schedules may deliver to: the role may send to each of them and to nothing else. */
  readonly queues: MessageQueues;
  /**
   * Name of the schedule group that holds the service's one-time schedules.
   * @default `<service>-<stage>-schedules` (lib/stage.ts)
   */
  readonly scheduleGroupName?: string;
}

/**
 * EventBridge Scheduler for deferred work: a schedule group that holds the service's one-time
 * `at()` schedules (created by functions, each deleting itself after it runs), and the role the
 * scheduler assumes to deliver them. The role may only send messages to the service's queues, and
 * can only be assumed by schedules of this account in this group (confused-deputy conditions).
 *
 * The group leaves with the stack (CloudFormation's default for it would be to keep it): its
 * schedules only target this stage's queues, which leave too, and a kept group would make the next
 * create of the stage fail on its name ("already exists") after any rollback or destroy.
 */
export class ServiceScheduler extends Construct {
  public readonly group: ScheduleGroup;
  public readonly scheduleGroupName: string;
  /** The role EventBridge Scheduler assumes to send a due schedule's message to its queue. */
  public readonly targetRole: Role;
  private readonly queues: MessageQueues;

  constructor(scope: Construct, id: string, props: ServiceSchedulerProps) {
    super(scope, id);
    this.queues = props.queues;
    this.scheduleGroupName = props.scheduleGroupName ?? `${serviceNameOf(this)}-schedules`;
    this.group = new ScheduleGroup(this, 'Group', { scheduleGroupName: this.scheduleGroupName, removalPolicy: RemovalPolicy.DESTROY });

    this.targetRole = new Role(this, 'TargetRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnEquals: { 'aws:SourceArn': this.group.scheduleGroupArn },
        },
      }),
      description: `Lets EventBridge Scheduler deliver the schedules of ${this.scheduleGroupName} to the service's queues`,
    });
    const queueArns = [...props.queues.queues.values()].map(({ queue }) => queue.queueArn);
    if (queueArns.length > 0) {
      this.targetRole.addToPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: queueArns }));
    }
    this.addDailyRuns();
  }

  /**
   * A recurring `rate(1 day)` schedule per worker with a daily run (WorkerDefinition.daily, the
   * retention sweep), in the same group and delivered with the same role as the one-time schedules.
   */
  private addDailyRuns(): void {
    for (const { name, queue, worker } of this.queues.queues.values()) {
      if (!worker.daily) continue;
      const schedule = new CfnSchedule(this, `${pascalCase(name)}Daily`, {
        groupName: this.group.scheduleGroupName,
        scheduleExpression: 'rate(1 day)',
        flexibleTimeWindow: { mode: 'FLEXIBLE', maximumWindowInMinutes: 60 },
        description: `Puts the daily ${worker.functionName} message on ${name}`,
        target: { arn: queue.queueArn, roleArn: this.targetRole.roleArn, input: JSON.stringify(worker.daily) },
      });
      // The group is named, not referenced: without this the schedule could be created before it.
      schedule.node.addDependency(this.group);
    }
  }

  /**
   * Lets a function create and cancel one-time schedules in one call: SCHEDULE_GROUP_NAME,
   * SCHEDULER_ROLE_ARN and each queue's ARN (the targets) in its environment; CreateSchedule and
   * DeleteSchedule on the schedules of this group only; and iam:PassRole on exactly the target role,
   * only towards EventBridge Scheduler.
   */
  public bindScheduler(fn: ServiceFunction): void {
    fn.addEnvironment('SCHEDULE_GROUP_NAME', this.scheduleGroupName);
    fn.addEnvironment('SCHEDULER_ROLE_ARN', this.targetRole.roleArn);
    for (const { name, queue } of this.queues.queues.values()) {
      fn.addEnvironment(QUEUE_ARN_ENV[name], queue.queueArn);
    }

    const schedulesInGroup = Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.scheduleGroupName}/*`,
    });
    fn.role.addToPolicy(
      new PolicyStatement({ actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'], resources: [schedulesInGroup] }),
    );
    fn.role.addToPolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.targetRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    Validations.of(fn.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${this.scheduleGroupName}/*]`,
      reason:
        `Schedule names are generated per lead or campaign at run time, so CreateSchedule/DeleteSchedule can only name them ` +
        `by pattern; the wildcard is confined to the service's own group (${this.scheduleGroupName}).`,
    });
  }
}
