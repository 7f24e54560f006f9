import { voiceReportDependencies } from '#shared/adapters/runtime/voice-report-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { receiveVoiceReport } from '#shared/contracts/voice';
import { normalizeReport } from '#shared/domain/voice/call-report';
import { processCallReport } from '#shared/domain/voice/process-report';
import { recordTransferUpdate } from '#shared/domain/voice/transfer-update';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';
import { presentIgnoredAnswer, presentReportAnswer, presentTransferAnswer } from '#shared/presenters/voice';

const dependencies = voiceReportDependencies();

export const handler = createHttpHandler(
  receiveVoiceReport,
  async ({ body, headers, identity }) => {
    const deps = dependencies();
    const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], deps.tenancy);
    if (body.kind === 'transfer') {
      const { created } = await recordTransferUpdate(deps.calls, { update: body.update, teamId: team.id, now: new Date() });
      return { statusCode: 200, body: presentTransferAnswer(created) };
    }
    if (body.kind === 'ignored') return { statusCode: 200, body: presentIgnoredAnswer(body.type) };
    const call = normalizeReport(body.report);
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
  },
  { idempotency: idempotencyKeys() },
);
