import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { widgetDependencies } from '#shared/adapters/runtime/widget-dependencies';
import * as contracts from '#shared/contracts/widget';
import type { SchedulerConfig } from '#shared/domain/schedulers';
import { completeBooking } from '#shared/domain/widget/complete-booking';
import { scheduleDropOffCheck } from '#shared/domain/widget/drop-off';
import { readSessionToken } from '#shared/domain/widget/session-token';
import {
  bookWidgetSession,
  recordWidgetStep,
  requireScheduler,
  requireTokenSession,
  startWidgetSession,
  widgetAvailability,
} from '#shared/domain/widget/widget-sessions';
import { UnauthorizedError } from '#shared/errors';
import { createHttpHandler } from '#shared/http/handler';
import { requireAllowedOrigin, takeWidgetRequest } from '#shared/http/widget-guard';
import {
  presentAvailability,
  presentBooked,
  presentSessionAnswer,
  presentSlotTaken,
  presentStartedSession,
} from '#shared/presenters/widget';

const dependencies = widgetDependencies();

/**
 * The scheduler a request is for, from its path or its token, counted and checked for its origin
 * (the counters and the scheduler are read at once); answers it with the CORS headers.
 */
async function guard(
  event: APIGatewayProxyEvent,
  teamId: number,
  schedulerId: number,
): Promise<{ headers: Record<string, string>; scheduler: SchedulerConfig }> {
  const deps = dependencies();
  const [, scheduler] = await Promise.all([
    takeWidgetRequest(deps.limits, event, { teamId, schedulerId }),
    requireScheduler(deps, teamId, schedulerId),
  ]);
  return { headers: requireAllowedOrigin(event, scheduler), scheduler };
}

async function guardToken(event: APIGatewayProxyEvent, token: string): Promise<Record<string, string>> {
  const read = readSessionToken(token);
  if (!read) {
    await takeWidgetRequest(dependencies().limits, event, null);
    throw new UnauthorizedError('x-widget-token: missing, or not the token of a session');
  }
  return (await guard(event, read.ref.teamId, read.ref.schedulerId)).headers;
}

const start = createHttpHandler(contracts.startWidgetSession, async ({ path, body, event }) => {
  const { headers } = await guard(event, path.teamId, path.schedulerId);
  const started = await startWidgetSession(dependencies(), {
    teamId: path.teamId,
    schedulerId: path.schedulerId,
    pageUrl: body?.page_url || null,
    referrer: body?.referrer || null,
    now: new Date(),
  });
  await scheduleDropOffCheck(dependencies().scheduler(), started.session, dependencies().abandonAfterSeconds);
  return { statusCode: 201, body: presentStartedSession(started), headers };
});

const availability = createHttpHandler(contracts.getWidgetAvailability, async ({ path, query, event }) => {
  const { headers, scheduler } = await guard(event, path.teamId, path.schedulerId);
  const answer = await widgetAvailability(dependencies(), { ...path, scheduler, from: query.from, days: query.days, now: new Date() });
  return { statusCode: 200, body: presentAvailability(answer), headers };
});

const read = createHttpHandler(contracts.getWidgetSession, async ({ headers: sent, event }) => {
  const headers = await guardToken(event, sent['x-widget-token']);
  const stored = await requireTokenSession(dependencies(), sent['x-widget-token']);
  return { statusCode: 200, body: presentSessionAnswer(stored.session), headers };
});

const step = createHttpHandler(contracts.recordWidgetStep, async ({ headers: sent, body, event }) => {
  const headers = await guardToken(event, sent['x-widget-token']);
  const session = await recordWidgetStep(dependencies(), {
    token: sent['x-widget-token'],
    step: body.event_type,
    issueType: body.issue_type,
    jobType: body.job_type,
    now: new Date(),
  });
  // A session that had dropped off is pending again: it gets a new check.
  if (session.events.at(-2)?.event_type === 'session_resumed') {
    await scheduleDropOffCheck(dependencies().scheduler(), session, dependencies().abandonAfterSeconds);
  }
  return { statusCode: 200, body: presentSessionAnswer(session), headers };
});

const book = createHttpHandler(contracts.bookWidgetSession, async ({ headers: sent, body, event }) => {
  const headers = await guardToken(event, sent['x-widget-token']);
  const deps = dependencies();
  const outcome = await bookWidgetSession(deps, {
    token: sent['x-widget-token'],
    issueType: body.issue_type,
    jobType: body.job_type,
    date: body.date,
    time: body.time,
    customer: { name: body.name, phone: body.phone, email: body.email, address: body.address },
    honeypot: body.website,
    now: new Date(),
  });
  if (outcome.kind === 'slot_taken') {
    return { statusCode: 409, body: presentSlotTaken(body, outcome.availability), headers };
  }
  const scheduler = await requireScheduler(deps, outcome.stored.session.team_id, outcome.stored.session.scheduler_id);
  await completeBooking(
    { ...deps, followups: deps.followups() },
    outcome.stored,
    { startsAt: outcome.startsAt, timeZone: scheduler.time_zone, durationMinutes: scheduler.slot_minutes },
    new Date(),
  );
  return {
    statusCode: 200,
    body: presentBooked(outcome.stored.session, { startsAt: outcome.startsAt, timeZone: scheduler.time_zone }),
    headers,
  };
});

const BY_RESOURCE: Record<string, (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>> = {
  '/widget/api/{teamId}/{schedulerId}/sessions': start,
  '/widget/api/{teamId}/{schedulerId}/availability': availability,
  '/widget/api/session': read,
  '/widget/api/session/events': step,
  '/widget/api/session/booking': book,
};

/**
 * The scheduling widget's routes: public, a session's reads and changes by its token
 * (shared/domain/widget). They are on the read API with the booking page, so the widget's calls are
 * same-origin; that API lists every media type as binary (recordings), so API Gateway hands request
 * bodies over base64-encoded: they are decoded here, before the handler factory reads them.
 */
export const handler = (event: APIGatewayProxyEvent, context: Context) => {
  const route = BY_RESOURCE[event.resource] ?? read;
  const decoded =
    event.isBase64Encoded && typeof event.body === 'string'
      ? { ...event, body: Buffer.from(event.body, 'base64').toString('utf8'), isBase64Encoded: false }
      : event;
  return route(decoded, context);
};
