import type { EndOfCallReportDependencies } from '#shared/adapters/runtime/voice-end-of-call-dependencies';
import type { Team } from '#shared/domain/tenancy';
import { type EndOfCallReport, normalizeReport } from '#shared/domain/voice/call-report';
import { processCallReport } from '#shared/domain/voice/process-report';
import { presentReportAnswer } from '#shared/presenters/voice';

/**
 * An end-of-call report stored as a call and handed to the responder. Imported by the handler with
 * the first report: the other messages of a call (status updates, transfer updates) need none of it.
 */
export async function answerEndOfCallReport(
  deps: EndOfCallReportDependencies,
  team: Team,
  report: EndOfCallReport,
): Promise<ReturnType<typeof presentReportAnswer>> {
  const call = normalizeReport(report);
  // The team's first scheduler gives the hours a booked time must fall in; a team without one books any time named.
  const [firstScheduler] = await (await deps.schedulers()).listSchedulers({ teamId: team.id, limit: 1 });
  const visitPlace = firstScheduler
    ? {
        schedulerId: firstScheduler.scheduler.scheduler_id,
        timeZone: firstScheduler.scheduler.time_zone,
        durationMinutes: firstScheduler.scheduler.slot_minutes,
      }
    : null;
  const result = await processCallReport(deps, {
    team,
    call,
    now: new Date(),
    hours: firstScheduler?.scheduler.hours ?? null,
    visitPlace,
  });
  return presentReportAnswer(result);
}
