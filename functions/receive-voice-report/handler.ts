import { voiceReportDependencies } from '#shared/adapters/runtime/voice-report-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { receiveVoiceReport } from '#shared/contracts/voice';
import { recordTransferUpdate } from '#shared/domain/voice/transfer-update';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';
import { lazy } from '#shared/lazy';
import { presentIgnoredAnswer, presentTransferAnswer } from '#shared/presenters/voice';

const dependencies = voiceReportDependencies();
/** The report's processing (normalizing, the responder, the stores it writes), with the first end-of-call report. */
const endOfCallReport = lazy(() => import('./end-of-call-report'));

export const handler = createHttpHandler(
  receiveVoiceReport,
  async ({ body, headers, identity }) => {
    const deps = dependencies();
    const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], deps.tenancy);
    if (body.kind === 'transfer') {
      const { created } = await recordTransferUpdate(await deps.calls(), { update: body.update, teamId: team.id, now: new Date() });
      return { statusCode: 200, body: presentTransferAnswer(created) };
    }
    if (body.kind === 'ignored') return { statusCode: 200, body: presentIgnoredAnswer(body.type) };
    const [{ answerEndOfCallReport }, reportDependencies] = await Promise.all([endOfCallReport(), deps.endOfCallReports()]);
    return answerEndOfCallReport(reportDependencies, team, body.report);
  },
  { idempotency: idempotencyKeys() },
);
