import * as path from 'node:path';
import { type LocalService, startLocalService } from './service';

// The SDK warns that its 2027 releases need Node 22; functions run on Node 22 in AWS, the local
// runtime on the machine's Node (20.19+), where the notice is only noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * `npm start`: the service on one port with persistent local data.
 *   PORT      (default 3000)
 *   DATA_DIR  (default .data) DynamoDB files, cursor secret, demo credentials
 *   LOG_LEVEL (default warn for the handlers)
 *   AUTHORIZER_CACHE_TTL_SECONDS (default 300 on read and platform; `key revoke` flushes the cache at once)
 *   SANDBOX_CALL_REPORTS (default on; `off` stops the simulated end-of-call reports)
 *   SANDBOX_CALL_REPORT_DELAY_MS (default 1500)
 *   QUEUE_VISIBILITY_TIMEOUT_SECONDS (default 2; how long a failed queue message waits for its retry)
 *   WEBHOOK_ALLOW_PRIVATE_TARGETS (default true: webhooks may go to http://127.0.0.1)
 *   WEBHOOK_RETRY_SCHEDULE_SECONDS (default 5,300,1800,7200,18000,36000,36000; e.g. 2,5,10 to watch retries)
 */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${process.env.PORT}`);
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  process.env.LOG_LEVEL ??= 'warn';
  // Webhooks may go to a receiver on this machine (http://127.0.0.1:...); the stack refuses private targets.
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ??= 'true';
  const simulateCallReports = !/^(off|false|0|no)$/i.test(process.env.SANDBOX_CALL_REPORTS ?? 'on');
  const callReportDelayMs = nonNegativeNumber('SANDBOX_CALL_REPORT_DELAY_MS', 1500);
  const queueVisibilityTimeoutSeconds = nonNegativeNumber('QUEUE_VISIBILITY_TIMEOUT_SECONDS', 2);

  const service = await startLocalService({
    port,
    dataDir,
    seed: true,
    simulateCallReports,
    callReportDelayMs,
    queueVisibilityTimeoutSeconds,
  });
  const ms = Math.round(performance.now() - startedAt);

  process.stdout.write(
    [
      `Local service listening on ${service.url} (started in ${ms} ms)`,
      `  read API      ${service.url}/api/...`,
      `  platform API  ${service.url}/v1/...`,
      `  intake API    ${service.url}/api/outbound/...`,
      `  data          ${dataDir}`,
      `  demo API keys ${service.credentialsPath ?? '(seeding off)'}`,
      `  DynamoDB      ${service.dynamoEndpoint} (operator CLI while running: DYNAMODB_ENDPOINT=${service.dynamoEndpoint} npm run admin -- ...)`,
      ...(service.files
        ? [
            `  events        ${service.files.events}`,
            `  voice calls   ${service.files.voiceCalls} (sandbox; simulated end-of-call reports ${simulateCallReports ? `on, after ${callReportDelayMs} ms` : 'off'})`,
            `  SMS outbox    ${service.files.smsOutbox} (sandbox)`,
            `  restored      ${describeRestored(service.restored.messages, 'queued message')}, ${describeRestored(service.restored.schedules, 'schedule')} and ${describeRestored(service.restored.callReports, 'pending call report')} from the last run`,
            `  dead letters  ${service.files.deadLetters}, dlq-stream-<function>.jsonl`,
          ]
        : []),
      `  streams       ${describeStreams(service)}`,
      '',
    ].join('\n'),
  );

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting now\n`);
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(`${signal}: stopping\n`);
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** Each stream consumer and where it started: after its checkpoint from the last run, or at the stream's trim horizon. */
function describeStreams(service: LocalService): string {
  const started = service.restored.streams.map(
    (s) =>
      `${s.functionName} ${s.resumedAfter ? `resumed after sequence number ${s.resumedAfter.replace(/^0+(?=\d)/, '')} (its checkpoint)` : 'from the trim horizon'}`,
  );
  const missing = service.streams.missing.map((name) => `${name} not polled (functions/${name}/handler.ts missing)`);
  return [...started, ...missing].join('; ') || 'no stream consumers';
}

function describeRestored(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function nonNegativeNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of 0 or more, got ${raw}`);
  return value;
}

main().catch((error: unknown) => {
  process.stderr.write(`local service failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
