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
import { defineContract, type ResponseSchema, responseSchema } from './contract';
import { changeFeedMeta, cursorPagination, dateTime, id, nullableDateTime, nullableString } from './responses';

/**
 * Appointments: one record per visit, whatever channel booked it (functions/list-team-appointments).
 * An integrator's changes of a visit are appointment-changes.ts's, apart so that the list does not
 * read the change routes' contracts and the manage page's bodies they share.
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

export const appointmentChange = /* @__PURE__ */ responseSchema((z) =>
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

export const appointment = /* @__PURE__ */ responseSchema((z) =>
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

export const listTeamAppointmentsResponse = /* @__PURE__ */ responseSchema((z) =>
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

export const APPOINTMENT_COMPONENTS = {
  Appointment: appointment,
  AppointmentChange: appointmentChange,
  ListTeamAppointmentsResponse: listTeamAppointmentsResponse,
} as const satisfies Record<string, ResponseSchema>;
