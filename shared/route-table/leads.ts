import type { RouteDefinition } from './route-definition';

/** Leads, across teams and per team. */
export const LEAD_ROUTES = [
  {
    id: 'listUnifiedLeads',
    method: 'GET',
    path: '/api/leads',
    surface: 'read',
    functionName: 'list-unified-leads',
    permission: 'read:leads',
    tables: [{ table: 'leads', access: 'read' }],
    summary: 'Legacy (v0) unified leads for one team',
    tag: 'Leads',
  },
  {
    id: 'listTeamLeads',
    method: 'GET',
    path: '/api/v1/teams/{teamId}/leads',
    surface: 'read',
    functionName: 'list-team-leads',
    permission: 'read:leads',
    tables: [{ table: 'leads', access: 'read' }],
    summary: 'The canonical (v1) leads feed of a team',
    tag: 'Leads',
  },
] as const satisfies readonly RouteDefinition[];
