import { TEAM_ROUTES } from '#shared/route-table/teams';
import { defineContract, type ResponseSchema, responseSchema } from './contract';
import { id } from './responses';

/** The teams a key reaches (functions/list-teams). */

export const team = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    id: id(),
    name: z.string(),
    timezone: z.string().describe('IANA time zone'),
    enterprise_id: id(),
    workspace_id: z.string().describe('Addresses the team on the platform API (X-Workspace-ID)'),
    is_test: z.boolean().describe('Internal QA/test team, left out of multi-team aggregations unless include_test_teams=true'),
  }),
);

export const listTeamsResponse = /* @__PURE__ */ responseSchema((z) => z.strictObject({ data: z.array(team()) }));

export const listTeams = /* @__PURE__ */ defineContract(TEAM_ROUTES, {
  routeId: 'listTeams',
  responses: { 200: listTeamsResponse },
});

export const TEAM_COMPONENTS = { Team: team, ListTeamsResponse: listTeamsResponse } as const satisfies Record<string, ResponseSchema>;
