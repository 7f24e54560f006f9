/**
 * The envelope every JSON answer shares, built here and nowhere else: `data`, the `pagination` of a
 * list, and the answer's `meta`. Each area's presenter returns a whole body through these, so a
 * handler returns what its presenter gives it and never assembles `{ data, meta }` itself.
 */
export interface RequestMeta {
  readonly request_id: string;
  readonly timestamp: string;
}

/** The `meta` of a platform answer: the request's id and when the answer was made. */
export function presentRequestMeta(requestId: string, now: Date = new Date()): RequestMeta {
  return { request_id: requestId, timestamp: now.toISOString() };
}

/** A one-object answer: the presented object, with the answer's meta when it carries one. */
export function presentBody<Data>(data: Data): { data: Data };
export function presentBody<Data, Meta>(data: Data, meta: Meta): { data: Data; meta: Meta };
export function presentBody<Data, Meta>(data: Data, meta?: Meta): { data: Data; meta?: Meta } {
  return meta === undefined ? { data } : { data, meta };
}

/** A platform answer (webhooks, SMS campaigns): the object with `meta {request_id, timestamp}`. */
export function presentPlatformBody<Data>(data: Data, requestId: string, now: Date = new Date()): { data: Data; meta: RequestMeta } {
  return { data, meta: presentRequestMeta(requestId, now) };
}

/** A page of a list (as shared/pagination reads it) with the answer's meta. */
export function presentPage<Page extends { readonly data: readonly unknown[] }, Meta>(page: Page, meta: Meta): Page & { meta: Meta } {
  return { ...page, meta };
}

/** A page of one team's rows: `meta {team_id}`, and a change feed's `updated_until` (changeFeedMeta). */
export function presentTeamPage<Page extends { readonly data: readonly unknown[] }>(
  page: Page,
  teamId: number,
  feed: { readonly updated_until?: string } = {},
) {
  return presentPage(page, { team_id: teamId, ...feed });
}

/** A page of rows merged across teams: `meta {team_ids}`, and a change feed's `updated_until`. */
export function presentTeamsPage<Page extends { readonly data: readonly unknown[] }>(
  page: Page,
  teamIds: readonly number[],
  feed: { readonly updated_until?: string } = {},
) {
  return presentPage(page, { team_ids: [...teamIds], ...feed });
}
