import { DomainError, type DomainErrorCode } from '#shared/errors';

/**
 * Errors with an HTTP status. The domain throws typed DomainErrors (shared/errors.ts), which carry
 * no status; `toHttpError` gives each its status here, and the error middleware maps the result to
 * the surface's error body. Anything else becomes a generic 500 whose message reveals nothing.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** The request field the error is about, when there is one. */
    readonly field?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A 429 that says when to come back: the error middleware answers its `Retry-After`. */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    /** Whole seconds until the refused window ends. */
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'rate_limited', message);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}

/** The status each domain error answers. */
export const DOMAIN_ERROR_STATUS: Readonly<Record<DomainErrorCode, number>> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  service_unavailable: 503,
};

/**
 * The HTTP error a thrown value answers: an HttpError as it is, a DomainError with the status of
 * its code (message, field and details unchanged), a dependency that is only busy or briefly down
 * (a throttle, a 5xx or time-out still there after the SDK's budgeted retries, a transaction that
 * kept losing conflicts) a 503; null for anything else (an internal error).
 */
export function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) {
    return new HttpError(DOMAIN_ERROR_STATUS[error.code], error.code, error.message, error.field, error.details);
  }
  if (isTransientDependencyError(error)) {
    return new HttpError(
      503,
      'service_unavailable',
      'The service is busy: nothing was lost; repeat the request after the Retry-After interval',
    );
  }
  return null;
}

/** Seconds a 503 asks the caller to wait before repeating the request (its Retry-After). */
export const RETRY_AFTER_SECONDS = 1;

/** The error names AWS services and the SDK give a throttle, a server fault or a time-out. */
const TRANSIENT_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'TooManyRequestsException',
  'TransactionConflictException',
  'InternalServerError',
  'InternalFailure',
  'InternalServerException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
const TRANSIENT_NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);
/** Cancellation reasons of a transaction that another writer or the table's capacity stopped, not a condition. */
const TRANSIENT_CANCELLATIONS = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

function isTransientDependencyError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const shaped = error as Error & {
    code?: unknown;
    $metadata?: { httpStatusCode?: number };
    CancellationReasons?: readonly { Code?: string }[];
  };
  if (shaped.name === 'TransactionCanceledException') {
    const codes = (shaped.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
    return codes.some((c) => TRANSIENT_CANCELLATIONS.has(c)) && !codes.includes('ConditionalCheckFailed');
  }
  if (TRANSIENT_NAMES.has(shaped.name)) return true;
  if (typeof shaped.code === 'string' && TRANSIENT_NETWORK_CODES.has(shaped.code)) return true;
  return (shaped.$metadata?.httpStatusCode ?? 0) >= 500;
}
