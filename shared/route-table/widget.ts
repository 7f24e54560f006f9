import type { RouteDefinition } from './route-definition';

/**
 * The scheduling widget: its booking page and script, and the routes it calls. Public (no API
 * key): the session token stands for the caller on a session's reads and changes, the scheduler's
 * allowed origins bound who may embed and call it, and the function counts requests per client and
 * per scheduler (the WAF's rate rule counts at the edge first).
 */
export const WIDGET_ROUTES = [
  {
    id: 'getBookingPage',
    method: 'GET',
    path: '/widget/{teamId}/{schedulerId}',
    surface: 'read',
    functionName: 'get-booking-page',
    permission: null,
    tables: [{ table: 'teams', access: 'read' }],
    summary: "A scheduler's booking page: the hosted page, and what the embed code shows in its iframe",
    tag: 'Scheduling widget',
  },
  {
    id: 'getWidgetAsset',
    method: 'GET',
    path: '/widget/assets/{file}',
    surface: 'read',
    functionName: 'get-booking-page',
    permission: null,
    // The function's: it also serves the booking page, which reads the scheduler.
    tables: [{ table: 'teams', access: 'read' }],
    summary: "The widget's script, style sheet and embed script (compressed when the client accepts it)",
    tag: 'Scheduling widget',
  },
  {
    id: 'getManagePage',
    method: 'GET',
    path: '/widget/manage/{manageToken}',
    surface: 'read',
    // The widget's page function: it serves the style sheet this page shares with the booking page.
    functionName: 'get-booking-page',
    permission: null,
    tables: [{ table: 'teams', access: 'read' }],
    summary: "The customer's page for a visit: see it, move it, cancel it, add it to a calendar",
    tag: 'Scheduling widget',
  },
  {
    id: 'startWidgetSession',
    method: 'POST',
    path: '/widget/api/{teamId}/{schedulerId}/sessions',
    surface: 'read',
    functionName: 'widget-api',
    permission: null,
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'sessions', access: 'readwrite' },
      { table: 'limits', access: 'readwrite' },
    ],
    // The session's drop-off check is scheduled when it starts.
    uses: ['scheduler'],
    summary: 'Start a widget session: its token, and what the scheduler offers',
    tag: 'Scheduling widget',
  },
  {
    id: 'getWidgetAvailability',
    method: 'GET',
    path: '/widget/api/{teamId}/{schedulerId}/availability',
    surface: 'read',
    functionName: 'widget-api',
    permission: null,
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'sessions', access: 'read' },
      { table: 'limits', access: 'readwrite' },
    ],
    summary: "A scheduler's open slots per local day, with the places each has left",
    tag: 'Scheduling widget',
  },
  {
    id: 'getWidgetSession',
    method: 'GET',
    path: '/widget/api/session',
    surface: 'read',
    functionName: 'widget-api',
    permission: null,
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'sessions', access: 'read' },
      { table: 'limits', access: 'readwrite' },
    ],
    summary: 'The session of the token (x-widget-token), with what its customer entered',
    tag: 'Scheduling widget',
  },
  {
    id: 'recordWidgetStep',
    method: 'POST',
    path: '/widget/api/session/events',
    surface: 'read',
    functionName: 'widget-api',
    permission: null,
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'sessions', access: 'readwrite' },
      { table: 'limits', access: 'readwrite' },
    ],
    // A dropped-off session that comes back gets a new drop-off check.
    uses: ['scheduler'],
    summary: "Record a step of the token's session (issue selected, slot picked, contact details complete)",
    tag: 'Scheduling widget',
  },
  {
    id: 'resumeWidgetSession',
    method: 'POST',
    path: '/widget/api/sessions/resume',
    surface: 'read',
    functionName: 'widget-api',
    permission: null,
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'sessions', access: 'readwrite' },
      { table: 'limits', access: 'readwrite' },
    ],
    // The reopened session gets a new drop-off check.
    uses: ['scheduler'],
    summary: 'Reopen a dropped-off session from the resume link a recovery text carried: a fresh token, the step it was left at',
    tag: 'Scheduling widget',
  },
  {
    id: 'bookWidgetSession',
    method: 'POST',
    path: '/widget/api/session/booking',
    surface: 'read',
    functionName: 'widget-api',
    permission: null,
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'sessions', access: 'readwrite' },
      { table: 'leads', access: 'readwrite' },
      { table: 'outbox', access: 'readwrite' },
      { table: 'limits', access: 'readwrite' },
    ],
    uses: ['widget-followups'],
    summary: "Book the token's session into a slot: the session is booked, a lead created and the field-service job requested",
    tag: 'Scheduling widget',
  },
] as const satisfies readonly RouteDefinition[];
