import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { listTeams } from '#shared/contracts/teams';
import { createHttpHandler } from '#shared/http/handler';

const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));

/** Every team the key reaches, test teams included and flagged; no team selection needed. */
export const handler = createHttpHandler(listTeams, async ({ identity }) => {
  const teams = await tenancy.getTeams(identity.teamIds);
  return {
    statusCode: 200,
    body: {
      data: teams.map((t) => ({
        id: t.id,
        name: t.name,
        timezone: t.timezone,
        enterprise_id: t.enterpriseId,
        workspace_id: t.workspaceId,
        is_test: t.isTest,
      })),
    },
  };
});
