import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { redactFields } from './redact';

/**
 * Structured JSON logs through Powertools for AWS Lambda's Logger: every line carries the level,
 * the service, the Lambda context (function name and version, request id, cold start) and the
 * X-Ray trace id when there is one, and `correlation_id`, the request id of the API request that
 * caused the work (carried into queue messages, so a worker's lines tie back to the request).
 *
 * Callers pass ids and counts; fields that could hold personal data (phone numbers, emails,
 * transcripts, message bodies) are redacted before they are written (./redact.ts). Silenced when
 * LOG_LEVEL=silent (tests, benchmarks); the level is read when the first line is written.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

let instance: Logger | undefined;
let correlationId: string | undefined;

function logger(): Logger {
  instance ??= new Logger({
    serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'lead-call-scheduling-service',
    logLevel: logLevelFromEnv(process.env.LOG_LEVEL),
  });
  return instance;
}

/**
 * LOG_LEVEL as docs/operations.md documents it (debug, info, warn, error, silent; `npm start` sets warn so
 * its output stays the summary and the request log); unset or unknown leaves Powertools' own
 * default (POWERTOOLS_LOG_LEVEL, else INFO).
 */
function logLevelFromEnv(value: string | undefined): 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' | undefined {
  const level = value?.trim().toUpperCase();
  return level === 'DEBUG' || level === 'INFO' || level === 'WARN' || level === 'ERROR' || level === 'SILENT' ? level : undefined;
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  logger()[level](message, redactFields(fields));
}

/**
 * Starts an invocation's log context: the Lambda context (when there is one; the local gateway and
 * tests may pass none) and the correlation id, which replaces the previous invocation's.
 */
export function beginInvocation(context: Context | undefined, correlation: string | undefined): void {
  const l = logger();
  if (context?.awsRequestId) l.addContext(context);
  setCorrelationId(correlation);
}

/** Sets the correlation id of what is being processed now (a worker sets it per queue record). */
export function setCorrelationId(correlation: string | undefined): void {
  const l = logger();
  l.resetKeys();
  correlationId = correlation;
  if (correlation) l.appendKeys({ correlation_id: correlation });
}

/** The correlation id of the work in progress: what adapters attach to the messages it sends. */
export function currentCorrelationId(): string | undefined {
  return correlationId;
}
