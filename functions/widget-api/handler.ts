import type { APIGatewayProxyEvent } from 'aws-lambda';
import { widgetDependencies } from '#shared/adapters/runtime/widget-dependencies';
import * as contracts from '#shared/contracts/widget';
import type { SchedulerConfig } from '#shared/domain/schedulers';
import { scheduleDropOffCheck } from '#shared/domain/widget/drop-off';
import { resumeWidgetSession } from '#shared/domain/widget/resume-session';
import { readResumeToken } from '#shared/domain/widget/resume-token';
import { readSessionToken } from '#shared/domain/widget/session-token';
import {
  bookWidgetSession,
  recordWidgetStep,
  requireScheduler,
  requireTokenSession,
  startWidgetSession,
  widgetAvailability,
} from '#shared/domain/widget/widget-sessions';
import { functionRoutes } from '#shared/http/function-routes';
import { createHttpHandler } from '#shared/http/handler';
import { requireAllowedOrigin, takeWidgetRequest } from '#shared/http/widget-guard';
import { lazy } from '#shared/lazy';
import type { StoredWidgetSession } from '#shared/ports/widget-session-store';
import {
  presentAvailability,
  presentBooked,
  presentResumedSession,
  presentSessionAnswer,
  presentSlotTaken,
  presentStartedSession,
} from '#shared/presenters/widget';
import { WIDGET_ROUTES } from '#shared/route-table/widget';

const dependencies = widgetDependencies();
/**
 * A booking's effects (its lead, visit, events and field-service job), with the first booking, as
 * its stores are: a session's start, slots, steps, reads and resumes make none.
 */
const bookingEffects = lazy(() => import('#shared/domain/widget/complete-booking'));

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

/**
 * A request by token: counted, then the token checked (its session's own, for the session's own
 * scheduler) before the origin is judged by that scheduler, so a 401 answers any token not held.
 */
async function guardToken(
  event: APIGatewayProxyEvent,
  token: string,
): Promise<{ headers: Record<string, string>; stored: StoredWidgetSession }> {
  const deps = dependencies();
  const read = readSessionToken(token);
  await takeWidgetRequest(deps.limits, event, read ? { teamId: read.ref.teamId, schedulerId: read.ref.schedulerId } : null);
  const stored = await requireTokenSession(deps, token);
  const scheduler = await requireScheduler(deps, stored.session.team_id, stored.session.scheduler_id);
  return { headers: requireAllowedOrigin(event, scheduler), stored };
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
  const { headers, stored } = await guardToken(event, sent['x-widget-token']);
  return { statusCode: 200, body: presentSessionAnswer(stored.session), headers };
});

const step = createHttpHandler(contracts.recordWidgetStep, async ({ headers: sent, body, event }) => {
  const { headers } = await guardToken(event, sent['x-widget-token']);
  const session = await recordWidgetStep(dependencies(), {
    token: sent['x-widget-token'],
    step: body.event_type,
    issueType: body.issue_type,
    jobType: body.job_type,
    customer: body.customer_info,
    date: body.date,
    time: body.time,
    now: new Date(),
  });
  // A session that had dropped off is pending again: it gets a new check.
  if (session.events.at(-2)?.event_type === 'session_resumed') {
    await scheduleDropOffCheck(dependencies().scheduler(), session, dependencies().abandonAfterSeconds);
  }
  return { statusCode: 200, body: presentSessionAnswer(session), headers };
});

const resume = createHttpHandler(contracts.resumeWidgetSession, async ({ body, event }) => {
  const deps = dependencies();
  const read = readResumeToken(body.resume_token);
  await takeWidgetRequest(deps.limits, event, read ? { teamId: read.ref.teamId, schedulerId: read.ref.schedulerId } : null);
  const resumed = await resumeWidgetSession(deps, { resumeToken: body.resume_token, now: new Date() });
  const headers = requireAllowedOrigin(event, resumed.scheduler);
  if (resumed.resumed) await scheduleDropOffCheck(deps.scheduler(), resumed.session, deps.abandonAfterSeconds);
  return { statusCode: 200, body: presentResumedSession(resumed), headers };
});

const book = createHttpHandler(contracts.bookWidgetSession, async ({ headers: sent, body, event }) => {
  const { headers } = await guardToken(event, sent['x-widget-token']);
  const deps = dependencies();
  const [stores, { completeBooking }] = await Promise.all([deps.booking(), bookingEffects()]);
  const outcome = await bookWidgetSession(
    { ...deps, ...stores },
    {
      token: sent['x-widget-token'],
      issueType: body.issue_type,
      jobType: body.job_type,
      date: body.date,
      time: body.time,
      customer: { name: body.name, phone: body.phone, email: body.email, address: body.address },
      honeypot: body.website,
      now: new Date(),
    },
  );
  if (outcome.kind === 'slot_taken') {
    return { statusCode: 409, body: presentSlotTaken(body, outcome.availability), headers };
  }
  const scheduler = await requireScheduler(deps, outcome.stored.session.team_id, outcome.stored.session.scheduler_id);
  await completeBooking(
    { ...deps, ...stores, followups: deps.followups() },
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

/**
 * The scheduling widget's routes: public, a session's reads and changes by its token
 * (shared/domain/widget), one handler per row of the route table. They are on the read API with
 * the booking page, so the widget's calls are same-origin.
 */
export const handler = functionRoutes(WIDGET_ROUTES, 'widget-api', {
  startWidgetSession: start,
  getWidgetAvailability: availability,
  getWidgetSession: read,
  recordWidgetStep: step,
  bookWidgetSession: book,
  resumeWidgetSession: resume,
});
