import type { RouteDefinition } from './route-definition';

const MANAGE_READ = [
  { table: 'teams', access: 'read' },
  { table: 'leads', access: 'read' },
  { table: 'limits', access: 'readwrite' },
] as const;
// A change writes the record, the slot counters and the session that follows (sessions), and its event.
const MANAGE_WRITE = [
  { table: 'teams', access: 'read' },
  { table: 'leads', access: 'readwrite' },
  { table: 'sessions', access: 'readwrite' },
  { table: 'outbox', access: 'readwrite' },
  { table: 'limits', access: 'readwrite' },
] as const;

/**
 * The customer's manage link: public (no API key); the link's token stands for the customer on
 * that one visit, and the function counts requests per client (the WAF's rate rule on /widget/
 * counts at the edge first).
 */
function manageRoutes() {
  const base = '/widget/api/appointments/{manageToken}';
  const row = { surface: 'read', functionName: 'manage-appointment', permission: null, tag: 'Appointments' } as const;
  return [
    { ...row, id: 'getManagedAppointment', method: 'GET', path: base, tables: MANAGE_READ, summary: 'The visit a manage link names' },
    {
      ...row,
      id: 'rescheduleManagedAppointment',
      method: 'POST',
      path: `${base}/reschedule`,
      tables: MANAGE_WRITE,
      summary: 'Move the visit to another slot: the new place is taken and the old one freed at once',
    },
    {
      ...row,
      id: 'cancelManagedAppointment',
      method: 'POST',
      path: `${base}/cancel`,
      tables: MANAGE_WRITE,
      summary: 'Cancel the visit: its place is offered again at once',
    },
    {
      ...row,
      id: 'getManagedAppointmentCalendar',
      method: 'GET',
      path: `${base}/calendar.ics`,
      tables: MANAGE_READ,
      summary: 'The visit as an iCalendar file, to add it to a calendar',
    },
  ] as const;
}

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
  ...manageRoutes(),
] as const satisfies readonly RouteDefinition[];
