import * as path from 'node:path';
import { callEvaluator } from '#shared/adapters/runtime/call-evaluator';
import { eventBus } from '#shared/adapters/runtime/event-bus';
import { exportFiles as exportFilesSlot } from '#shared/adapters/runtime/export-files';
import { useFieldServiceSandbox } from '#shared/adapters/runtime/field-service';
import { queues as queueSlot } from '#shared/adapters/runtime/queues';
import { recordingSource } from '#shared/adapters/runtime/recording-source';
import { scheduler as schedulerSlot } from '#shared/adapters/runtime/scheduler';
import { smsProvider } from '#shared/adapters/runtime/sms-provider';
import { voiceProvider } from '#shared/adapters/runtime/voice-provider';
import { responder as responderSlot } from '#shared/adapters/runtime/voice-responder';
import { RuleBasedEvaluator } from '#shared/domain/coach/rule-evaluator';
import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { isWebhookEventType } from '#shared/domain/webhooks/model';
import { EVENT_SOURCE } from '#shared/ports/event-bus';
import type { QueueName } from '#shared/ports/message-queue';
import { WORKERS } from '#shared/workers/definitions';
import { faultyBus, faultyQueue, faultySms, faultyVoice } from '../faults/adapters';
import type { FaultInjector } from '../faults/injector';
import { SandboxCallReporter } from '../sandbox/call-reports';
import { SandboxFieldService } from '../sandbox/field-service';
import { SandboxRecordings } from '../sandbox/recordings';
import { SandboxSmsProvider } from '../sandbox/sms-provider';
import { SandboxVoiceProvider } from '../sandbox/voice-provider';
import { LocalEventBus } from './event-bus';
import { LocalExportFiles } from './export-files';
import { outsideFunctions, runAsFunction } from './function-environment';
import { LocalQueue, type SqsConsumer } from './queue';
import { LocalScheduler, startDailyRuns } from './scheduler';
import type { RuntimeStateStore } from './state';
import { type LocalStreamConsumers, type LocalStreamConsumersOptions, startStreamConsumers } from './stream-consumers';

/**
 * The outbound side of the local runtime: one in-process queue per worker row (consumed by that
 * worker's own handler, loaded lazily like a cold Lambda and kept warm), the event bus, the
 * one-time scheduler (persisted, re-armed on restart) and the SMS and voice sandboxes, put into
 * the adapter slots the handlers read, so every handler runs unchanged against them; and one
 * stream poller per stream consumer row, invoking its handler with the embedded DynamoDB's stream
 * records (local/runtime/stream-consumers.ts).
 */
export interface LocalAdaptersOptions {
  /** Where events, dead letters and sandbox outboxes are written; memory only when undefined. */
  readonly dataDir: string | undefined;
  /** Where queues and schedules are kept so they survive a crash; memory only when undefined. */
  readonly state?: RuntimeStateStore;
  /** Seconds a failed message stays invisible before its retry. @default 2 */
  readonly visibilityTimeoutSeconds?: number;
  /** POST a simulated end-of-call report for every sandbox call. @default false */
  readonly simulateCallReports?: boolean;
  /** @default 1500 */
  readonly callReportDelayMs?: number;
  /** The gateway's base URL (the simulated reports go through it); read when a report is sent. */
  readonly baseUrl: () => string;
  /** The embedded DynamoDB, whose streams the stream consumers poll. */
  readonly dynamoEndpoint: string;
  /** FAULTS: the handlers' queues, bus and providers fail as it says (local/faults/adapters.ts). @default none */
  readonly faults?: FaultInjector;
  /** Stream consumer settings for tests: handler override, a shorter batching window, faster polling and retries. */
  readonly streams?: Pick<LocalStreamConsumersOptions, 'loadHandler' | 'maxBatchingWindowSeconds' | 'pollIntervalMs' | 'retryDelayMs'>;
  /** The smallest export part but the last. @default S3's 5 MiB */
  readonly exportPartBytes?: number;
}

export interface LocalAdapters {
  readonly queues: ReadonlyMap<QueueName, LocalQueue>;
  readonly eventBus: LocalEventBus;
  readonly scheduler: LocalScheduler;
  readonly voice: SandboxVoiceProvider;
  readonly sms: SandboxSmsProvider;
  /** Null when simulated call reports are off. */
  readonly callReports: SandboxCallReporter | null;
  /** The files the adapters write (empty when in memory). */
  readonly files: Readonly<
    Record<'events' | 'voiceCalls' | 'voiceReports' | 'smsOutbox' | 'fieldServiceJobs' | 'deadLetters', string>
  > | null;
  /** The sandbox field-service system's jobs. */
  readonly fieldService: SandboxFieldService;
  /** The stream pollers, one per stream consumer row (see local/runtime/stream-mapping.ts). */
  readonly streams: LocalStreamConsumers;
  /** The export files (the bucket's stand-in), which the gateway serves through signed links. */
  readonly exportFiles: LocalExportFiles;
  /** Messages and schedules a previous process left, restored at start, and where each stream consumer resumed. */
  readonly restored: {
    readonly messages: number;
    readonly schedules: number;
    readonly callReports: number;
    readonly streams: LocalStreamConsumers['restored'];
  };
  /** The named queue, or an error naming the known ones. */
  queue(name: QueueName): LocalQueue;
  /**
   * Resolves when the runtime is quiet: every queue drained, every simulated report delivered and
   * every stream consumer caught up with its stream, checked again until a pass finds nothing (a
   * report can queue work, work can place a call or write a stream record). Schedules that are not
   * due yet do not count.
   */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

type WorkerModule = { handler?: unknown };

/** The worker's handler, loaded and run in the worker's own environment (local/runtime/function-environment.ts). */
function loadWorker(functionName: string): () => Promise<SqsConsumer> {
  return async () => {
    const mod = runAsFunction(
      functionName,
      () => require(path.join(__dirname, '..', '..', 'functions', functionName, 'handler.ts')) as WorkerModule,
    );
    if (typeof mod.handler !== 'function') throw new Error(`functions/${functionName}/handler.ts exports no handler`);
    const handler = mod.handler as SqsConsumer;
    return (event) => runAsFunction(functionName, () => handler(event));
  };
}

/** The cursor secret the local service keeps in its own environment (local/cli/service.ts). */
function localCursorSecret(): string {
  const secret = process.env.CURSOR_SECRET;
  if (!secret) throw new Error('CURSOR_SECRET is not set: the local service sets it before the adapters start');
  return secret;
}

export async function startLocalAdapters(options: LocalAdaptersOptions): Promise<LocalAdapters> {
  const { dataDir, state } = options;
  const queues = new Map<QueueName, LocalQueue>();
  for (const worker of WORKERS) {
    if (queues.has(worker.queue)) throw new Error(`queue ${worker.queue} has two workers; the local runtime gives each queue one`);
    queues.set(
      worker.queue,
      new LocalQueue({
        name: worker.queue,
        batchSize: worker.batchSize,
        maxReceiveCount: worker.maxReceiveCount,
        visibilityTimeoutSeconds: options.visibilityTimeoutSeconds ?? 2,
        dataDir,
        state,
        consumer: loadWorker(worker.functionName),
      }),
    );
  }
  const queue = (name: QueueName): LocalQueue => {
    const q = queues.get(name);
    if (!q) throw new Error(`no local queue ${name}; known: ${[...queues.keys()].join(', ')}`);
    return q;
  };

  const bus = new LocalEventBus(dataDir);
  // The webhook rule (lib/webhooks.ts): the subscribable event types go to the webhook queue, as
  // EventBridge envelopes, stored on the queue before the publish resolves.
  bus.subscribe(async (envelope) => {
    if (envelope.source === EVENT_SOURCE && isWebhookEventType(envelope['detail-type']) && queues.has('webhook-deliveries')) {
      await queue('webhook-deliveries').send([{ body: envelope as unknown as Record<string, unknown> }]);
    }
  });
  const voice = new SandboxVoiceProvider(dataDir);
  // Teams configured with the sandbox field-service system make their jobs here (shared/adapters/runtime/field-service.ts).
  const fieldService = new SandboxFieldService(dataDir);
  useFieldServiceSandbox(fieldService);
  const sms = new SandboxSmsProvider(dataDir);
  const callReports = options.simulateCallReports
    ? new SandboxCallReporter({ baseUrl: options.baseUrl, delayMs: options.callReportDelayMs, dataDir })
    : null;
  const unsubscribe = callReports ? voice.onCall(callReports.onCall) : () => undefined;

  // What handlers get runs outside their function's environment, as the AWS services it stands in for.
  // With FAULTS, they fail as the production adapters do in front of AWS and the providers.
  const { faults } = options;
  const handlerQueues = new Map(
    [...queues].map(([name, q]) => [name, faults ? faultyQueue(outsideFunctions(q), faults) : outsideFunctions(q)] as const),
  );
  queueSlot.use((name) => handlerQueues.get(name) ?? queue(name));
  const handlerBus = faults ? faultyBus(outsideFunctions(bus), faults) : outsideFunctions(bus);
  eventBus.use(() => handlerBus);
  const handlerSms = faults ? faultySms(outsideFunctions(sms), faults) : outsideFunctions(sms);
  smsProvider.use(() => handlerSms);
  const handlerVoice = faults ? faultyVoice(outsideFunctions(voice), faults) : outsideFunctions(voice);
  voiceProvider.use(() => handlerVoice);
  // The coach's evaluator: deterministic rules instead of the language model (no network, no key).
  const evaluator = new RuleBasedEvaluator();
  callEvaluator.use(() => evaluator);
  // The voice responder: the rules alone (no network, no key); the stack puts a model in front of them.
  const rules = new RuleBasedResponder();
  responderSlot.use(() => rules);
  const handlerRecordings = outsideFunctions(new SandboxRecordings());
  recordingSource.use(() => handlerRecordings);
  // Export files under the data folder, linked through the gateway with the cursor secret's derived key.
  const files = new LocalExportFiles(dataDir, options.baseUrl, localCursorSecret, options.exportPartBytes);
  const handlerFiles = outsideFunctions(files);
  exportFilesSlot.use(() => handlerFiles);
  const scheduler = new LocalScheduler(queue, state);
  const handlerScheduler = outsideFunctions(scheduler);
  schedulerSlot.use(() => handlerScheduler);
  // Last, once every slot is filled: restored messages are delivered, and overdue schedules fire, at once.
  const restoredCounts = await Promise.all([...queues.values()].map((q) => q.restore()));
  const restoredSchedules = await scheduler.restore(dataDir);
  // The recurring schedules of the stack (the retention sweep), once at start and daily after.
  const stopDailyRuns = startDailyRuns(WORKERS, queue);
  const restoredCallReports = callReports?.resume(voice.restoredCalls) ?? 0;
  const stopOutbound = async () => {
    unsubscribe();
    stopDailyRuns();
    scheduler.stop();
    await callReports?.stop();
    await Promise.all([...queues.values()].map((q) => q.stop()));
    await sms.close();
    for (const slot of [
      queueSlot,
      eventBus,
      smsProvider,
      voiceProvider,
      recordingSource,
      schedulerSlot,
      callEvaluator,
      responderSlot,
      exportFilesSlot,
    ])
      slot.reset();
    useFieldServiceSandbox(null);
  };
  const streams = await startStreamConsumers({ endpoint: options.dynamoEndpoint, state, dataDir, ...options.streams }).catch(
    async (error: unknown) => {
      await stopOutbound();
      throw error;
    },
  );
  const restored = {
    messages: restoredCounts.reduce((a, b) => a + b, 0),
    schedules: restoredSchedules,
    callReports: restoredCallReports,
    streams: streams.restored,
  };

  const dataFiles = dataDir
    ? {
        events: path.join(dataDir, 'events.jsonl'),
        voiceCalls: path.join(dataDir, 'sandbox', 'voice-calls.jsonl'),
        voiceReports: path.join(dataDir, 'sandbox', 'voice-reports.jsonl'),
        smsOutbox: path.join(dataDir, 'sandbox', 'sms-outbox.jsonl'),
        fieldServiceJobs: path.join(dataDir, 'sandbox', 'field-service-jobs.jsonl'),
        deadLetters: path.join(dataDir, 'dlq-<queue>.jsonl'),
      }
    : null;

  let stopped: Promise<void> | undefined;
  return {
    queues,
    eventBus: bus,
    scheduler,
    voice,
    sms,
    fieldService,
    callReports,
    streams,
    exportFiles: files,
    files: dataFiles,
    restored,
    queue,
    async settle() {
      while (!stopped) {
        await Promise.all([...queues.values()].map((q) => q.drained()));
        await callReports?.idle();
        await streams.catchUp();
        const busy = [...queues.values()].some((q) => q.depth > 0) || (callReports?.pending ?? 0) > 0;
        if (!busy) return;
      }
    },
    stop() {
      stopped ??= (async () => {
        // The stream consumers first: one finishing a batch may still use the other adapters.
        await streams.stop();
        await stopOutbound();
      })();
      return stopped;
    },
  };
}
