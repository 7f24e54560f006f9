/**
 * Typed errors of the domain (and of the input checks every caller shares). They say what went
 * wrong in the domain's terms: a stable `code`, a message that names the field, the field itself
 * and any details the caller needs (a conflicting lead's id). They carry no transport: the HTTP
 * layer (shared/http/errors.ts) maps each code to a status and the surface's error body; the
 * operator CLI prints them; anything that is not a DomainError is an internal failure.
 */
export type DomainErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'service_unavailable';

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;

  constructor(
    message: string,
    /** The request field the error is about, when there is one. */
    readonly field?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input is wrong (missing, malformed, out of range); the message and `field` name what. */
export class BadRequestError extends DomainError {
  readonly code = 'invalid_request';
}

/** The request carries no credential, or a wrong one (a public route that authenticates by its body). */
export class UnauthorizedError extends DomainError {
  readonly code = 'unauthorized';

  constructor(message: string) {
    super(message);
  }
}

/** The caller may not do this (a team outside the key's scope, a routing target elsewhere). */
export class ForbiddenError extends DomainError {
  readonly code = 'forbidden';

  constructor(message: string) {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  readonly code = 'not_found';

  constructor(message: string) {
    super(message);
  }
}

/** The request collides with what exists (a duplicate lead); `details` say with what. */
export class ConflictError extends DomainError {
  readonly code = 'conflict';
}

/** What the request would store is larger than a record may be. */
export class PayloadTooLargeError extends DomainError {
  readonly code = 'payload_too_large';

  constructor(message: string) {
    super(message);
  }
}

/** The request may succeed when repeated (a dependency was unavailable); nothing is lost meanwhile. */
export class ServiceUnavailableError extends DomainError {
  readonly code = 'service_unavailable';

  constructor(message: string, details?: Record<string, unknown>) {
    super(message, undefined, details);
  }
}

/** A mistake the caller can fix by changing the request (not a dependency that may come back). */
export function isCallerMistake(error: unknown): error is DomainError {
  return error instanceof DomainError && error.code !== 'service_unavailable';
}

/**
 * Work taken from a queue that can never be done (its message is not JSON or has the wrong shape,
 * or names a record that does not exist): retrying cannot help, so it goes to the dead-letter queue.
 */
export class PoisonMessageError extends Error {
  override name = 'PoisonMessageError';
}
