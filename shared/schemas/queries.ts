import * as z from 'zod';
import { ANALYTICS_BLOCKS, type AnalyticsBlock } from '../domain/analytics';
import { LEAD_TYPES } from '../domain/leads';
import { SESSION_STATUSES } from '../domain/sessions';
import { booleanParam, cursorParam, dateTimeParam, limitParam, offsetParam, positiveIdParam, timezoneParam } from './params';

/** Request schemas of the read routes: handlers validate with them, the OpenAPI document is generated from them. */
export const V1_LIMIT = { default: 50, max: 500 } as const;
export const V0_LIMIT = { default: 100, max: 1000 } as const;

const startBeforeEnd = <T extends { start_date?: string; end_date?: string }>(schema: z.ZodType<T>) =>
  schema.refine((q) => !q.start_date || !q.end_date || q.start_date < q.end_date, {
    error: 'start_date must be before end_date',
    path: ['start_date'],
  });

export const teamPath = z.object({ teamId: positiveIdParam });
export const enterprisePath = z.object({ enterpriseId: positiveIdParam });

export const teamSessionsQuery = startBeforeEnd(
  z.object({
    status: z.enum(SESSION_STATUSES, { error: `must be one of ${SESSION_STATUSES.join(', ')}` }).optional(),
    scheduler_id: positiveIdParam.optional(),
    start_date: dateTimeParam.optional(),
    end_date: dateTimeParam.optional(),
    cursor: cursorParam,
    limit: limitParam(V1_LIMIT.default, V1_LIMIT.max),
  }),
);

const crossTeamMembers = {
  team_id: positiveIdParam.optional(),
  include_test_teams: booleanParam,
};

export const crossTeamSessionsQuery = startBeforeEnd(
  z.object({
    status: z.enum(SESSION_STATUSES, { error: `must be one of ${SESSION_STATUSES.join(', ')}` }).optional(),
    scheduler_id: positiveIdParam.optional(),
    start_date: dateTimeParam.optional(),
    end_date: dateTimeParam.optional(),
    ...crossTeamMembers,
    cursor: cursorParam,
    limit: limitParam(V1_LIMIT.default, V1_LIMIT.max),
  }),
);

export const bookingsQuery = startBeforeEnd(
  z.object({
    start_date: dateTimeParam.optional(),
    end_date: dateTimeParam.optional(),
    ...crossTeamMembers,
    cursor: cursorParam,
    limit: limitParam(V1_LIMIT.default, V1_LIMIT.max),
  }),
);

export const funnelQuery = startBeforeEnd(
  z.object({
    start_date: dateTimeParam.optional(),
    end_date: dateTimeParam.optional(),
    timezone: timezoneParam,
    scheduler_id: positiveIdParam.optional(),
  }),
);

export const crossTeamFunnelQuery = startBeforeEnd(
  z.object({
    start_date: dateTimeParam.optional(),
    end_date: dateTimeParam.optional(),
    timezone: timezoneParam,
    scheduler_id: positiveIdParam.optional(),
    ...crossTeamMembers,
  }),
);

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
export const schedulerAnalyticsQuery = startBeforeEnd(
  z.object({
    team_id: positiveIdParam.optional(),
    start_date: dateTimeParam.optional(),
    end_date: dateTimeParam.optional(),
    timezone: timezoneParam,
    scheduler_id: positiveIdParam.optional(),
    metrics: metricsParam,
    limit: limitParam(V0_LIMIT.default, V0_LIMIT.max),
    offset: offsetParam,
  }),
);

export const unifiedLeadsQuery = startBeforeEnd(
  z.object({
    team_id: positiveIdParam.optional(),
    start_date: dateTimeParam.optional(),
    end_date: dateTimeParam.optional(),
    type: z.enum(LEAD_TYPES, { error: `must be one of ${LEAD_TYPES.join(', ')}` }).optional(),
    limit: limitParam(V0_LIMIT.default, V0_LIMIT.max),
    offset: offsetParam,
  }),
);

export const teamLeadsQuery = startBeforeEnd(
  z.object({
    start_date: dateTimeParam.optional(),
    end_date: dateTimeParam.optional(),
    type: z.enum(LEAD_TYPES, { error: `must be one of ${LEAD_TYPES.join(', ')}` }).optional(),
    external_id: z.string().min(1).max(256, { error: 'must be at most 256 characters' }).optional(),
    cursor: cursorParam,
    limit: limitParam(V1_LIMIT.default, V1_LIMIT.max),
  }),
);

export const CALL_TYPES = ['inboundPhoneCall', 'outboundPhoneCall', 'webCall'] as const;

export const callsQuery = startBeforeEnd(
  z.object({
    team_id: positiveIdParam.optional(),
    start_date: dateTimeParam.optional(),
    end_date: dateTimeParam.optional(),
    type: z.enum(CALL_TYPES, { error: `must be one of ${CALL_TYPES.join(', ')}` }).optional(),
    limit: limitParam(V0_LIMIT.default, V0_LIMIT.max),
    offset: offsetParam,
  }),
);

export const supportTicketsQuery = startBeforeEnd(
  z.object({
    start_date: dateTimeParam.optional(),
    end_date: dateTimeParam.optional(),
    ...crossTeamMembers,
    cursor: cursorParam,
    limit: limitParam(V1_LIMIT.default, V1_LIMIT.max),
  }),
);
