import type { RouteId } from '#shared/routes';
import type { OperationDocs } from './wording';

const MANAGE_NOTE =
  '**Authentication:** no API key; the manage link’s token in the path stands for the customer on that one visit. An unknown, malformed or wrong token is a 404, the same whatever it names. Requests are counted per client address (429 beyond).';

const INTEGRATOR_NOTE =
  '**Scope:** a visit of the X-Workspace-ID team; another team’s visit answers the same 404 as an unknown id. The change is recorded on the history and in its event with changed_by integrator, and its event is published once (EventBridge and the webhooks subscribed to it). Idempotency-Key replays the first 200.';

/** The appointment routes in the API description. */
export const APPOINTMENT_OPERATION_DOCS: { readonly [Id in RouteId]?: OperationDocs } = {
  listTeamAppointments: {
    description:
      "The team's appointments: one record per visit, whatever channel made it (a scheduling-widget booking, or a visit the voice responder agreed on a call, outreach calls for intake leads included), with its status (scheduled, confirmed, cancelled, completed, no_show), the customer, the service, the local start in its zone, the lead it belongs to, the customer's manage_url and the history of its changes. A call's appointment that only requests a time (status requested on the call) is no visit yet and is not listed.",
    dateFilter: { field: 'starts_at', defaultRange: false },
    orderBy: 'starts_at',
    parameters: { status: 'Only visits in this status.' },
  },
  getManagedAppointment: {
    description: `The visit its manage link names, with what the customer may still do: read_only once it started or ended, can_change until the change cut-off (change_cutoff_minutes before its start; after it, the customer calls the business).\n\n${MANAGE_NOTE}`,
  },
  rescheduleManagedAppointment: {
    description: `Moves the visit to another slot of its scheduler (one the availability route offers). The new place is taken and the old one freed in one transaction with the record and the widget session (its selected_date and selected_time follow, a booking_rescheduled event; its status stays booked): of customers racing for a slot's last place exactly one wins, the others get 409 slot_taken with fresh slots. Asking again for the slot the visit holds answers it unchanged. 409 conflict once the visit started or ended, or inside the cut-off.\n\n${MANAGE_NOTE}`,
  },
  cancelManagedAppointment: {
    description: `Cancels the visit: its place is offered again at once, the session gets a booking_cancelled event (its status stays booked), the reason is kept on the history. Cancelling a cancelled visit answers it unchanged. 409 once the visit started or ended, or inside the cut-off.\n\n${MANAGE_NOTE}`,
  },
  rescheduleAppointment: {
    description: `Moves the visit to another slot of its scheduler, under the rules and with the effects of the customer's manage link: the new place is taken and the old one freed in one transaction with the record, the widget session that follows it and lead.booking_rescheduled (starts_at and previous_starts_at); the customer is texted the move once. Of requests racing for a slot's last place exactly one wins; the others get 409 slot_taken with fresh slots in details.availability. Moving the visit to the slot it holds answers it unchanged. 409 conflict once the visit started or ended, or inside the change cut-off. A visit made on a call without a scheduler cannot be moved here (409).\n\n${INTEGRATOR_NOTE}`,
  },
  cancelAppointment: {
    description: `Cancels the visit: its place is offered again at once, the reason is kept on the history, lead.booking_cancelled is published and the customer texted once. Cancelling a cancelled visit answers it unchanged. 409 once the visit started or ended, or inside the change cut-off.\n\n${INTEGRATOR_NOTE}`,
  },
  completeAppointment: {
    description: `Marks the visit completed, only after its start (409 before, and for a cancelled or no-show visit); publishes lead.booking_completed. Completing a completed visit answers it unchanged.\n\n${INTEGRATOR_NOTE}`,
  },
  markAppointmentNoShow: {
    description: `Marks the visit a no-show, only after its start (409 before, and for a cancelled or completed visit); publishes lead.no_show. Marking it again answers it unchanged.\n\n${INTEGRATOR_NOTE}`,
  },
  getManagePage: {
    description:
      "The customer's page for a visit, the address a manage_url names: the visit (the business, the service, the local date and time with the zone's abbreviation), a Reschedule action with the widget's slot picker, a Cancel action that asks once to confirm, and Add to calendar. Accessible, usable from 320 px wide, never framed, never indexed, and sends no referrer (its address is the customer's capability). The page is the same for every link: it reads the token from its own address and calls the routes below.",
  },
  getManagedAppointmentCalendar: {
    description: `The visit as an iCalendar file (RFC 5545) to add to a calendar: one event at the visit's local time with its zone's TZID and the matching VTIMEZONE; SEQUENCE rises with each change, and a cancelled visit's file says STATUS:CANCELLED.\n\n${MANAGE_NOTE}`,
  },
};
