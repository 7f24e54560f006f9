import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';
import { APPOINTMENT_ROUTES } from '#shared/route-table/appointments';
import { cancelBody, rescheduleBody } from './appointment-manage';
import { appointment } from './appointments';
import { defineContract, onFirstRequest, type ResponseSchema, responseSchema } from './contract';
import { idempotencyKeyHeader, workspaceHeader } from './headers';
import { requestMeta } from './responses';

/**
 * An integrator's changes of a visit of the workspace's team (functions/change-appointment, which
 * serves four routes: their paths and bodies are built on each route's first request). The moves
 * and cancels take the manage page's bodies (appointment-manage.ts).
 */

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

export const appointmentResponse = /* @__PURE__ */ responseSchema((z) =>
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

export const APPOINTMENT_CHANGE_COMPONENTS = {
  AppointmentResponse: appointmentResponse,
} as const satisfies Record<string, ResponseSchema>;
