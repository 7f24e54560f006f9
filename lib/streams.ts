import { Duration, Validations } from 'aws-cdk-lib';
import { type Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import type { TableName } from '#shared/routes';
import { STREAM_CONSUMERS, type StreamConsumerDefinition } from '#shared/workers/definitions';
import { pascalCase } from './naming';
import { bindResources, type ServiceResources } from './resource-bindings';
import { bindTable, ServiceFunction } from './service-function';

/** Iterator age above which the consumer is falling behind (rollups then lag the sessions by as much). */
const ITERATOR_AGE_ALARM_SECONDS = 60;

export interface StreamConsumersProps {
  /**
   * The stream consumers: one function per row.
   * @default STREAM_CONSUMERS from shared/workers/definitions.ts
   */
  readonly consumers?: readonly StreamConsumerDefinition[];
  /** The tables, by logical name: the consumed table must have its stream enabled (its definition's `stream`). */
  readonly tables: Readonly<Record<TableName, Table>>;
  /** The resources a row's `uses` names (the outbox publisher's event bus); required when a row uses any. */
  readonly resources?: ServiceResources;
  /**
   * Folder that holds one folder per function.
   * @default the repository's functions/ folder
   */
  readonly functionsRoot?: string;
}

export interface StreamConsumer {
  readonly function: ServiceFunction;
  /** Where a batch goes (its shard, sequence range and error) after its retries are spent. */
  readonly failureQueue: Queue;
  readonly failureAlarm: Alarm;
  readonly iteratorAgeAlarm: Alarm;
  readonly errorAlarm: Alarm;
}

/**
 * One function per stream-consumer row (`functions/<functionName>/handler.ts`), fed by a DynamoDB
 * event source mapping on its table's stream: from the trim horizon (a new consumer catches up with
 * the last 24 hours; older history is what `admin rollups rebuild` is for), the row's batch size
 * and batching window, ReportBatchItemFailures (the handler names the first record to retry),
 * bisect on error, the row's retry attempts, and an SQS on-failure destination with an alarm. The
 * iterator-age alarm says the consumer is behind; the error alarm that it is failing at all.
 */
export class StreamConsumers extends Construct {
  /** The consumers, by `functionName`. */
  public readonly consumers: ReadonlyMap<string, StreamConsumer>;

  constructor(scope: Construct, id: string, props: StreamConsumersProps) {
    super(scope, id);
    const consumers = new Map<string, StreamConsumer>();
    for (const row of props.consumers ?? STREAM_CONSUMERS) {
      const table = props.tables[row.table];
      if (!table.tableStreamArn)
        throw new Error(`${row.functionName} reads the ${row.table} table's stream, which its definition does not enable`);
      const name = pascalCase(row.functionName);
      const fn = new ServiceFunction(this, name, {
        functionName: row.functionName,
        functionsRoot: props.functionsRoot,
        description: `Stream consumer: the ${row.table} table's changes, up to ${row.batchSize} records per batch`,
        timeout: Duration.seconds(row.timeoutSeconds),
      });
      for (const { table: bound, access } of row.tables) {
        bindTable(fn, props.tables[bound], access, tableNameEnvVar(bound));
      }
      if (row.uses && row.uses.length > 0) {
        if (!props.resources) throw new Error(`${row.functionName} uses ${row.uses.join(', ')}: pass the stack's resources`);
        bindResources(fn, row.uses, props.resources);
      }
      const failureQueue = new Queue(this, `${name}FailureQueue`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      Validations.of(failureQueue).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason:
          "This queue is the event source mapping's on-failure destination (a dead-letter queue itself); a dead-letter queue of it would only hide what it holds.",
      });
      fn.function.addEventSource(
        new DynamoEventSource(table, {
          startingPosition: StartingPosition.TRIM_HORIZON,
          batchSize: row.batchSize,
          maxBatchingWindow: Duration.seconds(row.maxBatchingWindowSeconds),
          bisectBatchOnError: true,
          retryAttempts: row.retryAttempts,
          reportBatchItemFailures: true,
          onFailure: new SqsDlq(failureQueue),
        }),
      );
      if (fn.function.role) {
        Validations.of(fn.function.role).acknowledge({
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason:
            'DynamoEventSource grants dynamodb:ListStreams on *: the action has no resource-level permissions (IAM service authorization reference); reads of the stream itself are granted on its ARN only.',
        });
      }
      const alarm = (
        alarmId: string,
        description: string,
        metric: ReturnType<Queue['metricApproximateNumberOfMessagesVisible']>,
        threshold: number,
      ) =>
        metric.createAlarm(this, `${name}${alarmId}`, {
          alarmDescription: description,
          threshold,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        });
      consumers.set(row.functionName, {
        function: fn,
        failureQueue,
        failureAlarm: alarm(
          'FailureAlarm',
          `Batches of the ${row.table} stream failed ${row.retryAttempts} times in ${row.functionName}: their records' positions wait in its failure queue${row.functionName === 'session-rollups' ? ' (replay with admin rollups rebuild)' : ' (their outbox items are still due: see docs/faults.md)'}`,
          failureQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
          0,
        ),
        iteratorAgeAlarm: alarm(
          'IteratorAgeAlarm',
          `${row.functionName} is more than ${ITERATOR_AGE_ALARM_SECONDS} s behind the ${row.table} stream`,
          fn.function.metric('IteratorAge', { period: Duration.minutes(1), statistic: 'Maximum' }),
          ITERATOR_AGE_ALARM_SECONDS * 1000,
        ),
        errorAlarm: alarm(
          'ErrorAlarm',
          `${row.functionName} failed invocations (the stream retries them)`,
          fn.function.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
          0,
        ),
      });
    }
    this.consumers = consumers;
  }
}
