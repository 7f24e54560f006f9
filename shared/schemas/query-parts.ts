import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';
import { booleanParam, cursorParam, dateTimeParam, limitParam, offsetParam, positiveIdParam, resolveRange } from './params';

/**
 * Building blocks of the read routes' query and path schemas, shared by their contracts
 * (shared/contracts/): limits, date ranges, team selection and paging members. Schemas are built
 * `atLoad` (shared/lazy.ts): a function builds only those its contract uses.
 */
/** The members a date-range check reads. */
type DateRange = { start_date?: string | undefined; end_date?: string | undefined };

export const V1_LIMIT = { default: 50, max: 500 } as const;
export const V0_LIMIT = { default: 100, max: 1000 } as const;

export const startBeforeEnd = <S extends z.ZodMiniType<DateRange>>(schema: S) =>
  schema.check(
    z.refine((q: DateRange) => !q.start_date || !q.end_date || q.start_date < q.end_date, {
      error: 'start_date must be before end_date',
      path: ['start_date'],
    }),
  );

/**
 * The widest date range of the routes that read every row of their range (analytics, funnels) or
 * default to the last 7 days (the v0 lists): a year, leap day included. The cursor lists (sessions,
 * bookings, the v1 leads feed, tickets) default to all time and read at most a page per team
 * whatever the range, so they have no maximum.
 */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

/**
 * Refuses a range wider than `days` (end − start, after the 7-day default is applied: a lone
 * start_date ends now). The 400 names end_date, or start_date when end_date was not sent.
 */
const spanAtMost =
  (days: number) =>
  <S extends z.ZodMiniType<DateRange>>(schema: S) =>
    schema.check(
      z.superRefine((q: DateRange, ctx) => {
        const range = resolveRange(q.start_date, q.end_date);
        if (Date.parse(range.end) - Date.parse(range.start) <= days * DAY_MS) return;
        ctx.addIssue({
          code: 'custom',
          message:
            q.end_date === undefined
              ? `the range may span at most ${days} days (end_date defaults to now)`
              : `the range may span at most ${days} days`,
          path: [q.end_date === undefined ? 'start_date' : 'end_date'],
        });
      }),
    );
export const withinMaxRange = spanAtMost(MAX_RANGE_DAYS);

export const teamPath = /* @__PURE__ */ atLoad(() => z.object({ teamId: positiveIdParam }));
export const enterprisePath = /* @__PURE__ */ atLoad(() => z.object({ enterpriseId: positiveIdParam }));
/** An SMS campaign in the path (the platform routes). */
export const campaignPath = /* @__PURE__ */ atLoad(() => z.object({ campaignId: z.string().check(z.minLength(1), z.maxLength(64)) }));

/** An optional enum parameter whose error lists the accepted values. */
export function enumParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z.optional(z.enum(values, { error: `must be one of ${values.join(', ')}` }));
}

export const dateRangeMembers = /* @__PURE__ */ atLoad(() => ({
  start_date: z.optional(dateTimeParam),
  end_date: z.optional(dateTimeParam),
}));

/** The team a multi-team key reads, by `team_id`; a route that reads nothing else takes it alone. */
export const teamIdParam = /* @__PURE__ */ atLoad(() => z.optional(positiveIdParam));

/** v0 lists: team selection by team_id (or the x-team-id header), offset pagination. */
export const v0ListMembers = /* @__PURE__ */ atLoad(() => ({
  team_id: teamIdParam,
  ...dateRangeMembers,
  limit: limitParam(V0_LIMIT.default, V0_LIMIT.max),
  offset: offsetParam,
}));

export const v1PageMembers = /* @__PURE__ */ atLoad(() => ({
  cursor: cursorParam,
  limit: limitParam(V1_LIMIT.default, V1_LIMIT.max),
}));

export const crossTeamMembers = /* @__PURE__ */ atLoad(() => ({
  team_id: teamIdParam,
  include_test_teams: booleanParam,
}));

/** The change feeds' member (shared/pagination/change-feed.ts): list the rows changed after this instant. */
export const changeFeedMembers = /* @__PURE__ */ atLoad(() => ({
  updated_since: z.optional(dateTimeParam),
}));

/**
 * A change feed lists every change of the rows in scope, so the list's own filters are refused
 * beside `updated_since` (ADR 0147): a date range or a status would hide the changes that move a
 * row out of it. The 400 names the filter sent with it.
 */
export function changesAlone<S extends z.ZodMiniType<{ updated_since?: string | undefined }>>(
  schema: S,
  filters: readonly (keyof z.output<S> & string)[],
) {
  return schema.check(
    z.superRefine((q: z.output<S>, ctx) => {
      if (q.updated_since === undefined) return;
      for (const name of filters) {
        if (q[name] === undefined) continue;
        ctx.addIssue({ code: 'custom', message: 'cannot be combined with updated_since (a change feed lists every change)', path: [name] });
      }
    }),
  );
}
