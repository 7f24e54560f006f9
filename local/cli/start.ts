import * as path from 'node:path';
import { ResetRefused, resetDemoData } from '../demo/reset';
import { demoBookingPage } from '../demo/team-configurations';
import { FaultInjector, FaultSyntaxError } from '../faults/injector';
import { formatRequestLine } from '../gateway/request-log';
import { AddressInUseError, canListen, isAddressInUse, nextListenPort } from './listen-address';
import { startLocalService } from './service';
import { relativeToCwd, startupSummary } from './startup-summary';

// The SDK warns that its 2027 releases need Node 22; functions run on Node 22 in AWS, the local
// runtime on the machine's Node (20.19+), where the notice is only noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * `npm start` (and `npm run dev`, which runs it under `tsx watch`): the service on one port with
 * persistent local data. `npm start -- --reset` first empties the data folder (as `npm run
 * demo:reset`), so the demo is seeded again.
 *   PORT      (default 3000)
 *   DATA_DIR  (default .data) DynamoDB files, cursor secret, demo credentials
 *   DYNAMODB_PORT (default 8000, DynamoDB Local's; a free one when that is busy and it is unset; 0 when PORT is 0)
 *   LOG_REQUESTS (default true: one line per request on stdout; false turns it off)
 *   LOG_LEVEL (default warn for the handlers)
 *   AUTHORIZER_CACHE_TTL_SECONDS (default 300 on read and platform; `key revoke` flushes the cache at once)
 *   SANDBOX_CALL_REPORTS (default on; `off` stops the simulated end-of-call reports)
 *   SANDBOX_CALL_REPORT_DELAY_MS (default 1500)
 *   QUEUE_VISIBILITY_TIMEOUT_SECONDS (default 2; how long a failed queue message waits for its retry)
 *   WEBHOOK_ALLOW_PRIVATE_TARGETS (default true: webhooks may go to http://127.0.0.1)
 *   WEBHOOK_RETRY_SCHEDULE_SECONDS (default 5,300,1800,7200,18000,36000,36000; e.g. 2,5,10 to watch retries)
 *   FAULTS (default none; e.g. dynamodb.throttle:0.05,eventbridge.refuse:0.1,voice.5xx:0.3: see docs/faults.md)
 *   FAULTS_SEED (default random, printed: the same seed replays the same draws)
 */
const HOST = '127.0.0.1';
const DEFAULT_DYNAMODB_PORT = 8000;
/** A second signal this soon after the first is the same Ctrl-C (`tsx watch` relays it to its child too). */
const REPEATED_SIGNAL_MS = 1000;

async function main(): Promise<void> {
  const startedAt = performance.now();
  const command = commandName();
  const listenPort = portNumber('PORT', 3000);
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  process.env.LOG_LEVEL ??= 'warn';
  // Webhooks may go to a receiver on this machine (http://127.0.0.1:...); the stack refuses private targets.
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ??= 'true';
  const simulateCallReports = !isOff(process.env.SANDBOX_CALL_REPORTS ?? 'on');
  const requestLog = !isOff(process.env.LOG_REQUESTS ?? 'true');
  const callReportDelayMs = nonNegativeNumber('SANDBOX_CALL_REPORT_DELAY_MS', 1500);
  const queueVisibilityTimeoutSeconds = nonNegativeNumber('QUEUE_VISIBILITY_TIMEOUT_SECONDS', 2);
  const faults = faultsFromEnv();

  // Before anything slow: a busy listen port is said at once.
  if (listenPort !== 0 && !(await canListen(listenPort, HOST))) {
    throw new AddressInUseError('PORT', listenPort, await nextListenPort(listenPort, HOST), command);
  }
  const dynamo = await dynamoListenPort(listenPort, command);

  if (process.argv.includes('--reset')) {
    if (process.env.npm_lifecycle_event === 'dev') {
      throw new UsageError('--reset would empty the data folder on every reload under npm run dev: run npm run demo:reset first');
    }
    const { removed } = await resetDemoData(dataDir);
    say(`reset: removed ${removed.length > 0 ? removed.join(', ') : 'nothing'} from ${relativeToCwd(dataDir)}`);
  }

  const progress = progressPrinter();
  const service = await startLocalService({
    port: listenPort,
    host: HOST,
    dataDir,
    dynamoPort: dynamo.port,
    seed: true,
    simulateCallReports,
    callReportDelayMs,
    queueVisibilityTimeoutSeconds,
    faults,
    onProgress: progress.line,
    onRequest: requestLog ? (request) => say(formatRequestLine(request)) : undefined,
  }).catch(async (error: unknown) => {
    // Taken between the probe and the listen (another start racing this one): the same one line.
    throw isAddressInUse(error) ? new AddressInUseError('PORT', listenPort, await nextListenPort(listenPort, HOST), command) : error;
  });
  progress.done();

  say(
    startupSummary({
      service,
      dataDir,
      startedMs: performance.now() - startedAt,
      dynamoPortBusy: dynamo.busy,
      requestLog,
      callReports: { on: simulateCallReports, delayMs: callReportDelayMs },
      command,
      bookingPage: await demoBookingPage(service.url).catch(() => null),
    }).join('\n'),
  );

  let firstSignalAt: number | undefined;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (firstSignalAt !== undefined) {
      if (Date.now() - firstSignalAt < REPEATED_SIGNAL_MS) return;
      process.stderr.write(`${signal} again: exiting now\n`);
      process.exit(1);
    }
    firstSignalAt = Date.now();
    say(`${signal}: stopping`);
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

/**
 * The embedded DynamoDB's listen port: DYNAMODB_PORT, else 8000 (so the endpoint the summary prints, and an
 * operator exported, stays the same across restarts and `npm run dev` reloads), else any free one
 * when 8000 is busy. Tests that ask for PORT=0 get a free one too.
 */
async function dynamoListenPort(gatewayPort: number, command: string): Promise<{ port: number; busy: number | null }> {
  const explicit = process.env.DYNAMODB_PORT !== undefined && process.env.DYNAMODB_PORT !== '';
  const wanted = explicit ? portNumber('DYNAMODB_PORT', DEFAULT_DYNAMODB_PORT) : gatewayPort === 0 ? 0 : DEFAULT_DYNAMODB_PORT;
  if (wanted === 0 || (await canListen(wanted, HOST))) return { port: wanted, busy: null };
  if (explicit) throw new AddressInUseError('DYNAMODB_PORT', wanted, await nextListenPort(wanted, HOST), command);
  return { port: 0, busy: wanted };
}

/** Without a terminal, a running count is printed again after this long at the soonest. */
const PIPED_PROGRESS_EVERY_MS = 5000;

/**
 * Seeding lines: on a terminal each replaces the last (one line moving); elsewhere (a pipe, a log
 * file, a test) a line for each step, and a running count every few seconds and when complete.
 */
function progressPrinter(): { line(text: string): void; done(): void } {
  const tty = process.stdout.isTTY === true;
  let open = false;
  let lastStep = '';
  let lastAt = 0;
  return {
    line(text) {
      if (tty) {
        process.stdout.write(`\r\x1b[Kseeding demo data: ${text}`);
        open = true;
        return;
      }
      const step = text.replace(/[\d,]+\/[\d,]+$/, '');
      const count = /([\d,]+)\/([\d,]+)$/.exec(text);
      const complete = count !== null && count[1] === count[2];
      if (step !== lastStep || complete || Date.now() - lastAt >= PIPED_PROGRESS_EVERY_MS) {
        say(`seeding demo data: ${text}`);
        lastStep = step;
        lastAt = Date.now();
      }
    },
    done() {
      if (open) process.stdout.write('\n');
      open = false;
    },
  };
}

/** A setting the user got wrong: its message says which and how to fix it. */
class UsageError extends Error {}

function faultsFromEnv(): FaultInjector {
  try {
    return FaultInjector.fromEnv(process.env);
  } catch (error) {
    if (error instanceof FaultSyntaxError) throw new UsageError(error.message);
    throw error;
  }
}

function say(text: string): void {
  process.stdout.write(`${text}\n`);
}

/** How the user started this, for messages that tell them what to type: `npm start`, `npm run dev`. */
function commandName(): string {
  const event = process.env.npm_lifecycle_event;
  if (!event || event === 'start') return 'npm start';
  return `npm run ${event}`;
}

function isOff(value: string): boolean {
  return /^(off|false|0|no)$/i.test(value.trim());
}

function portNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new UsageError(`${name} must be a port number (0-65535), got ${raw}`);
  return value;
}

function nonNegativeNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new UsageError(`${name} must be a number of 0 or more, got ${raw}`);
  return value;
}

main().catch((error: unknown) => {
  // Errors the user fixes from their message alone are one line; anything else keeps its stack.
  const message =
    error instanceof AddressInUseError || error instanceof ResetRefused || error instanceof UsageError
      ? error.message
      : `local service failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
