import {
  BadRequestError,
  ConflictError,
  DomainError,
  ForbiddenError,
  isCallerMistake,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
} from '#shared/errors';
import { HttpError, toHttpError, UnsupportedMediaTypeError } from '#shared/http/errors';

describe('toHttpError', () => {
  it.each([
    [new BadRequestError('phone_number: missing', 'phone_number'), 400, 'invalid_request'],
    [new ForbiddenError('not your team'), 403, 'forbidden'],
    [new NotFoundError('no such campaign'), 404, 'not_found'],
    [new ConflictError('Duplicate lead', 'external_id', { lead_id: 7 }), 409, 'conflict'],
    [new PayloadTooLargeError('too large'), 413, 'payload_too_large'],
    [new ServiceUnavailableError('queue down', { lead_id: 7, stl_call_id: 9 }), 503, 'service_unavailable'],
  ] as const)('answers %s with its status and keeps code, message, field and details', (error, status, code) => {
    expect(toHttpError(error)).toBeInstanceOf(HttpError);
    expect(toHttpError(error)).toMatchObject({
      statusCode: status,
      code,
      message: error.message,
      field: error.field,
      details: error.details,
    });
  });

  it('passes HTTP errors through as they are', () => {
    const error = new UnsupportedMediaTypeError('Content-Type must be application/json');
    expect(toHttpError(error)).toBe(error);
  });

  it('answers null for anything that is not a typed error (a generic 500)', () => {
    expect(toHttpError(new Error('boom'))).toBeNull();
    expect(toHttpError('boom')).toBeNull();
    expect(toHttpError(undefined)).toBeNull();
  });
});

describe('domain errors', () => {
  it('carry no HTTP status', () => {
    const error = new ConflictError('Duplicate lead', 'external_id', { lead_id: 7 });
    expect(error).toBeInstanceOf(DomainError);
    expect(error).not.toHaveProperty('statusCode');
    expect(error).toMatchObject({ name: 'ConflictError', code: 'conflict', field: 'external_id', details: { lead_id: 7 } });
  });

  it('tell a mistake the caller can fix from a dependency that may come back', () => {
    expect(isCallerMistake(new BadRequestError('x', 'name'))).toBe(true);
    expect(isCallerMistake(new NotFoundError('x'))).toBe(true);
    expect(isCallerMistake(new ServiceUnavailableError('x'))).toBe(false);
    expect(isCallerMistake(new Error('x'))).toBe(false);
  });
});
