import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { manageDependencies } from '#shared/adapters/runtime/appointment-manage-dependencies';
import * as contracts from '#shared/contracts/appointment-manage';
import { cancelAppointment, rescheduleAppointment } from '#shared/domain/appointments/changes';
import { requireManagedAppointment, viewManagedAppointment } from '#shared/domain/appointments/manage';
import { manageUrl } from '#shared/domain/appointments/manage-token';
import { createHttpHandler } from '#shared/http/handler';
import { publicBaseUrl } from '#shared/http/public-base-url';
import { requireAllowedOrigin, takeWidgetRequest } from '#shared/http/widget-guard';
import { lazy } from '#shared/lazy';
import { presentManagedAppointment, presentSlotTaken } from '#shared/presenters/appointments';

const dependencies = manageDependencies();

/**
 * The calendar file computes the zone's changes with luxon (its VTIMEZONE); only the "add to
 * calendar" link asks for it, not the page's reads, moves and cancels: imported with the first.
 */
const calendarFile = lazy(() => import('#shared/domain/appointments/calendar'));

/**
 * Counts the request per client, finds the visit its link names (404 otherwise), and answers the
 * CORS headers of the scheduler's allowed origins (the manage page itself is this origin).
 */
async function guard(event: APIGatewayProxyEvent, token: string) {
  const deps = dependencies();
  await takeWidgetRequest(deps.limits, event, null);
  const stored = await requireManagedAppointment(deps, token);
  const view = await viewManagedAppointment(deps, stored, new Date());
  return { view, headers: requireAllowedOrigin(event, view.scheduler ?? { allowed_origins: [] }) };
}

const read = createHttpHandler(contracts.getManagedAppointment, async ({ path, event }) => {
  const { view, headers } = await guard(event, path.manageToken);
  return { statusCode: 200, body: presentManagedAppointment(view), headers };
});

const reschedule = createHttpHandler(contracts.rescheduleManagedAppointment, async ({ path, body, event }) => {
  const { view, headers } = await guard(event, path.manageToken);
  const now = new Date();
  const outcome = await rescheduleAppointment(dependencies(), view.stored, { date: body.date, time: body.time, by: 'customer', now });
  if (outcome.kind === 'slot_taken') return { statusCode: 409, body: presentSlotTaken(body, outcome.availability), headers };
  return { statusCode: 200, body: presentManagedAppointment(await viewManagedAppointment(dependencies(), outcome.stored, now)), headers };
});

const cancel = createHttpHandler(contracts.cancelManagedAppointment, async ({ path, body, event }) => {
  const { view, headers } = await guard(event, path.manageToken);
  const now = new Date();
  const stored = await cancelAppointment(dependencies(), view.stored, { reason: body?.reason || null, by: 'customer', now });
  return { statusCode: 200, body: presentManagedAppointment(await viewManagedAppointment(dependencies(), stored, now)), headers };
});

const calendar = createHttpHandler(contracts.getManagedAppointmentCalendar, async ({ path, event }) => {
  const { view, headers } = await guard(event, path.manageToken);
  const { calendarOf } = await calendarFile();
  const ics = calendarOf(view.stored, { businessName: view.businessName, manageUrl: manageUrl(publicBaseUrl(event), path.manageToken) });
  return {
    statusCode: 200,
    body: Buffer.from(ics, 'utf8').toString('base64'),
    isBase64Encoded: true,
    headers: {
      ...headers,
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'attachment; filename="visit.ics"',
      'cache-control': 'no-store',
    },
  };
});

const BY_RESOURCE: Record<string, (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>> = {
  '/widget/api/appointments/{manageToken}': read,
  '/widget/api/appointments/{manageToken}/reschedule': reschedule,
  '/widget/api/appointments/{manageToken}/cancel': cancel,
  '/widget/api/appointments/{manageToken}/calendar.ics': calendar,
};

/**
 * The manage link's routes (shared/domain/appointments/manage.ts). On the read API, which lists
 * every media type as binary, so request bodies arrive base64-encoded: decoded here first.
 */
export const handler = (event: APIGatewayProxyEvent, context: Context) => {
  const route = BY_RESOURCE[event.resource] ?? read;
  const decoded =
    event.isBase64Encoded && typeof event.body === 'string'
      ? { ...event, body: Buffer.from(event.body, 'base64').toString('utf8'), isBase64Encoded: false }
      : event;
  return route(decoded, context);
};
