import { analyticsDependencies } from '#shared/adapters/runtime/analytics-dependencies';
import { resolveV0Team } from '#shared/auth/team-access';
import { getSchedulerAnalytics } from '#shared/contracts/analytics';
import { schedulerAnalyticsFromRollups } from '#shared/domain/rollups/answer';
import { createHttpHandler } from '#shared/http/handler';
import { presentSchedulerAnalytics } from '#shared/presenters/analytics';
import { resolveRange } from '#shared/schemas/params';

const dependencies = analyticsDependencies();

export const handler = createHttpHandler(getSchedulerAnalytics, async ({ query, headers, identity }) => {
  const teamId = resolveV0Team(identity, { header: headers['x-team-id'], query: query.team_id });
  const range = resolveRange(query.start_date, query.end_date);
  const analytics = await schedulerAnalyticsFromRollups(dependencies(), teamId, {
    start: range.start,
    end: range.end,
    timezone: query.timezone,
    blocks: query.metrics,
    limit: query.limit,
    offset: query.offset,
    schedulerId: query.scheduler_id,
  });
  return {
    statusCode: 200,
    body: presentSchedulerAnalytics(analytics, {
      teamId,
      start: range.start,
      end: range.end,
      timezone: query.timezone,
      schedulerId: query.scheduler_id ?? null,
      metricsRequested: query.metrics,
    }),
  };
});
