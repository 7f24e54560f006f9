/**
 * Wire blocks several areas share, as shared/contracts/responses.ts holds their schemas: the `meta`
 * of the platform API's answers (webhooks, SMS campaigns).
 */
export interface RequestMeta {
  readonly request_id: string;
  readonly timestamp: string;
}

/** The `meta` of a platform answer: the request's id and when the answer was made. */
export function presentRequestMeta(requestId: string, now: Date = new Date()): RequestMeta {
  return { request_id: requestId, timestamp: now.toISOString() };
}
