import type * as zc from 'zod';
import * as z from 'zod/mini';
import { BOOKING_REQUEST_ACTIONS, BOOKING_REQUEST_STATUSES, WEEKDAYS } from '#shared/domain/schedulers';
import { atLoad } from '#shared/lazy';
import { SCHEDULER_ROUTES } from '#shared/route-table/schedulers';
import { positiveIdParam } from '#shared/schemas/params';
import { dateRangeMembers, enumParam, startBeforeEnd, teamPath, v1PageMembers } from '#shared/schemas/query-parts';
import { defineContract, type ResponseSchema, type ResponseZod, responseSchema } from './contract';
import { cursorPagination, dateTime, id, nullableDateTime } from './responses';

/** Scheduler configurations and booking requests (functions/list-team-schedulers, list-team-booking-requests). */

// ---------------------------------------------------------------------------------------------
// Inputs

export const teamSchedulersQuery = /* @__PURE__ */ atLoad(() => z.object({ ...v1PageMembers }));

export const teamBookingRequestsQuery = /* @__PURE__ */ atLoad(() =>
  startBeforeEnd(
    z.object({
      status: enumParam(BOOKING_REQUEST_STATUSES),
      scheduler_id: z.optional(positiveIdParam),
      ...dateRangeMembers,
      ...v1PageMembers,
    }),
  ),
);

// ---------------------------------------------------------------------------------------------
// Responses (shared/presenters/schedulers.ts presentScheduler, presentBookingRequest)

const clockTime = (z: ResponseZod) => z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/);

export const scheduler = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      scheduler_id: id(),
      team_id: id(),
      name: z.string(),
      services: z.array(z.string()).describe('Issue types (services) customers can pick in the widget'),
      job_types: z.array(z.string()),
      service_areas: z.array(z.string()).describe('Cities or areas the widget books into'),
      time_zone: z.string().describe('IANA time zone the hours are local to'),
      hours: z
        .strictObject(
          Object.fromEntries(
            WEEKDAYS.map((day) => [day, z.strictObject({ open: clockTime(z), close: clockTime(z) }).nullable()]),
          ) as Record<
            (typeof WEEKDAYS)[number],
            zc.ZodNullable<zc.ZodObject<{ open: zc.ZodString; close: zc.ZodString }, zc.core.$strict>>
          >,
        )
        .describe('Opening hours per weekday (HH:MM, local to time_zone, open before close); null when closed'),
      slot_minutes: z.int().min(5).describe('How long a visit takes: a slot is offered only when the whole visit fits in the hours'),
      interval_minutes: z.int().min(5).describe("Minutes between slot starts, counted from the day's opening time"),
      lead_time_minutes: z.int().min(0).describe('The earliest slot starts at least this long after now'),
      days_ahead: z.int().min(1).describe('Local days the widget offers, today included'),
      capacity_per_slot: z.int().min(1).describe('Bookings one slot takes before it is full'),
      allowed_origins: z
        .array(z.string())
        .describe('Origins whose pages may embed the widget (frame-ancestors) and call its routes; empty: the hosted page only'),
      booking_page_url: z.string().describe("The hosted booking page, served by this service; also what the embed code's iframe shows"),
      embed_code: z
        .string()
        .describe('One script tag to paste into a page of an allowed origin: it shows the widget in an iframe where the tag is'),
      created_at: dateTime(),
      updated_at: dateTime(),
    })
    .describe("A scheduler (booking widget) configuration; a session's scheduler_id names one"),
);

export const bookingRequest = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      request_id: z.string(),
      team_id: id(),
      session_id: z.string().describe('The booked session the request was sent for'),
      scheduler_id: id(),
      action: z
        .enum(BOOKING_REQUEST_ACTIONS)
        .describe(
          'What the request asks of the field-service system: create the job for the booking, reschedule its appointment after the visit moved, or cancel it after the visit was cancelled',
        ),
      attempt: z.int().min(1).describe('1 for the first request of a job (or of one change of its visit), 2 for its first retry, ...'),
      requested_slot: z
        .strictObject({
          date: z.iso.date().describe('Local date (YYYY-MM-DD)'),
          time: clockTime(z).describe('Local time (HH:MM)'),
          time_zone: z.string().describe('IANA time zone of date and time'),
        })
        .describe('The slot asked for: the booked slot (create), the slot moved to (reschedule), the slot given up (cancel)'),
      status: z.enum(BOOKING_REQUEST_STATUSES),
      st_job_id: z
        .int()
        .nullable()
        .describe(
          'The job created (create) or changed (reschedule, cancel) in the field-service system; the session carries the same st_job_id. Null until a create succeeds, and when no job was made',
        ),
      error: z.strictObject({ code: z.string(), message: z.string() }).nullable().describe('Why the request failed; null unless failed'),
      requested_at: dateTime(),
      completed_at: nullableDateTime().describe('When the field-service system answered; null while pending'),
    })
    .describe('A request sent to the field-service system for a booked visit (one per attempt): its job made, moved or cancelled'),
);

export const listTeamSchedulersResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    data: z.array(scheduler()),
    pagination: cursorPagination(),
    meta: z.strictObject({ team_id: id() }),
  }),
);

export const listTeamBookingRequestsResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    data: z.array(bookingRequest()),
    pagination: cursorPagination(),
    meta: z.strictObject({ team_id: id() }),
  }),
);

// ---------------------------------------------------------------------------------------------
// Contracts

export const listTeamSchedulers = /* @__PURE__ */ defineContract(SCHEDULER_ROUTES, {
  routeId: 'listTeamSchedulers',
  path: teamPath,
  query: teamSchedulersQuery,
  responses: { 200: listTeamSchedulersResponse },
});

export const listTeamBookingRequests = /* @__PURE__ */ defineContract(SCHEDULER_ROUTES, {
  routeId: 'listTeamBookingRequests',
  path: teamPath,
  query: teamBookingRequestsQuery,
  responses: { 200: listTeamBookingRequestsResponse },
});

export const SCHEDULER_COMPONENTS = {
  Scheduler: scheduler,
  BookingRequest: bookingRequest,
  ListTeamSchedulersResponse: listTeamSchedulersResponse,
  ListTeamBookingRequestsResponse: listTeamBookingRequestsResponse,
} as const satisfies Record<string, ResponseSchema>;
