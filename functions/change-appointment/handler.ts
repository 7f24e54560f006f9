import { appointmentChangeDependencies } from '#shared/adapters/runtime/appointment-dependencies';
import type { Identity } from '#shared/auth/identity';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import * as contracts from '#shared/contracts/appointment-changes';
import type { StoredAppointment } from '#shared/domain/appointments/appointment';
import { cancelAppointment, requireTeamAppointment, rescheduleAppointment } from '#shared/domain/appointments/changes';
import { type AppointmentMark, markAppointment } from '#shared/domain/appointments/marks';
import { HttpError } from '#shared/http/errors';
import { functionRoutes } from '#shared/http/function-routes';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';
import { presentAppointmentResponse, presentSlotTaken } from '#shared/presenters/appointments';
import { APPOINTMENT_ROUTES } from '#shared/route-table/appointments';

const dependencies = appointmentChangeDependencies();

/** The visit the path names, of the workspace's team (403 for a workspace out of reach, 404 for another team's visit). */
async function target(input: { identity: Identity; headers: { 'x-workspace-id': string }; path: { appointmentId: string } }) {
  const deps = dependencies();
  const team = await resolveWorkspaceTeam(input.identity, input.headers['x-workspace-id'], deps.tenancy);
  return requireTeamAppointment(deps, team.id, input.path.appointmentId);
}

async function answer(stored: StoredAppointment, requestId: string) {
  return { statusCode: 200, body: presentAppointmentResponse(stored, await dependencies().manageUrl(stored), requestId) };
}

const reschedule = createHttpHandler(
  contracts.rescheduleAppointment,
  async (input) => {
    const stored = await target(input);
    const { date, time } = input.body;
    const outcome = await rescheduleAppointment(dependencies(), stored, { date, time, by: 'integrator', now: new Date() });
    if (outcome.kind === 'moved') return answer(outcome.stored, input.requestId);
    // The manage link's 409, in the platform's error shape: the fresh slots in details.
    const taken = presentSlotTaken({ date, time }, outcome.availability);
    throw new HttpError(409, taken.error, taken.message, taken.field, { availability: taken.availability });
  },
  { idempotency: idempotencyKeys() },
);

const cancel = createHttpHandler(
  contracts.cancelAppointment,
  async (input) => {
    const stored = await target(input);
    const reason = input.body?.reason || null;
    return answer(await cancelAppointment(dependencies(), stored, { reason, by: 'integrator', now: new Date() }), input.requestId);
  },
  { idempotency: idempotencyKeys() },
);

const mark = (contract: typeof contracts.completeAppointment | typeof contracts.markAppointmentNoShow, kind: AppointmentMark) =>
  createHttpHandler(
    contract,
    async (input) => {
      const stored = await target(input);
      return answer(await markAppointment(dependencies(), stored, kind, { by: 'integrator', now: new Date() }), input.requestId);
    },
    { idempotency: idempotencyKeys() },
  );

/**
 * An integrator's changes of a visit (write:appointments, X-Workspace-ID, Idempotency-Key): the
 * domain's rules and effects, as the customer's manage link has them, recorded `by: integrator`.
 */
export const handler = functionRoutes(APPOINTMENT_ROUTES, 'change-appointment', {
  rescheduleAppointment: reschedule,
  cancelAppointment: cancel,
  completeAppointment: mark(contracts.completeAppointment, 'completed'),
  markAppointmentNoShow: mark(contracts.markAppointmentNoShow, 'no_show'),
});
