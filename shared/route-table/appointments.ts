import type { RouteDefinition } from './route-definition';

/** Appointments: one record per visit, whatever channel booked it (shared/domain/appointments). */
export const APPOINTMENT_ROUTES = [
  {
    id: 'listTeamAppointments',
    method: 'GET',
    path: '/api/v1/teams/{teamId}/appointments',
    surface: 'read',
    functionName: 'list-team-appointments',
    permission: 'read:leads',
    tables: [{ table: 'leads', access: 'read' }],
    summary: "List a team's appointments (widget bookings and visits made on calls)",
    tag: 'Appointments',
  },
] as const satisfies readonly RouteDefinition[];
