/**
 * Typed client errors. The error middleware maps them to the surface's error body; anything that is
 * not an HttpError becomes a generic 500 whose message reveals nothing.
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

export class BadRequestError extends HttpError {
  constructor(message: string, field?: string, details?: Record<string, unknown>) {
    super(400, 'invalid_request', message, field, details);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message: string) {
    super(403, 'forbidden', message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, field?: string, details?: Record<string, unknown>) {
    super(409, 'conflict', message, field, details);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}

/** The request may succeed when repeated (a dependency was unavailable); nothing is lost meanwhile. */
export class ServiceUnavailableError extends HttpError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(503, 'service_unavailable', message, undefined, details);
  }
}
