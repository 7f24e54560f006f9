import type { RouteDefinition } from './route-definition';

/** Scheduling widget sessions and bookings, per team and across teams. */
export const SESSION_ROUTES = [
  {
    id: 'listTeamSessions',
    method: 'GET',
    path: '/api/v1/teams/{teamId}/sessions',
    surface: 'read',
    functionName: 'list-team-sessions',
    permission: 'read:scheduler_analytics',
    tables: [{ table: 'sessions', access: 'read' }],
    summary: "List a team's scheduling-widget sessions",
    tag: 'Sessions',
  },
  {
    id: 'listSessions',
    method: 'GET',
    path: '/api/v1/sessions',
    surface: 'read',
    functionName: 'list-sessions',
    permission: 'read:scheduler_analytics',
    tables: [{ table: 'sessions', access: 'read' }],
    summary: 'List sessions across every team the key can access',
    tag: 'Sessions',
  },
  {
    id: 'listBookings',
    method: 'GET',
    path: '/api/v1/bookings',
    surface: 'read',
    functionName: 'list-bookings',
    permission: 'read:scheduler_analytics',
    tables: [{ table: 'sessions', access: 'read' }],
    summary: 'List completed bookings across every team the key can access',
    tag: 'Sessions',
  },
] as const satisfies readonly RouteDefinition[];
