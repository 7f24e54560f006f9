import * as z from 'zod/mini';
import { ANALYTICS_BLOCKS, type AnalyticsBlock, GROUPED_BLOCK_MAX_ROWS } from '#shared/domain/analytics';
import { SESSION_STATUSES } from '#shared/domain/sessions';
import { atLoad, lazy } from '#shared/lazy';
import { ANALYTICS_ROUTES } from '#shared/route-table/analytics';
import { positiveIdParam, timezoneParam } from '#shared/schemas/params';
import { crossTeamMembers, dateRangeMembers, startBeforeEnd, teamPath, v0ListMembers, withinMaxRange } from '#shared/schemas/query-parts';
import { defineContract, formatCount, type ResponseSchema, responseSchema } from './contract';
import { teamSelectionHeader } from './headers';
import { count, dateTime, fraction, id, offsetPagination } from './responses';

/** Funnels and the legacy scheduler analytics (functions/get-team-funnel, get-funnel, get-scheduler-analytics). */

// ---------------------------------------------------------------------------------------------
// Inputs

const funnelMembers = /* @__PURE__ */ atLoad(() => ({
  ...dateRangeMembers,
  timezone: timezoneParam,
  scheduler_id: z.optional(positiveIdParam),
}));

export const funnelQuery = /* @__PURE__ */ atLoad(() => withinMaxRange(startBeforeEnd(z.object(funnelMembers))));

export const crossTeamFunnelQuery = /* @__PURE__ */ atLoad(() =>
  withinMaxRange(startBeforeEnd(z.object({ ...funnelMembers, ...crossTeamMembers }))),
);

const metricsParam = /* @__PURE__ */ atLoad(() =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value: string | undefined, ctx): AnalyticsBlock[] => {
      if (value === undefined || value.trim() === '') return [...ANALYTICS_BLOCKS];
      const names = value
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      const unknown = names.filter((n) => !(ANALYTICS_BLOCKS as readonly string[]).includes(n));
      if (unknown.length > 0) {
        ctx.issues.push({
          code: 'custom',
          input: value,
          message: `unknown block ${unknown.join(', ')}; accepted: ${ANALYTICS_BLOCKS.join(', ')}`,
        });
        return z.NEVER;
      }
      return ANALYTICS_BLOCKS.filter((b) => names.includes(b));
    }),
  ),
);

/** team_id is read by the v0 team resolution with the x-team-id header. */
export const schedulerAnalyticsQuery = /* @__PURE__ */ atLoad(() =>
  withinMaxRange(startBeforeEnd(z.object({ ...v0ListMembers, ...funnelMembers, metrics: metricsParam }))),
);

// ---------------------------------------------------------------------------------------------
// Responses: the funnel (shared/presenters/analytics.ts presentFunnel)

const funnelShape = lazy(() => ({
  sessions: count().describe('Sessions whose started_at lies in [start_date, end_date)'),
  booking_started: count().describe('Sessions with a booking_started event (the customer picked a slot), or a later stage'),
  customer_info_completed: count().describe('Sessions with a customer_info_completed event, or booked'),
  booking_completed: count().describe('Sessions whose status is booked'),
  conversion_rate: fraction().describe('booking_completed / sessions, a fraction 0–1 rounded to 4 decimals; 0 when there are no sessions'),
  drop_off_count: count().describe('Sessions whose status is dropped_off (pending sessions are still open)'),
  drop_off_rate: fraction().describe('drop_off_count / sessions, a fraction 0–1 rounded to 4 decimals; 0 when there are no sessions'),
  qualified_drop_offs: count().describe(
    'Sessions that dropped off qualified (a valid phone given, not booked), whatever became of them since (booking recovery)',
  ),
  recovery_attempts: count().describe('Recovery texts sent and recovery calls queued for those sessions (their recovery_sent events)'),
  recovered_bookings: count().describe('Sessions booked after their recovery reached them (recovered: true)'),
}));

export const funnelCounts = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject(funnelShape()).describe('Funnel counts; stages are cumulative'),
);

const requestTimezone = /* @__PURE__ */ responseSchema((z) => z.string().describe('The IANA time zone of the request'));

const rangeMeta = lazy(() => ({
  start_date: dateTime().describe('The applied start (inclusive), UTC'),
  end_date: dateTime().describe('The applied end (exclusive), UTC'),
  timezone: requestTimezone(),
}));

export const teamFunnelResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    data: funnelCounts(),
    meta: z.strictObject({ team_id: id(), ...rangeMeta() }),
  }),
);

export const crossTeamFunnelResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    data: z
      .strictObject({
        ...funnelShape(),
        teams: z.array(z.strictObject({ team_id: id(), ...funnelShape() })).describe('The same counts per team'),
      })
      .describe('Counts summed over the teams; rates recomputed from the sums'),
    meta: z.strictObject({ team_ids: z.array(id()), ...rangeMeta() }),
  }),
);

// ---------------------------------------------------------------------------------------------
// Responses: legacy scheduler analytics (shared/presenters/analytics.ts presentSchedulerAnalytics)

const groupCounts = lazy(() => ({ sessions: count(), conversions: count().describe('Booked sessions') }));

export const customerEvent = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      sessionId: z.string(),
      status: z.enum(SESSION_STATUSES),
      customerInfo: z.strictObject({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
      issueType: z.string(),
      jobType: z.string(),
      selectedDate: z.union([z.iso.date(), z.literal('')]),
      selectedTime: z.string(),
      utmSource: z.string(),
      gclid: z.string(),
      conversionValue: z.number().min(0).describe('Estimated job value in dollars when booked; 0 otherwise'),
      lastActivity: dateTime().describe('last_activity_at, or started_at when there was no later activity'),
    })
    .describe('One session, newest activity first; missing strings are empty strings'),
);

export const schedulerAnalyticsResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    data: z
      .strictObject({
        funnel: z.strictObject({
          sessions: count(),
          bookingStarted: count(),
          customerInfoCompleted: count(),
          bookingCompleted: count(),
          conversionRate: fraction().describe('bookingCompleted / sessions, 0–1, 4 decimals; 0 when there are no sessions'),
        }),
        bookings: z.strictObject({
          total: count().describe('Booked sessions'),
          avgBookingTimeSeconds: count().describe('Mean of completed_at − started_at over booked sessions, whole seconds; 0 when none'),
        }),
        chartData: z
          .array(z.strictObject({ date: z.iso.date(), ...groupCounts() }))
          .describe('One bucket per calendar day of the range in the requested time zone (DST days are 23 or 25 hours long)'),
        utmData: z
          .array(
            z.strictObject({
              source: z.string(),
              medium: z.string(),
              campaign: z.string(),
              term: z.string(),
              content: z.string(),
              ...groupCounts(),
            }),
          )
          .describe('Sessions grouped by UTM values (sessions without any UTM value are left out), most sessions first'),
        googleAdsData: z
          .array(z.strictObject({ gclid: z.string(), wbraid: z.string(), gbraid: z.string(), ...groupCounts() }))
          .describe('Sessions grouped by ad-click ids (sessions without one are left out), most sessions first'),
        serviceAreaData: z.array(z.strictObject({ serviceArea: z.string(), count: count() })).describe('Most sessions first, then by name'),
        issueTypeData: z.array(z.strictObject({ issueType: z.string(), count: count() })).describe('Most sessions first, then by name'),
        customerEvents: z.array(customerEvent()).describe('Paginated with limit and offset (the only row-level block)'),
      })
      .partial()
      .describe('Only the blocks named in metrics are present'),
    pagination: offsetPagination().describe('Applies to customerEvents'),
    metadata: z.strictObject({
      teamId: id(),
      startDate: dateTime(),
      endDate: dateTime(),
      timezone: z.string(),
      schedulerId: id().nullable(),
      metricsRequested: z.array(z.enum(ANALYTICS_BLOCKS)),
      truncatedBlocks: z
        .array(z.enum(['utmData', 'googleAdsData', 'serviceAreaData', 'issueTypeData']))
        .describe(
          `Grouped blocks that had more rows than they return: each keeps its largest ${formatCount(GROUPED_BLOCK_MAX_ROWS)} rows at most (fewer in the rare case the 5 MB response budget is reached). Usually empty.`,
        ),
    }),
  }),
);

// ---------------------------------------------------------------------------------------------
// Contracts

export const getTeamFunnel = /* @__PURE__ */ defineContract(ANALYTICS_ROUTES, {
  routeId: 'getTeamFunnel',
  path: teamPath,
  query: funnelQuery,
  responses: { 200: teamFunnelResponse },
});

export const getFunnel = /* @__PURE__ */ defineContract(ANALYTICS_ROUTES, {
  routeId: 'getFunnel',
  query: crossTeamFunnelQuery,
  responses: { 200: crossTeamFunnelResponse },
});

export const getSchedulerAnalytics = /* @__PURE__ */ defineContract(ANALYTICS_ROUTES, {
  routeId: 'getSchedulerAnalytics',
  query: schedulerAnalyticsQuery,
  headers: /* @__PURE__ */ atLoad(() => z.object(teamSelectionHeader)),
  responses: { 200: schedulerAnalyticsResponse },
});

export const ANALYTICS_COMPONENTS = {
  FunnelCounts: funnelCounts,
  TeamFunnelResponse: teamFunnelResponse,
  CrossTeamFunnelResponse: crossTeamFunnelResponse,
  CustomerEvent: customerEvent,
  SchedulerAnalyticsResponse: schedulerAnalyticsResponse,
} as const satisfies Record<string, ResponseSchema>;
