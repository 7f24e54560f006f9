import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { resolveV0Team } from '#shared/auth/team-access';
import { getSchedulerAnalytics } from '#shared/contracts/analytics';
import { computeSchedulerAnalytics } from '#shared/domain/analytics';
import { createHttpHandler } from '#shared/http/handler';
import { resolveRange } from '#shared/schemas/params';

const sessions = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));

export const handler = createHttpHandler(getSchedulerAnalytics, async ({ query, headers, identity }) => {
  const teamId = resolveV0Team(identity, { header: headers['x-team-id'], query: query.team_id });
  const range = resolveRange(query.start_date, query.end_date);
  const rows = await sessions.readSessionsStartedIn(teamId, range, query.scheduler_id);
  const { data, pagination, truncatedBlocks } = computeSchedulerAnalytics(rows, {
    start: range.start,
    end: range.end,
    timezone: query.timezone,
    blocks: query.metrics,
    limit: query.limit,
    offset: query.offset,
  });
  return {
    statusCode: 200,
    body: {
      data,
      pagination,
      metadata: {
        teamId,
        startDate: range.start,
        endDate: range.end,
        timezone: query.timezone,
        schedulerId: query.scheduler_id ?? null,
        metricsRequested: query.metrics,
        truncatedBlocks,
      },
    },
  };
});
