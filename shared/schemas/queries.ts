import * as z from 'zod';
import { ANALYTICS_BLOCKS, type AnalyticsBlock } from '../domain/analytics';
import { LEAD_TYPES } from '../domain/leads';
import { SESSION_STATUSES } from '../domain/sessions';
import { booleanParam, cursorParam, dateTimeParam, limitParam, offsetParam, positiveIdParam, resolveRange, timezoneParam } from './params';

/** Request schemas of the read routes: handlers validate with them, the OpenAPI document is generated from them. */
export const V1_LIMIT = { default: 50, max: 500 } as const;
export const V0_LIMIT = { default: 100, max: 1000 } as const;

const startBeforeEnd = <T extends { start_date?: string; end_date?: string }>(schema: z.ZodType<T>) =>
  schema.refine((q) => !q.start_date || !q.end_date || q.start_date < q.end_date, {
    error: 'start_date must be before end_date',
    path: ['start_date'],
  });

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
  <T extends { start_date?: string; end_date?: string }>(schema: z.ZodType<T>) =>
    schema.superRefine((q, ctx) => {
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
    });
const withinMaxRange = spanAtMost(MAX_RANGE_DAYS);

export const teamPath = z.object({ teamId: positiveIdParam });
export const enterprisePath = z.object({ enterpriseId: positiveIdParam });

/** An optional enum parameter whose error lists the accepted values. */
function enumParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` }).optional();
}

const dateRangeMembers = {
  start_date: dateTimeParam.optional(),
  end_date: dateTimeParam.optional(),
};

/** v0 lists: team selection by team_id (or the x-team-id header), offset pagination. */
const v0ListMembers = {
  team_id: positiveIdParam.optional(),
  ...dateRangeMembers,
  limit: limitParam(V0_LIMIT.default, V0_LIMIT.max),
  offset: offsetParam,
};

const v1PageMembers = {
  cursor: cursorParam,
  limit: limitParam(V1_LIMIT.default, V1_LIMIT.max),
};

const crossTeamMembers = {
  team_id: positiveIdParam.optional(),
  include_test_teams: booleanParam,
};

const sessionFilterMembers = {
  status: enumParam(SESSION_STATUSES),
  scheduler_id: positiveIdParam.optional(),
  ...dateRangeMembers,
};

const funnelMembers = {
  ...dateRangeMembers,
  timezone: timezoneParam,
  scheduler_id: positiveIdParam.optional(),
};

export const teamSessionsQuery = startBeforeEnd(z.object({ ...sessionFilterMembers, ...v1PageMembers }));

export const crossTeamSessionsQuery = startBeforeEnd(z.object({ ...sessionFilterMembers, ...crossTeamMembers, ...v1PageMembers }));

export const bookingsQuery = startBeforeEnd(z.object({ ...dateRangeMembers, ...crossTeamMembers, ...v1PageMembers }));

export const funnelQuery = withinMaxRange(startBeforeEnd(z.object(funnelMembers)));

export const crossTeamFunnelQuery = withinMaxRange(startBeforeEnd(z.object({ ...funnelMembers, ...crossTeamMembers })));

const metricsParam = z
  .string()
  .optional()
  .transform((value, ctx): AnalyticsBlock[] => {
    if (value === undefined || value.trim() === '') return [...ANALYTICS_BLOCKS];
    const names = value
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    const unknown = names.filter((n) => !(ANALYTICS_BLOCKS as readonly string[]).includes(n));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `unknown block ${unknown.join(', ')}; accepted: ${ANALYTICS_BLOCKS.join(', ')}` });
      return z.NEVER;
    }
    return ANALYTICS_BLOCKS.filter((b) => names.includes(b));
  });

/** team_id is read by the v0 team resolution, so it is declared here only to be documented and validated. */
export const schedulerAnalyticsQuery = withinMaxRange(
  startBeforeEnd(z.object({ ...v0ListMembers, ...funnelMembers, metrics: metricsParam })),
);

export const unifiedLeadsQuery = withinMaxRange(startBeforeEnd(z.object({ ...v0ListMembers, type: enumParam(LEAD_TYPES) })));

export const teamLeadsQuery = startBeforeEnd(
  z.object({
    ...dateRangeMembers,
    type: enumParam(LEAD_TYPES),
    external_id: z.string().min(1).max(256, { error: 'must be at most 256 characters' }).optional(),
    ...v1PageMembers,
  }),
);

export const CALL_TYPES = ['inboundPhoneCall', 'outboundPhoneCall', 'webCall'] as const;

export const callsQuery = withinMaxRange(startBeforeEnd(z.object({ ...v0ListMembers, type: enumParam(CALL_TYPES) })));

export const supportTicketsQuery = startBeforeEnd(z.object({ ...dateRangeMembers, ...crossTeamMembers, ...v1PageMembers }));

/** An SMS campaign in the path (the platform routes). */
export const campaignPath = z.object({ campaignId: z.string().min(1).max(64) });
