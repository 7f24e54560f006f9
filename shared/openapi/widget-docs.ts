import type { RouteId } from '#shared/routes';
import type { OperationDocs } from './wording';

const PUBLIC_SCHEDULER = {
  teamId: 'The team the scheduler belongs to. Public: no API key; an unknown team or scheduler answers 404.',
  schedulerId: "The scheduler (a session's scheduler_id), as its booking_page_url and embed_code name it.",
};

const TOKEN_NOTE =
  '**Authentication:** no API key; `x-widget-token` is the token the session was started with. A missing, malformed or foreign token is a 401, the same whatever session it names. Requests are counted per client address and per scheduler (429 beyond), and a browser origin the scheduler does not allow is a 403.';

/** The scheduling widget's routes in the API description. */
export const WIDGET_OPERATION_DOCS: { readonly [Id in RouteId]?: OperationDocs } = {
  getBookingPage: {
    description:
      "The scheduler's booking page: the journey (service, day and time in the scheduler's zone, contact details, confirmation) in an accessible page that works from 320 px wide. It is also what the embed code's iframe shows; its Content-Security-Policy lets only the scheduler's allowed origins frame it.",
    parameters: PUBLIC_SCHEDULER,
  },
  startWidgetSession: {
    description: `Starts a pending session when the widget opens: utm_* and gclid, wbraid, gbraid are read from page_url (the host page's address), the referrer is kept. Answers the session's token once; only its SHA-256 is stored.\n\n${TOKEN_NOTE}`,
    parameters: PUBLIC_SCHEDULER,
  },
  getWidgetAvailability: {
    description: `Open slots per local day: starts every interval_minutes from opening while the visit (slot_minutes) ends by closing, on the wall clock of the scheduler's zone (a local time the zone skips is no slot; a repeated one is its first instant); slots inside lead_time_minutes and full slots are left out; remaining is capacity_per_slot less the bookings. Reads one counter row per day shown.\n\n${TOKEN_NOTE}`,
    parameters: PUBLIC_SCHEDULER,
  },
  getWidgetSession: { description: `The token's session, with what its customer entered.\n\n${TOKEN_NOTE}` },
  recordWidgetStep: {
    description: `Records a step of the journey in the session's events (issue_selected sets issue_type; booking_started with date and time keeps the slot picked as selected_date and selected_time: a slot the scheduler books, else a 400 naming date or time; it holds no place). A session that had dropped off is pending again (a session_resumed event) and may still book.\n\n${TOKEN_NOTE}`,
  },
  resumeWidgetSession: {
    description:
      "Reopens the session a recovery text's resume_url names (its `resume` parameter; booking recovery, docs/widget-recovery.md): answers a fresh session token (the one the session was started with stops working), the step it was left at, the session with the details already given, the scheduler, and the slot the session picked when it is still open (null when it was taken meanwhile: the page offers the open times). A dropped-off session is pending again (a session_resumed event) and may book as usual; booking it links the booking to its recovery lead and records recovered: true. An unknown, malformed or expired token (72 hours) is a 404.\n\n**Authentication:** no API key; the resume token. Requests are counted per client address and per scheduler (429 beyond), and a browser origin the scheduler does not allow is a 403.",
  },
  bookWidgetSession: {
    description: `Books the session: a place in the slot is taken and the session written booked in one transaction, so of customers racing for a slot's last place exactly one books; the others get a 409 slot_taken with fresh slots. The booking creates a unified lead (type scheduling_widget, the session's attribution), publishes lead.created and lead.booking_created, and sends a booking request to the team's field-service system (GET /api/v1/teams/{teamId}/booking-requests). The same booking asked for again answers the same 200. The phone is read with libphonenumber (400 naming phone); a filled \`website\` (a field hidden from people) or a booking within 3 seconds of the session's start is refused.\n\n${TOKEN_NOTE}`,
  },
};
