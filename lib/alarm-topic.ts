import { ArnFormat, Aws, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { serviceNameOf } from './stage';

export interface AlarmTopicProps {
  /** Email addresses subscribed to the topic (each confirms by email). @default - none */
  readonly alarmEmails?: readonly string[];
}

/** The CDK context key alarm subscribers come from: `cdk deploy -c alarmEmails=a@b.c,d@e.f`. */
export const ALARM_EMAILS_CONTEXT = 'alarmEmails';

/** Alarm subscribers from a context value: a comma-separated string (the CLI's `-c`) or a list (cdk.json). */
export function alarmEmailsFromContext(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.map((item) => String(item).trim()).filter((item) => item.length > 0);
}

/**
 * The SNS topic every alarm of the service notifies, encrypted with a customer-managed key
 * (CloudWatch cannot publish to a topic under the AWS-managed SNS key, whose policy it may not use).
 *
 * A topic policy replaces SNS's default policy, and `enforceSSL` writes one holding only the
 * deny-plain-HTTP statement: without a statement letting CloudWatch publish, every alarm action
 * fails with "not authorized to perform SNS:Publish". So the policy allows `cloudwatch.amazonaws.com`
 * to publish, only for alarms of this account (`aws:SourceAccount`) whose ARN names one of this
 * stage's stacks (`aws:SourceArn`: CloudFormation names an alarm `<stack name>-<logical id>-<suffix>`,
 * and every stack of the stage is named `<service>-<stage>-<part>`); the key policy lets CloudWatch
 * encrypt what it publishes.
 */
export class AlarmTopic extends Construct {
  public readonly topic: Topic;
  public readonly key: Key;

  constructor(scope: Construct, id: string, props: AlarmTopicProps = {}) {
    super(scope, id);
    const service = serviceNameOf(this);
    this.key = new Key(this, 'Key', {
      description: `Encrypts the alarm topic of ${service}; CloudWatch may use it to publish alarms`,
      enableKeyRotation: true,
    });
    this.key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudWatchAlarmsToEncrypt',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.topic = new Topic(this, 'Topic', { displayName: `${service} alarms`, masterKey: this.key, enforceSSL: true });
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudWatchAlarmsToPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: {
            'aws:SourceArn': Stack.of(this).formatArn({
              service: 'cloudwatch',
              resource: 'alarm',
              resourceName: `${service}-*`,
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
        },
      }),
    );
    for (const email of props.alarmEmails ?? []) this.topic.addSubscription(new EmailSubscription(email));
  }
}
