import { Duration, Validations } from 'aws-cdk-lib';
import { type Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import {
  WEBHOOK_ALLOW_PRIVATE_TARGETS_ENV,
  WEBHOOK_RETRY_SCHEDULE_ENV,
  WEBHOOK_SECRET_KEY_ENV,
} from '#shared/adapters/runtime/webhook-settings';
import { WEBHOOK_EVENT_TYPES } from '#shared/domain/webhooks/model';
import { DEFAULT_RETRY_SCHEDULE_SECONDS } from '#shared/domain/webhooks/retry-schedule';
import { EVENT_SOURCE } from '#shared/ports/event-bus';
import type { ServiceEvents } from './events';
import type { MessageQueues } from './messaging';
import { bindSecret, type ServiceFunction } from './service-function';

export interface WebhookDeliveryProps {
  readonly events: ServiceEvents;
  /** The queues; the webhook-deliveries queue (and its dead-letter queue) must be among them. */
  readonly queues: MessageQueues;
}

/**
 * Webhook delivery to integrators' endpoints: an EventBridge rule sends every subscribable event
 * type (WEBHOOK_EVENT_TYPES) from the service bus to the webhook-deliveries queue, whose worker
 * (functions/webhook-dispatcher) fans each event out to the team's subscriptions and makes the
 * signed attempts; retries beyond SQS's 15-minute delay go through the service's scheduler. The
 * signing secrets are stored sealed (AES-256-GCM) under a key generated here in Secrets Manager.
 */
export class WebhookDelivery extends Construct {
  public readonly rule: Rule;
  /** The key that seals the subscriptions' signing secrets. */
  public readonly secretKey: Secret;
  /** In alarm when the rule could not put events on the queue. */
  public readonly ruleFailureAlarm: Alarm;
  /** In alarm while the oldest waiting event or attempt is over 15 minutes old (the dispatcher is behind or failing). */
  public readonly backlogAlarm: Alarm;

  constructor(scope: Construct, id: string, props: WebhookDeliveryProps) {
    super(scope, id);
    const { queue, deadLetterQueue } = props.queues.queue('webhook-deliveries');
    this.secretKey = new Secret(this, 'SecretKey', {
      description: 'Key that seals the webhook signing secrets stored in the webhooks table',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    Validations.of(this.secretKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The key seals every stored signing secret: rotating it would make them unreadable. Functions read it at run time; ' +
        're-keying means re-sealing the secrets, an operator task.',
    });
    this.rule = new Rule(this, 'Rule', {
      eventBus: props.events.bus,
      description: 'Events integrators can subscribe to by webhook → the webhook dispatcher queue',
      eventPattern: { source: [EVENT_SOURCE], detailType: [...WEBHOOK_EVENT_TYPES] },
      targets: [new SqsQueue(queue, { deadLetterQueue, retryAttempts: 185, maxEventAge: Duration.hours(24) })],
    });
    const failedInvocations = new Metric({
      namespace: 'AWS/Events',
      metricName: 'FailedInvocations',
      dimensionsMap: { RuleName: this.rule.ruleName },
      period: Duration.minutes(5),
      statistic: 'Sum',
    });
    this.ruleFailureAlarm = failedInvocations.createAlarm(this, 'RuleFailureAlarm', {
      alarmDescription: 'The webhook rule could not send events to the webhook-deliveries queue',
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.backlogAlarm = queue
      .metricApproximateAgeOfOldestMessage({ period: Duration.minutes(5), statistic: 'Maximum' })
      .createAlarm(this, 'BacklogAlarm', {
        alarmDescription: 'Webhook events or attempts have waited over 15 minutes for the dispatcher',
        threshold: 900,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 2,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
  }

  /**
   * Gives a function the webhook settings: read access to the sealing key (read at run time,
   * bindSecret), private targets refused, and the production retry schedule.
   */
  public bind(fn: ServiceFunction): void {
    bindSecret(fn, this.secretKey, WEBHOOK_SECRET_KEY_ENV);
    fn.addEnvironment(WEBHOOK_ALLOW_PRIVATE_TARGETS_ENV, 'false');
    fn.addEnvironment(WEBHOOK_RETRY_SCHEDULE_ENV, DEFAULT_RETRY_SCHEDULE_SECONDS.join(','));
  }

  /** An alarm on the dispatcher's errors (a failing batch, not a failing endpoint: those are recorded, not thrown). */
  public watchDispatcher(fn: ServiceFunction): Alarm {
    return fn.function.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }).createAlarm(this, 'DispatcherErrorAlarm', {
      alarmDescription: 'The webhook dispatcher failed invocations',
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
