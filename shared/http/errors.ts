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
 * its code (message, field and details unchanged); null for anything else (an internal error).
 */
export function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) {
    return new HttpError(DOMAIN_ERROR_STATUS[error.code], error.code, error.message, error.field, error.details);
  }
  return null;
}
