import type { RouteDefinition } from './route-definition';

/** Support tickets opened from calls, per enterprise. */
export const SUPPORT_TICKET_ROUTES = [
  {
    id: 'listSupportTickets',
    method: 'GET',
    path: '/api/v1/enterprise/{enterpriseId}/support-tickets',
    surface: 'read',
    functionName: 'list-support-tickets',
    permission: 'read:support_tickets',
    keyTypes: ['enterprise_all_teams'],
    tables: [{ table: 'calls', access: 'read' }],
    summary: "Support tickets the AI responder opened, across the enterprise's teams",
    tag: 'Support tickets',
  },
] as const satisfies readonly RouteDefinition[];
