import * as z from 'zod/mini';
import { RECOVERY_CHANNELS, SESSION_EVENT_TYPES, SESSION_STATUSES } from '#shared/domain/sessions';
import { atLoad } from '#shared/lazy';
import { SESSION_ROUTES } from '#shared/route-table/sessions';
import { positiveIdParam } from '#shared/schemas/params';
import {
  changeFeedMembers,
  changesAlone,
  crossTeamMembers,
  dateRangeMembers,
  enumParam,
  startBeforeEnd,
  teamPath,
  v1PageMembers,
} from '#shared/schemas/query-parts';
import { defineContract, type ResponseSchema, responseSchema } from './contract';
import { changeFeedMeta, cursorPagination, dateTime, id, nullableDateTime, nullableString } from './responses';

/** Scheduler sessions and completed bookings (functions/list-team-sessions, list-sessions, list-bookings). */

// ---------------------------------------------------------------------------------------------
// Inputs

const sessionFilterMembers = /* @__PURE__ */ atLoad(() => ({
  status: enumParam(SESSION_STATUSES),
  scheduler_id: z.optional(positiveIdParam),
  ...dateRangeMembers,
}));

const SESSION_FILTERS = ['status', 'scheduler_id', 'start_date', 'end_date'] as const;

export const teamSessionsQuery = /* @__PURE__ */ atLoad(() =>
  changesAlone(startBeforeEnd(z.object({ ...sessionFilterMembers, ...changeFeedMembers, ...v1PageMembers })), SESSION_FILTERS),
);

export const crossTeamSessionsQuery = /* @__PURE__ */ atLoad(() =>
  changesAlone(
    startBeforeEnd(z.object({ ...sessionFilterMembers, ...crossTeamMembers, ...changeFeedMembers, ...v1PageMembers })),
    SESSION_FILTERS,
  ),
);

export const bookingsQuery = /* @__PURE__ */ atLoad(() =>
  changesAlone(startBeforeEnd(z.object({ ...dateRangeMembers, ...crossTeamMembers, ...changeFeedMembers, ...v1PageMembers })), [
    'start_date',
    'end_date',
  ]),
);

// ---------------------------------------------------------------------------------------------
// Responses (shared/presenters/sessions.ts presentSession)

export const session = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      session_id: z.string(),
      team_id: id(),
      scheduler_id: id(),
      status: z.enum(SESSION_STATUSES),
      customer_info: z.strictObject({
        name: nullableString(),
        email: nullableString(),
        phone: nullableString(),
        address: nullableString(),
      }),
      issue_type: nullableString(),
      job_type: nullableString(),
      selected_date: z.iso.date().nullable().describe('Appointment date picked in the widget (YYYY-MM-DD, the team’s local date)'),
      selected_time: nullableString().describe('Appointment time slot picked in the widget (HH:mm, the team’s local time)'),
      utm: z.strictObject({
        source: nullableString(),
        medium: nullableString(),
        campaign: nullableString(),
        term: nullableString(),
        content: nullableString(),
      }),
      google_ads: z.strictObject({ gclid: nullableString(), wbraid: nullableString(), gbraid: nullableString() }),
      st_job_id: z.int().nullable().describe('Job id in the external field-service system, set when the booking created a job'),
      started_at: dateTime(),
      completed_at: nullableDateTime().describe('When the booking was completed; null unless booked'),
      last_activity_at: nullableDateTime(),
      events: z.array(
        z.strictObject({
          event_type: z.string().describe(`Known values, in funnel order: ${SESSION_EVENT_TYPES.join(', ')}`),
          created_at: dateTime(),
          channel: z
            .enum(RECOVERY_CHANNELS)
            .optional()
            .describe('On recovery_sent only: how the customer was reached again (a text or an outreach call)'),
        }),
      ),
      recovered: z
        .boolean()
        .describe('True when the session was booked after it dropped off and its customer was reached again (booking recovery)'),
    })
    .describe("A customer's journey through the scheduling widget; also the item shape of the bookings list"),
);

export const listTeamSessionsResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    data: z.array(session()),
    pagination: cursorPagination(),
    meta: z.strictObject({ team_id: id(), ...changeFeedMeta() }),
  }),
);

export const listSessionsResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    data: z.array(session()),
    pagination: cursorPagination(),
    meta: z.strictObject({
      team_ids: z.array(id()).describe('The teams the list covers (after team_id and include_test_teams)'),
      ...changeFeedMeta(),
    }),
  }),
);

export const listBookingsResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    data: z.array(session()).describe('Booked sessions'),
    pagination: cursorPagination(),
    meta: z
      .strictObject({ ...changeFeedMeta() })
      .optional()
      .describe('Only on a change feed (updated_since)'),
  }),
);

// ---------------------------------------------------------------------------------------------
// Contracts

export const listTeamSessions = /* @__PURE__ */ defineContract(SESSION_ROUTES, {
  routeId: 'listTeamSessions',
  path: teamPath,
  query: teamSessionsQuery,
  responses: { 200: listTeamSessionsResponse },
});

export const listSessions = /* @__PURE__ */ defineContract(SESSION_ROUTES, {
  routeId: 'listSessions',
  query: crossTeamSessionsQuery,
  responses: { 200: listSessionsResponse },
});

export const listBookings = /* @__PURE__ */ defineContract(SESSION_ROUTES, {
  routeId: 'listBookings',
  query: bookingsQuery,
  responses: { 200: listBookingsResponse },
});

export const SESSION_COMPONENTS = {
  Session: session,
  ListTeamSessionsResponse: listTeamSessionsResponse,
  ListSessionsResponse: listSessionsResponse,
  ListBookingsResponse: listBookingsResponse,
} as const satisfies Record<string, ResponseSchema>;
