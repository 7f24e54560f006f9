import * as z from 'zod/mini';
import {
  APPOINTMENT_ACTORS,
  APPOINTMENT_CHANGES,
  APPOINTMENT_CHANNELS,
  APPOINTMENT_STATUSES,
} from '#shared/domain/appointments/appointment';
import { atLoad } from '#shared/lazy';
import { APPOINTMENT_ROUTES } from '#shared/route-table/appointments';
import {
  changeFeedMembers,
  changesAlone,
  dateRangeMembers,
  enumParam,
  startBeforeEnd,
  teamPath,
  v1PageMembers,
} from '#shared/schemas/query-parts';
import { cancelBody, rescheduleBody } from './appointment-manage';
import { defineContract, onFirstRequest, type ResponseSchema, responseSchema } from './contract';
import { idempotencyKeyHeader, workspaceHeader } from './headers';
import { changeFeedMeta, cursorPagination, dateTime, id, nullableDateTime, nullableString, requestMeta } from './responses';

/**
 * Appointments: one record per visit, whatever channel booked it (functions/list-team-appointments),
 * and an integrator's changes of a visit of the workspace's team (functions/change-appointment,
 * which serves four routes: their paths and bodies are built on each route's first request).
 */

// ---------------------------------------------------------------------------------------------
// Inputs

export const teamAppointmentsQuery = /* @__PURE__ */ atLoad(() =>
  changesAlone(
    startBeforeEnd(z.object({ status: enumParam(APPOINTMENT_STATUSES), ...dateRangeMembers, ...changeFeedMembers, ...v1PageMembers })),
    ['status', 'start_date', 'end_date'],
  ),
);

// ---------------------------------------------------------------------------------------------
// Responses (shared/presenters/appointments.ts presentAppointment)

export const appointmentChange = responseSchema((z) =>
  z
    .strictObject({
      change: z.enum(APPOINTMENT_CHANGES),
      at: dateTime(),
      by: z.enum(APPOINTMENT_ACTORS).describe('Who made the change: the customer, an integrator, staff, or the service itself (system)'),
      starts_at: dateTime().describe("The visit's start after the change"),
      previous_starts_at: nullableDateTime().describe("The visit's start before the change; null unless it moved"),
      note: nullableString().describe('A reason given, or what the change was about'),
    })
    .describe("One line of an appointment's history"),
);

export const appointment = responseSchema((z) =>
  z
    .strictObject({
      appointment_id: z
        .string()
        .describe('Stable id; a widget booking’s is its session_id, a call’s the appointment_id the voice webhook answered'),
      team_id: id(),
      scheduler_id: id().nullable().describe('The scheduler the visit was booked on; null for a call’s visit when the team has none'),
      lead_id: id()
        .nullable()
        .describe('The lead the visit belongs to (its integer lead_id); null for an inbound call’s lead, which has none'),
      lead_uuid: nullableString().describe('The lead’s id on the unified leads feed'),
      channel: z.enum(APPOINTMENT_CHANNELS),
      status: z.enum(APPOINTMENT_STATUSES),
      customer: z.strictObject({ name: nullableString(), phone: nullableString(), email: nullableString(), address: nullableString() }),
      service: nullableString(),
      start_date: z.iso.date().describe("The visit's local date (YYYY-MM-DD) in time_zone"),
      start_time: z.string().describe("The visit's local start (HH:mm) in time_zone"),
      time_zone: z.string().describe('IANA time zone of the local date and time'),
      starts_at: dateTime().describe("The visit's start as a UTC instant"),
      duration_minutes: z.int().min(1),
      session_id: nullableString().describe('The widget session that booked it'),
      call_id: nullableString().describe('The call that made it'),
      manage_url: z
        .string()
        .nullable()
        .describe(
          "The customer's page to see, move or cancel the visit; null when it can no longer be derived (the service's key was rotated)",
        ),
      history: z.array(appointmentChange()),
      created_at: dateTime(),
      updated_at: dateTime(),
    })
    .describe('A visit booked through the scheduling widget or made by the voice responder on a call'),
);

export const listTeamAppointmentsResponse = responseSchema((z) =>
  z.strictObject({
    data: z.array(appointment()),
    pagination: cursorPagination(),
    meta: z.strictObject({ team_id: id(), ...changeFeedMeta() }),
  }),
);

// ---------------------------------------------------------------------------------------------
// Contracts

export const listTeamAppointments = /* @__PURE__ */ defineContract(APPOINTMENT_ROUTES, {
  routeId: 'listTeamAppointments',
  path: teamPath,
  query: teamAppointmentsQuery,
  responses: { 200: listTeamAppointmentsResponse },
});

const MAX_CHANGE_BODY_BYTES = 2_048;

const appointmentPath = /* @__PURE__ */ onFirstRequest(() =>
  z.object({
    appointmentId: z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(64),
        z.describe('The appointment’s appointment_id, as the appointments feed and the lead.booking_* events name it'),
      ),
  }),
);

const changeHeaders = /* @__PURE__ */ atLoad(() => z.object({ ...idempotencyKeyHeader, ...workspaceHeader }));

/** Complete and no-show take no body; one that is sent must still be a JSON object, and is ignored. */
const ignoredBody = /* @__PURE__ */ onFirstRequest(() =>
  z.record(z.string(), z.unknown()).check(z.describe('Ignored: the route takes no body (one that is sent must still be a JSON object)')),
);

export const appointmentResponse = responseSchema((z) =>
  z.strictObject({ data: appointment(), meta: requestMeta() }).describe('The visit after the change, as the appointments feed shows it'),
);

const notFound = 'No appointment with this id for the workspace’s team (another team’s appointment answers the same)';
const changeConflict = 'The visit started, ended, or is inside the change cut-off; or it was changed meanwhile (try again)';
const markConflict = 'The visit has not started yet, or is cancelled, or is marked otherwise';

export const rescheduleAppointment = /* @__PURE__ */ defineContract(APPOINTMENT_ROUTES, {
  routeId: 'rescheduleAppointment',
  path: appointmentPath,
  headers: changeHeaders,
  body: { schema: rescheduleBody, maxBytes: MAX_CHANGE_BODY_BYTES },
  responses: { 200: appointmentResponse },
  errors: {
    404: notFound,
    409: `The slot is full (error slot_taken, field time, fresh slots in details.availability); or: ${changeConflict}`,
  },
});

export const cancelAppointment = /* @__PURE__ */ defineContract(APPOINTMENT_ROUTES, {
  routeId: 'cancelAppointment',
  path: appointmentPath,
  headers: changeHeaders,
  body: { schema: cancelBody, maxBytes: MAX_CHANGE_BODY_BYTES, required: false },
  responses: { 200: appointmentResponse },
  errors: { 404: notFound, 409: changeConflict },
});

export const completeAppointment = /* @__PURE__ */ defineContract(APPOINTMENT_ROUTES, {
  routeId: 'completeAppointment',
  path: appointmentPath,
  headers: changeHeaders,
  body: { schema: ignoredBody, maxBytes: MAX_CHANGE_BODY_BYTES, required: false },
  responses: { 200: appointmentResponse },
  errors: { 404: notFound, 409: markConflict },
});

export const markAppointmentNoShow = /* @__PURE__ */ defineContract(APPOINTMENT_ROUTES, {
  routeId: 'markAppointmentNoShow',
  path: appointmentPath,
  headers: changeHeaders,
  body: { schema: ignoredBody, maxBytes: MAX_CHANGE_BODY_BYTES, required: false },
  responses: { 200: appointmentResponse },
  errors: { 404: notFound, 409: markConflict },
});

export const APPOINTMENT_COMPONENTS = {
  Appointment: appointment,
  AppointmentChange: appointmentChange,
  ListTeamAppointmentsResponse: listTeamAppointmentsResponse,
  AppointmentResponse: appointmentResponse,
} as const satisfies Record<string, ResponseSchema>;
