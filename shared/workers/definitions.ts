import type { QueueName } from '#shared/ports/message-queue';
import type { ResourceUse, TableName } from '#shared/routes';

/**
 * The queue consumers, beside the route table: the stack builds one function, queue and
 * dead-letter queue per row; the local runtime wires its in-process queues to the same handlers.
 */
export interface WorkerDefinition {
  readonly functionName: string;
  readonly queue: QueueName;
  /** Messages per invocation. */
  readonly batchSize: number;
  /** Function timeout; the queue's visibility timeout is six times this. */
  readonly timeoutSeconds: number;
  /** Receives before a message moves to the dead-letter queue. */
  readonly maxReceiveCount: number;
  readonly tables: readonly { readonly table: TableName; readonly access: 'read' | 'readwrite' }[];
  /** Ports the worker uses, so the stack grants and configures exactly those. */
  readonly uses: readonly ResourceUse[];
  /**
   * A recurring run: the message put on the queue once a day (an EventBridge Scheduler `rate(1 day)`
   * schedule in AWS, a timer of the local runtime under `npm start`). Absent: messages come only
   * from the service's own sends.
   */
  readonly daily?: Readonly<Record<string, unknown>>;
}

export const WORKERS: readonly WorkerDefinition[] = [
  {
    functionName: 'outreach-worker',
    queue: 'outreach-calls',
    batchSize: 5,
    timeoutSeconds: 60,
    maxReceiveCount: 5,
    tables: [
      { table: 'leads', access: 'readwrite' },
      { table: 'outbox', access: 'readwrite' },
      // A recovery call's session, read just before the call: booked meanwhile, nothing is placed.
      { table: 'sessions', access: 'read' },
    ],
    uses: ['voice-provider'],
  },
  {
    functionName: 'campaign-sender',
    queue: 'campaign-sends',
    batchSize: 1,
    timeoutSeconds: 120,
    maxReceiveCount: 5,
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'campaigns', access: 'readwrite' },
      { table: 'outbox', access: 'readwrite' },
    ],
    uses: ['sms-provider', 'campaign-sends', 'scheduler'],
  },
  {
    // A language-model evaluation takes seconds to tens of seconds (45 s timeout, one retry): three
    // per batch fit the function's 300 s.
    functionName: 'coach-evaluator',
    queue: 'coach-evaluations',
    batchSize: 3,
    timeoutSeconds: 300,
    maxReceiveCount: 5,
    tables: [
      { table: 'calls', access: 'readwrite' },
      { table: 'teams', access: 'read' },
      { table: 'outbox', access: 'readwrite' },
    ],
    uses: ['call-evaluator'],
  },
  {
    // Events from the bus (fanned out per subscription) and single attempts: an attempt waits at
    // most 10 s for the endpoint (and as long for DNS): five in a batch, one after another, fit in 90 s.
    functionName: 'webhook-dispatcher',
    queue: 'webhook-deliveries',
    batchSize: 5,
    timeoutSeconds: 90,
    maxReceiveCount: 5,
    tables: [
      { table: 'webhooks', access: 'readwrite' },
      { table: 'outbox', access: 'readwrite' },
    ],
    uses: ['webhooks', 'webhook-deliveries', 'scheduler'],
  },
  {
    // The scheduling widget's follow-ups: a booking's field-service job (a few HTTP calls, each at
    // most 15 s) and drop-off checks, which also record a booking's effects (lead, events, job
    // request) a crash cut short, and a dropped-off session's recovery (a text, through the
    // campaigns table's records, caps and suppression list; a call, on outreach-calls). Retries of
    // a job are scheduled with backoff by the worker.
    functionName: 'widget-worker',
    queue: 'widget-followups',
    batchSize: 5,
    timeoutSeconds: 120,
    maxReceiveCount: 5,
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'sessions', access: 'readwrite' },
      { table: 'leads', access: 'readwrite' },
      { table: 'outbox', access: 'readwrite' },
      { table: 'campaigns', access: 'readwrite' },
    ],
    uses: ['scheduler', 'widget-followups', 'sms-provider', 'outreach-calls', 'manage-links'],
  },
  {
    // An appointment's own texts: its confirmation (and its reminders planned), a change notice,
    // a reminder due. One text per message, a provider call of at most a few seconds with retries.
    functionName: 'appointment-texter',
    queue: 'appointment-texts',
    batchSize: 5,
    timeoutSeconds: 60,
    maxReceiveCount: 5,
    // The texts' records and the suppression list (campaigns); the appointments they are about and
    // the notes on their history (leads); the business's name and reminder offsets (teams).
    tables: [
      { table: 'campaigns', access: 'readwrite' },
      { table: 'leads', access: 'readwrite' },
      { table: 'teams', access: 'read' },
    ],
    uses: ['sms-provider', 'scheduler', 'manage-links'],
  },
  {
    // Exports: one export per message, part by part (shared/domain/exports/run-export.ts). An
    // invocation stops a minute before its timeout and queues the rest of its export: each
    // invocation's work is bounded, whatever the export's size.
    functionName: 'export-worker',
    queue: 'exports',
    batchSize: 1,
    timeoutSeconds: 900,
    maxReceiveCount: 5,
    tables: [
      { table: 'exports', access: 'readwrite' },
      { table: 'outbox', access: 'readwrite' },
      { table: 'sessions', access: 'read' },
      { table: 'calls', access: 'read' },
      { table: 'leads', access: 'read' },
      { table: 'campaigns', access: 'read' },
      { table: 'teams', access: 'read' },
    ],
    uses: ['export-files', 'exports', 'manage-links'],
  },
  {
    // Deletion on request: one deletion per message, every kind of the person's data in its teams'
    // partitions (docs/data-subject-deletions.md); a crash resumes at the first kind not finished.
    functionName: 'data-deletion-worker',
    queue: 'data-deletions',
    batchSize: 1,
    timeoutSeconds: 300,
    maxReceiveCount: 5,
    tables: [
      { table: 'teams', access: 'readwrite' },
      { table: 'sessions', access: 'readwrite' },
      { table: 'leads', access: 'readwrite' },
      { table: 'calls', access: 'readwrite' },
      { table: 'campaigns', access: 'readwrite' },
      { table: 'webhooks', access: 'readwrite' },
      { table: 'outbox', access: 'readwrite' },
      { table: 'audit-log', access: 'readwrite' },
      { table: 'exports', access: 'readwrite' },
    ],
    uses: ['export-removals'],
  },
  {
    // Removes the transcripts and recording references past each team's retention (ADR 0166).
    // Once a day; one message is one sweep of every team with a setting, at most 15 minutes.
    functionName: 'retention-sweeper',
    queue: 'retention-sweeps',
    batchSize: 1,
    timeoutSeconds: 900,
    maxReceiveCount: 5,
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'calls', access: 'readwrite' },
    ],
    uses: [],
    daily: { kind: 'retention-sweep' },
  },
];

/**
 * The stream consumers: the stack builds one function per row with an event source mapping on the
 * table's DynamoDB stream (ReportBatchItemFailures, bisect on error, an on-failure destination
 * queue); the local runtime polls its emulated stream (local/runtime/stream-mapping.ts) and invokes the same handler
 * with DynamoDB-stream-shaped events and the same retry rules.
 */
export interface StreamConsumerDefinition {
  readonly functionName: string;
  /** The table whose stream the function reads (its definition must declare `stream`). */
  readonly table: TableName;
  /** Records per invocation. */
  readonly batchSize: number;
  /** How long records may gather before an invocation (the freshness floor). */
  readonly maxBatchingWindowSeconds: number;
  readonly timeoutSeconds: number;
  /** Retries of a failing batch (halved on each bisect) before it goes to the on-failure destination. */
  readonly retryAttempts: number;
  readonly tables: readonly { readonly table: TableName; readonly access: 'read' | 'readwrite' }[];
  /** Ports the consumer uses, so the stack grants and configures exactly those. */
  readonly uses?: readonly ResourceUse[];
}

export const STREAM_CONSUMERS: readonly StreamConsumerDefinition[] = [
  {
    functionName: 'session-rollups',
    table: 'sessions',
    batchSize: 500,
    maxBatchingWindowSeconds: 1,
    timeoutSeconds: 120,
    retryAttempts: 10,
    tables: [
      { table: 'sessions', access: 'read' },
      { table: 'rollups', access: 'readwrite' },
    ],
  },
  {
    // The transactional outbox: each due event published on the bus, then marked sent. Retries go
    // on while the stream keeps the record (24 h): an event is late during a bus outage, never lost.
    functionName: 'publish-events',
    table: 'outbox',
    batchSize: 25,
    maxBatchingWindowSeconds: 0,
    timeoutSeconds: 60,
    retryAttempts: 10_000,
    tables: [{ table: 'outbox', access: 'readwrite' }],
    // The appointment texts and the field-service jobs follow the visits' events from here
    // (shared/domain/outbox/appointment-followups.ts), and a dropped-off session's recovery its
    // recovery_due event (shared/domain/outbox/widget-followups.ts).
    uses: ['event-bus', 'appointment-texts', 'widget-followups'],
  },
];

export function visibilityTimeoutSeconds(worker: WorkerDefinition): number {
  return worker.timeoutSeconds * 6;
}

/** How long one invocation of the worker may run: a claim it left open for longer is abandoned. */
export function workerMaxRunMs(functionName: string): number {
  const worker = WORKERS.find((w) => w.functionName === functionName);
  if (!worker) throw new Error(`no worker ${functionName}`);
  return worker.timeoutSeconds * 1000;
}
