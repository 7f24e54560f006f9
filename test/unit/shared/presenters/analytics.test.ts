import { crossTeamFunnelResponse, funnelCounts, schedulerAnalyticsResponse, teamFunnelResponse } from '#shared/contracts/analytics';
import { computeFunnel, type SchedulerAnalytics, sumFunnels } from '#shared/domain/analytics';
import {
  presentCrossTeamFunnelResponse,
  presentFunnel,
  presentSchedulerAnalytics,
  presentTeamFunnelResponse,
} from '#shared/presenters/analytics';
import { session } from '../../../support/factories';

const meta = {
  teamId: 1,
  start: '2026-03-01T00:00:00.000Z',
  end: '2026-03-02T00:00:00.000Z',
  timezone: 'UTC',
  schedulerId: null,
  metricsRequested: ['funnel', 'bookings', 'customerEvents'] as const,
};

describe('funnel presenters', () => {
  it('rounds the rates to four decimals on the wire', () => {
    const funnel = computeFunnel([session({ status: 'booked' }), session(), session({ status: 'dropped_off' })]);
    const body = presentFunnel(funnel);
    expect(funnelCounts().safeParse(body).success).toBe(true);
    expect(body.conversion_rate).toBe(0.3333);
    expect(body.drop_off_rate).toBe(0.3333);
  });

  it('answers zero rates without sessions', () => {
    expect(presentFunnel(computeFunnel([]))).toMatchObject({ sessions: 0, conversion_rate: 0, drop_off_rate: 0 });
  });

  it("answers one team's funnel with the team and the range in meta", () => {
    const body = presentTeamFunnelResponse(computeFunnel([session({ status: 'booked' })]), 3, { ...meta, timezone: 'America/Denver' });
    expect(teamFunnelResponse().parse(body).meta).toEqual({
      team_id: 3,
      start_date: meta.start,
      end_date: meta.end,
      timezone: 'America/Denver',
    });
  });

  it('answers the summed funnel and each team’s', () => {
    const perTeam = [
      { teamId: 1, funnel: computeFunnel([session({ status: 'booked' })]) },
      { teamId: 2, funnel: computeFunnel([session(), session(), session()]) },
    ];
    const body = presentCrossTeamFunnelResponse(sumFunnels(perTeam.map((t) => t.funnel)), perTeam, [1, 2], { ...meta, timezone: 'UTC' });
    expect(crossTeamFunnelResponse().safeParse(body).success).toBe(true);
    expect(body.meta).toEqual({ team_ids: [1, 2], start_date: meta.start, end_date: meta.end, timezone: 'UTC' });
    const { data } = body;
    expect(data.conversion_rate).toBe(0.25);
    expect(data.teams.map((t) => t.team_id)).toEqual([1, 2]);
  });
});

describe('presentSchedulerAnalytics', () => {
  const booked = session({
    status: 'booked',
    started_at: '2026-03-01T10:00:00.000Z',
    completed_at: '2026-03-01T10:03:01.000Z',
    conversion_value: 120,
    service_area: 'North',
  });
  const analytics: SchedulerAnalytics = {
    funnel: computeFunnel([booked, session()]),
    bookings: { count: 1, totalMs: 181_000 },
    customerEvents: { rows: [booked, session({ conversion_value: 99 })], hasMore: false },
    offset: 0,
    limit: 10,
  };

  it('names the blocks for the wire, rounds the averages, and answers what the schema accepts', () => {
    const body = presentSchedulerAnalytics(analytics, meta);
    expect(schedulerAnalyticsResponse().safeParse(body).success).toBe(true);
    expect(body.data.funnel).toEqual({
      sessions: 2,
      bookingStarted: 1,
      customerInfoCompleted: 1,
      bookingCompleted: 1,
      conversionRate: 0.5,
    });
    expect(body.data.bookings).toEqual({ total: 1, avgBookingTimeSeconds: 181 });
    expect(body.data).not.toHaveProperty('chartData');
  });

  it('answers missing strings as empty and counts a conversion value only when booked', () => {
    const [first, second] = presentSchedulerAnalytics(analytics, meta).data.customerEvents ?? [];
    expect(first).toMatchObject({ issueType: '', conversionValue: 120, lastActivity: '2026-03-01T10:00:00.000Z' });
    expect(second?.conversionValue).toBe(0);
    expect(first).not.toHaveProperty('service_area');
  });

  it('cuts customerEvents at the budget and says where the next page starts', () => {
    const body = presentSchedulerAnalytics(analytics, { ...meta, budgetBytes: 1 });
    expect(body.data.customerEvents).toHaveLength(1);
    expect(body.pagination).toEqual({ limit: 1, offset: 0, has_more: true });
  });
});
