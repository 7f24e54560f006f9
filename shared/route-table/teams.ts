import type { RouteDefinition } from './route-definition';

/** The teams a key can access. */
export const TEAM_ROUTES = [
  {
    id: 'listTeams',
    method: 'GET',
    path: '/api/teams',
    surface: 'read',
    functionName: 'list-teams',
    permission: 'read:teams',
    tables: [{ table: 'teams', access: 'read' }],
    summary: 'List the teams the key can access',
    tag: 'Teams',
  },
] as const satisfies readonly RouteDefinition[];
