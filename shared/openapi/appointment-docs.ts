import type { RouteId } from '#shared/routes';
import type { OperationDocs } from './wording';

/** The appointment routes in the API description. */
export const APPOINTMENT_OPERATION_DOCS: { readonly [Id in RouteId]?: OperationDocs } = {
  listTeamAppointments: {
    description:
      "The team's appointments: one record per visit, whatever channel made it (a scheduling-widget booking, or a visit the voice responder agreed on a call, outreach calls for intake leads included), with its status (scheduled, confirmed, cancelled, completed, no_show), the customer, the service, the local start in its zone, the lead it belongs to, the customer's manage_url and the history of its changes. A call's appointment that only requests a time (status requested on the call) is no visit yet and is not listed.",
    dateFilter: { field: 'starts_at', defaultRange: false },
    orderBy: 'starts_at',
    parameters: { status: 'Only visits in this status.' },
  },
};
