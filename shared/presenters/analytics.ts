import type * as z from 'zod';
import type { crossTeamFunnelResponse, funnelCounts, schedulerAnalyticsResponse, teamFunnelResponse } from '#shared/contracts/analytics';
import type { AnalyticsBlock, FunnelCounts, SchedulerAnalytics } from '#shared/domain/analytics';
import { customerEventActivity } from '#shared/domain/analytics';
import type { SessionRecord } from '#shared/domain/sessions';
import { fitToBudget, itemBytes, PAGE_BUDGET_BYTES } from '#shared/pagination/budget';
import { presentBody } from '#shared/presenters/responses';

/** The analytics answers (shared/contracts/analytics.ts). */
export type FunnelBody = z.output<ReturnType<typeof funnelCounts>>;
export type CrossTeamFunnelData = z.output<ReturnType<typeof crossTeamFunnelResponse>>['data'];
type TeamFunnelResponse = z.output<ReturnType<typeof teamFunnelResponse>>;
type CrossTeamFunnelResponse = z.output<ReturnType<typeof crossTeamFunnelResponse>>;
export type SchedulerAnalyticsBody = z.output<ReturnType<typeof schedulerAnalyticsResponse>>;
type AnalyticsData = SchedulerAnalyticsBody['data'];
type CustomerEventBody = NonNullable<AnalyticsData['customerEvents']>[number];
type GroupedBlock = SchedulerAnalyticsBody['metadata']['truncatedBlocks'][number];

/** Rates go on the wire as fractions rounded to 4 decimals. */
function roundRate(fraction: number): number {
  return Math.round(fraction * 10_000) / 10_000;
}

export function presentFunnel(funnel: FunnelCounts): FunnelBody {
  return {
    sessions: funnel.sessions,
    booking_started: funnel.booking_started,
    customer_info_completed: funnel.customer_info_completed,
    booking_completed: funnel.booking_completed,
    conversion_rate: roundRate(funnel.conversion_rate),
    drop_off_count: funnel.drop_off_count,
    drop_off_rate: roundRate(funnel.drop_off_rate),
    qualified_drop_offs: funnel.qualified_drop_offs,
    recovery_attempts: funnel.recovery_attempts,
    recovered_bookings: funnel.recovered_bookings,
  };
}

/** The cross-team funnel: the summed counts (rates recomputed from the sums), then each team's. */
export function presentCrossTeamFunnel(
  total: FunnelCounts,
  perTeam: readonly { readonly teamId: number; readonly funnel: FunnelCounts }[],
): CrossTeamFunnelData {
  return {
    ...presentFunnel(total),
    teams: perTeam.map(({ teamId, funnel }) => ({ team_id: teamId, ...presentFunnel(funnel) })),
  };
}

const text = (v: string | null | undefined): string => v ?? '';

/** A customerEvents row: missing strings are empty strings; the conversion value counts only when booked. */
function presentCustomerEvent(x: SessionRecord): CustomerEventBody {
  return {
    sessionId: x.session_id,
    status: x.status,
    customerInfo: {
      name: text(x.customer_info.name),
      email: text(x.customer_info.email),
      phone: text(x.customer_info.phone),
      address: text(x.customer_info.address),
    },
    issueType: text(x.issue_type),
    jobType: text(x.job_type),
    selectedDate: text(x.selected_date),
    selectedTime: text(x.selected_time),
    utmSource: text(x.utm.source),
    gclid: text(x.google_ads.gclid),
    conversionValue: x.status === 'booked' ? (x.conversion_value ?? 0) : 0,
    lastActivity: customerEventActivity(x),
  };
}

/** What the request asked for and the handler resolved, echoed in `metadata`. */
export interface SchedulerAnalyticsMeta {
  readonly teamId: number;
  readonly start: string;
  readonly end: string;
  readonly timezone: string;
  readonly schedulerId: number | null;
  readonly metricsRequested: readonly AnalyticsBlock[];
  /** What the blocks may take in the response (see shared/pagination/budget.ts). @default PAGE_BUDGET_BYTES */
  readonly budgetBytes?: number;
}

/**
 * The legacy scheduler analytics on the wire, bounded by the response budget: the fixed-size
 * blocks are measured first; the grouped blocks keep their largest rows within what is left (a
 * block cut, by the row cap or the budget, is named in truncatedBlocks); customerEvents gets what
 * remains (at least one row), and when the budget cuts it, pagination.limit is what the page holds,
 * so offset + limit continues exactly. The budget is the presenter's because it measures the wire's rows.
 */
export function presentSchedulerAnalytics(analytics: SchedulerAnalytics, meta: SchedulerAnalyticsMeta): SchedulerAnalyticsBody {
  const data: AnalyticsData = {};
  if (analytics.funnel) {
    const f = analytics.funnel;
    data.funnel = {
      sessions: f.sessions,
      bookingStarted: f.booking_started,
      customerInfoCompleted: f.customer_info_completed,
      bookingCompleted: f.booking_completed,
      conversionRate: roundRate(f.conversion_rate),
    };
  }
  if (analytics.bookings) {
    const { count, totalMs } = analytics.bookings;
    data.bookings = { total: count, avgBookingTimeSeconds: count === 0 ? 0 : Math.round(totalMs / 1000 / count) };
  }
  if (analytics.chart) {
    data.chartData = analytics.chart.map((d) => ({ date: d.date, sessions: d.sessions, conversions: d.conversions }));
  }
  // Measured before the grouped blocks join: they share what the fixed-size blocks leave.
  let remaining = (meta.budgetBytes ?? PAGE_BUDGET_BYTES) - itemBytes(data);
  const truncatedBlocks: GroupedBlock[] = [];
  const withinBudget = <T>(block: GroupedBlock, rows: readonly T[], total: number): T[] => {
    const { count, bytes } = fitToBudget(rows, Math.max(0, remaining), { atLeastOne: false });
    if (count < total) truncatedBlocks.push(block);
    remaining -= bytes;
    return rows.slice(0, count);
  };
  if (analytics.utm) {
    const rows = analytics.utm.rows.map((r) => ({
      source: r.source,
      medium: r.medium,
      campaign: r.campaign,
      term: r.term,
      content: r.content,
      sessions: r.sessions,
      conversions: r.conversions,
    }));
    data.utmData = withinBudget('utmData', rows, analytics.utm.total);
  }
  if (analytics.ads) {
    const rows = analytics.ads.rows.map((r) => ({
      gclid: r.gclid,
      wbraid: r.wbraid,
      gbraid: r.gbraid,
      sessions: r.sessions,
      conversions: r.conversions,
    }));
    data.googleAdsData = withinBudget('googleAdsData', rows, analytics.ads.total);
  }
  if (analytics.serviceAreas) {
    const rows = analytics.serviceAreas.rows.map((r) => ({ serviceArea: r.name, count: r.count }));
    data.serviceAreaData = withinBudget('serviceAreaData', rows, analytics.serviceAreas.total);
  }
  if (analytics.issueTypes) {
    const rows = analytics.issueTypes.rows.map((r) => ({ issueType: r.name, count: r.count }));
    data.issueTypeData = withinBudget('issueTypeData', rows, analytics.issueTypes.total);
  }

  let hasMore = false;
  let pageLimit = analytics.limit;
  if (analytics.customerEvents) {
    hasMore = analytics.customerEvents.hasMore;
    const rows = analytics.customerEvents.rows.map(presentCustomerEvent);
    const { count } = fitToBudget(rows, Math.max(0, remaining), { atLeastOne: true });
    data.customerEvents = rows.slice(0, count);
    if (count < rows.length) {
      pageLimit = count;
      hasMore = true;
    }
  }
  return {
    data,
    pagination: { limit: pageLimit, offset: analytics.offset, has_more: hasMore },
    metadata: {
      teamId: meta.teamId,
      startDate: meta.start,
      endDate: meta.end,
      timezone: meta.timezone,
      schedulerId: meta.schedulerId,
      metricsRequested: [...meta.metricsRequested],
      truncatedBlocks,
    },
  };
}

/** The range a funnel answer covers, as its `meta` repeats it. */
export interface FunnelRange {
  readonly start: string;
  readonly end: string;
  readonly timezone: string;
}

/** GET /api/v1/teams/{teamId}/analytics/funnel. */
export function presentTeamFunnelResponse(funnel: FunnelCounts, teamId: number, range: FunnelRange): TeamFunnelResponse {
  return presentBody(presentFunnel(funnel), { team_id: teamId, start_date: range.start, end_date: range.end, timezone: range.timezone });
}

/** GET /api/v1/analytics/funnel: the summed funnel, then each team's. */
export function presentCrossTeamFunnelResponse(
  total: FunnelCounts,
  perTeam: readonly { readonly teamId: number; readonly funnel: FunnelCounts }[],
  teamIds: readonly number[],
  range: FunnelRange,
): CrossTeamFunnelResponse {
  return presentBody(presentCrossTeamFunnel(total, perTeam), {
    team_ids: [...teamIds],
    start_date: range.start,
    end_date: range.end,
    timezone: range.timezone,
  });
}
