import { Duration } from 'aws-cdk-lib';
import { type Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { QUEUE_URL_ENV } from '#shared/adapters/runtime/queue-env';
import type { QueueName } from '#shared/ports/message-queue';
import type { TableName } from '#shared/routes';
import { visibilityTimeoutSeconds, WORKERS, type WorkerDefinition } from '#shared/workers/definitions';
import { pascalCase } from './naming';
import { bindResources, type ServiceResources } from './resource-bindings';
import { bindTable, ServiceFunction } from './service-function';

/**
 * How old a work queue's oldest message may get before its alarm: a provider down this long has
 * delayed outreach calls or texts (each retried at the queue's visibility timeout) though none has
 * reached the dead-letter queue yet.
 */
const BACKLOG_AGE_ALARM_MINUTES = 10;

/** One work queue with its dead-letter queue, the alarm on it, and the worker row that consumes it. */
export interface WorkQueue {
  readonly name: QueueName;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  /** In alarm while the dead-letter queue holds any message; notifies the alarm topic (lib/observability.ts). */
  readonly deadLetterAlarm: Alarm;
  /**
   * In alarm while the queue's oldest message is older than BACKLOG_AGE_ALARM_MINUTES: the work is
   * delayed (a provider or dependency down) though nothing failed for good yet.
   */
  readonly backlogAgeAlarm: Alarm;
  /** The row of WORKERS that consumes the queue. */
  readonly worker: WorkerDefinition;
}

export interface MessageQueuesProps {
  /**
   * The queue consumers: one queue per row, named by the row's `queue`.
   * @default WORKERS from shared/workers/definitions.ts
   */
  readonly workers?: readonly WorkerDefinition[];
  /**
   * How long a dead-lettered message is kept. SQS keeps a standard queue's original enqueue time when it moves a
   * message to the dead-letter queue, so this must exceed the source queue's retention (the default 4 days).
   * @default Duration.days(14) (the SQS maximum)
   */
  readonly deadLetterRetention?: Duration;
}

/**
 * One SQS queue per queue that a worker consumes, each with its own dead-letter queue: SQS-managed
 * encryption at rest, TLS-only access (a queue policy denies plain HTTP), the visibility timeout
 * six times the consumer's timeout (a batch that times out is not redelivered while it may still be
 * running), and a redrive to the dead-letter queue after the worker's `maxReceiveCount` receives.
 * A queue without a consumer is never created: a route or worker that sends to one fails synth.
 */
export class MessageQueues extends Construct {
  /** The queues, by queue name. */
  public readonly queues: ReadonlyMap<QueueName, WorkQueue>;

  constructor(scope: Construct, id: string, props: MessageQueuesProps = {}) {
    super(scope, id);
    const queues = new Map<QueueName, WorkQueue>();
    for (const worker of props.workers ?? WORKERS) {
      const existing = queues.get(worker.queue);
      if (existing) {
        throw new Error(
          `queue ${worker.queue} has two consumers (${existing.worker.functionName}, ${worker.functionName}); give each its own queue`,
        );
      }
      queues.set(worker.queue, this.createQueue(worker, props.deadLetterRetention ?? Duration.days(14)));
    }
    this.queues = queues;
  }

  /** The queue of that name; throws when no worker consumes it (a message sent there would never be processed). */
  public queue(name: QueueName): WorkQueue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`no worker consumes the ${name} queue: add a row for it to WORKERS (shared/workers/definitions.ts)`);
    return queue;
  }

  /** Lets a function send to a queue in one call: the queue URL in `QUEUE_URL_ENV[name]` and sqs:SendMessage on that queue only. */
  public bindSender(fn: ServiceFunction, name: QueueName): void {
    const { queue } = this.queue(name);
    fn.addEnvironment(QUEUE_URL_ENV[name], queue.queueUrl);
    queue.grantSendMessages(fn.function);
  }

  private createQueue(worker: WorkerDefinition, deadLetterRetention: Duration): WorkQueue {
    const id = pascalCase(worker.queue);
    const deadLetterQueue = new Queue(this, `${id}DeadLetterQueue`, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: deadLetterRetention,
    });
    const queue = new Queue(this, `${id}Queue`, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(visibilityTimeoutSeconds(worker)),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: worker.maxReceiveCount },
    });
    const deadLetterAlarm = deadLetterQueue
      .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' })
      .createAlarm(this, `${id}DeadLetterAlarm`, {
        alarmDescription: `Messages of the ${worker.queue} queue failed ${worker.maxReceiveCount} times and wait in its dead-letter queue`,
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    const backlogAgeAlarm = queue
      .metricApproximateAgeOfOldestMessage({ period: Duration.minutes(1), statistic: 'Maximum' })
      .createAlarm(this, `${id}BacklogAgeAlarm`, {
        alarmDescription: `The oldest message of the ${worker.queue} queue waits for more than ${BACKLOG_AGE_ALARM_MINUTES} minutes: its work is delayed (a provider or dependency is down?)`,
        threshold: BACKLOG_AGE_ALARM_MINUTES * 60,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    return { name: worker.queue, queue, deadLetterQueue, deadLetterAlarm, backlogAgeAlarm, worker };
  }
}

export interface QueueWorkersProps {
  /**
   * The queue consumers: one function per row.
   * @default WORKERS from shared/workers/definitions.ts
   */
  readonly workers?: readonly WorkerDefinition[];
  /** The queues the workers consume (and may send to). */
  readonly queues: MessageQueues;
  /** The tables, by logical name; each worker is bound to the ones its row declares. */
  readonly tables: Readonly<Record<TableName, ITable>>;
  /** The queues and services a worker's `uses` may name. */
  readonly resources: ServiceResources;
  /**
   * Folder that holds one folder per function.
   * @default the repository's functions/ folder
   */
  readonly functionsRoot?: string;
}

/**
 * One function per worker row (`functions/<functionName>/handler.ts`, the row's timeout), fed by its
 * queue through an SQS event source with the row's batch size and ReportBatchItemFailures (the
 * handlers answer `batchItemFailures`; without it one failed record would redeliver the whole
 * batch). No batching window: the outreach queue carries speed-to-lead calls, where waiting to fill
 * a batch costs more than the extra invocations; long polling already batches what is waiting.
 */
export class QueueWorkers extends Construct {
  /** The worker functions, by `functionName`. */
  public readonly functions: ReadonlyMap<string, ServiceFunction>;

  constructor(scope: Construct, id: string, props: QueueWorkersProps) {
    super(scope, id);
    const functions = new Map<string, ServiceFunction>();
    for (const worker of props.workers ?? WORKERS) {
      const { queue } = props.queues.queue(worker.queue);
      const fn = new ServiceFunction(this, pascalCase(worker.functionName), {
        functionName: worker.functionName,
        functionsRoot: props.functionsRoot,
        description: `Worker: consumes the ${worker.queue} queue, ${worker.batchSize} message(s) per batch`,
        timeout: Duration.seconds(worker.timeoutSeconds),
      });
      for (const { table, access } of worker.tables) {
        bindTable(fn, props.tables[table], access, tableNameEnvVar(table));
      }
      bindResources(fn, worker.uses, props.resources);
      fn.function.addEventSource(new SqsEventSource(queue, { batchSize: worker.batchSize, reportBatchItemFailures: true }));
      functions.set(worker.functionName, fn);
    }
    this.functions = functions;
  }
}
