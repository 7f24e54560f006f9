import type { Surface } from '#shared/routes';

/**
 * Each surface has one error shape: the read API answers `{error, message}`, the
 * platform API `{success:false, error, message}` (its success bodies carry `success` too);
 * the intake API answers `{success:false, error, request_id}`. Gateway responses use the same shapes.
 */
export function errorBody(
  surface: Surface,
  code: string,
  message: string,
  requestId: string,
  extra: { field?: string; details?: Record<string, unknown> } = {},
): Record<string, unknown> {
  if (surface === 'intake') {
    return {
      success: false,
      error: message,
      code,
      request_id: requestId,
      ...(extra.field ? { field: extra.field } : {}),
      ...(extra.details ?? {}),
    };
  }
  if (surface === 'platform') {
    return {
      success: false,
      error: code,
      message,
      ...(extra.field ? { field: extra.field } : {}),
      ...(extra.details ? { details: extra.details } : {}),
      request_id: requestId,
    };
  }
  return {
    error: code,
    message,
    ...(extra.field ? { field: extra.field } : {}),
    ...(extra.details ? { details: extra.details } : {}),
    request_id: requestId,
  };
}
