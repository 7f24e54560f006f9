import type { RouteDefinition } from './route-definition';

/** A team's schedulers and the booking requests they took. */
export const SCHEDULER_ROUTES = [
  {
    id: 'listTeamSchedulers',
    method: 'GET',
    path: '/api/v1/teams/{teamId}/schedulers',
    surface: 'read',
    functionName: 'list-team-schedulers',
    permission: 'read:scheduler_analytics',
    tables: [{ table: 'teams', access: 'read' }],
    summary: "List a team's scheduler (booking widget) configurations",
    tag: 'Schedulers',
  },
  {
    id: 'listTeamBookingRequests',
    method: 'GET',
    path: '/api/v1/teams/{teamId}/booking-requests',
    surface: 'read',
    functionName: 'list-team-booking-requests',
    permission: 'read:scheduler_analytics',
    tables: [{ table: 'sessions', access: 'read' }],
    summary: "List the booking requests a team's bookings sent to the field-service system",
    tag: 'Schedulers',
  },
] as const satisfies readonly RouteDefinition[];
