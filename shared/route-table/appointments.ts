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

// An integrator's change writes what a customer's does, under Idempotency-Key; the answer shows the
// visit's manage link under the service's public origin (manage-links), not the platform API's.
const CHANGE_WRITE = [
  { table: 'teams', access: 'read' },
  { table: 'leads', access: 'readwrite' },
  { table: 'sessions', access: 'readwrite' },
  { table: 'outbox', access: 'readwrite' },
  { table: 'idempotency', access: 'readwrite' },
] as const;

/**
 * An integrator's changes on the platform API (write:appointments): the same domain functions,
 * rules and effects as the manage link's, for the visits of the workspace's team.
 */
function integratorRoutes() {
  const base = '/v1/appointments/{appointmentId}';
  const row = {
    surface: 'platform',
    functionName: 'change-appointment',
    permission: 'write:appointments',
    tables: CHANGE_WRITE,
    uses: ['manage-links'],
    tag: 'Appointments',
  } as const;
  return [
    {
      ...row,
      id: 'rescheduleAppointment',
      method: 'POST',
      path: `${base}/reschedule`,
      summary: 'Move a visit to another slot of its scheduler: the new place is taken and the old one freed at once',
    },
    {
      ...row,
      id: 'cancelAppointment',
      method: 'POST',
      path: `${base}/cancel`,
      summary: 'Cancel a visit: its place is offered again at once',
    },
    {
      ...row,
      id: 'completeAppointment',
      method: 'POST',
      path: `${base}/complete`,
      summary: 'Mark a visit completed (after its start)',
    },
    {
      ...row,
      id: 'markAppointmentNoShow',
      method: 'POST',
      path: `${base}/no-show`,
      summary: 'Mark a visit a no-show (after its start)',
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
  ...integratorRoutes(),
] as const satisfies readonly RouteDefinition[];
