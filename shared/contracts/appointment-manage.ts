import * as z from 'zod/mini';
import { APPOINTMENT_STATUSES } from '#shared/domain/appointments/appointment';
import { atLoad } from '#shared/lazy';
import { APPOINTMENT_ROUTES } from '#shared/route-table/appointments';
import { defineContract, onFirstRequest, type ResponseSchema, responseSchema } from './contract';
import { dateTime, id, nullableString, readError } from './responses';
import { slotTaken } from './widget';

/**
 * The customer's manage link: the visit, moving it, cancelling it, and its calendar file
 * (functions/manage-appointment, which serves all four: each route's inputs are built on its
 * first request).
 */

const MAX_BODY_BYTES = 2_048;

// Any text: a link that is not a manage token answers the same 404 as an unknown one.
const managePath = /* @__PURE__ */ onFirstRequest(() =>
  z.object({
    manageToken: z.string().check(z.minLength(1), z.maxLength(200), z.describe('The manage link’s token (the last part of manage_url)')),
  }),
);

/** A move, by the customer or an integrator (shared/contracts/appointments.ts): the slot the visit goes to. */
export const rescheduleBody = /* @__PURE__ */ onFirstRequest(() =>
  z.strictObject({
    date: z
      .string({ error: 'is required' })
      .check(
        z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' }),
        z.describe('The new local date (YYYY-MM-DD), one the scheduler offers'),
      ),
    time: z
      .string({ error: 'is required' })
      .check(z.regex(/^\d{2}:\d{2}$/, { error: 'must be a time HH:MM' }), z.describe('The new local slot start (HH:mm)')),
  }),
);

/** A cancel, by the customer or an integrator: the reason, kept on the history. */
export const cancelBody = /* @__PURE__ */ onFirstRequest(() =>
  z.strictObject({
    reason: z
      .optional(z.string().check(z.trim(), z.maxLength(500)))
      .check(z.describe('Why, in the words of whoever cancels (kept on the history)')),
  }),
);

export const managedAppointment = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      appointment_id: z.string(),
      team_id: id(),
      scheduler_id: id().nullable(),
      business_name: z.string(),
      status: z.enum(APPOINTMENT_STATUSES),
      service: nullableString(),
      customer: z.strictObject({ name: nullableString() }),
      start_date: z.iso.date(),
      start_time: z.string(),
      time_zone: z.string(),
      starts_at: dateTime(),
      duration_minutes: z.int().min(1),
      read_only: z.boolean().describe('The visit started or ended: it can no longer be changed'),
      can_change: z.boolean().describe('It can be moved or cancelled here now (false inside the change cut-off: call the business)'),
      change_cutoff_minutes: z.int().min(0),
    })
    .describe('A visit as its manage link shows it'),
);

const rescheduleConflict = /* @__PURE__ */ responseSchema((z) => z.union([slotTaken(), readError()]));

const calendarFile = /* @__PURE__ */ responseSchema((z) =>
  z.string().describe('An iCalendar file (RFC 5545): the visit with its zone’s TZID and VTIMEZONE'),
);

const errors = {
  404: 'No appointment for this link',
  429: 'Too many requests from this client',
} as const;

export const getManagedAppointment = /* @__PURE__ */ defineContract(APPOINTMENT_ROUTES, {
  routeId: 'getManagedAppointment',
  path: managePath,
  responses: { 200: managedAppointment },
  errors,
});

export const rescheduleManagedAppointment = /* @__PURE__ */ defineContract(APPOINTMENT_ROUTES, {
  routeId: 'rescheduleManagedAppointment',
  path: managePath,
  body: { schema: rescheduleBody, maxBytes: MAX_BODY_BYTES },
  responses: { 200: managedAppointment },
  errors: /* @__PURE__ */ atLoad(() => ({
    ...errors,
    409: {
      description:
        'The slot is full (slot_taken, with fresh slots); or the visit started, ended, or is inside the change cut-off (conflict)',
      schema: rescheduleConflict,
    },
  })),
});

export const cancelManagedAppointment = /* @__PURE__ */ defineContract(APPOINTMENT_ROUTES, {
  routeId: 'cancelManagedAppointment',
  path: managePath,
  body: { schema: cancelBody, maxBytes: MAX_BODY_BYTES, required: false },
  responses: { 200: managedAppointment },
  errors: /* @__PURE__ */ atLoad(() => ({ ...errors, 409: 'The visit started, ended, or is inside the change cut-off' })),
});

export const getManagedAppointmentCalendar = /* @__PURE__ */ defineContract(APPOINTMENT_ROUTES, {
  routeId: 'getManagedAppointmentCalendar',
  path: managePath,
  responses: { 200: calendarFile },
  responseMediaType: 'text/calendar',
  errors,
});

export const APPOINTMENT_MANAGE_COMPONENTS = {
  ManagedAppointment: managedAppointment,
} as const satisfies Record<string, ResponseSchema>;
