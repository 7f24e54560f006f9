import { appointmentReplyDependencies } from '#shared/adapters/runtime/appointment-reply-dependencies';
import { inboundSmsDependencies } from '#shared/adapters/runtime/sms-campaign-inbound-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { receiveInboundSms } from '#shared/contracts/sms-campaigns';
import { answerAppointmentReply } from '#shared/domain/appointment-texts/answer-reply';
import { readE164 } from '#shared/domain/e164-reader';
import { handleInboundText } from '#shared/domain/sms-campaigns/inbound';
import { BadRequestError } from '#shared/errors';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';
import { presentInboundResult } from '#shared/presenters/sms-campaigns';

const dependencies = inboundSmsDependencies();
const appointmentReplies = appointmentReplyDependencies();

export const handler = createHttpHandler(
  receiveInboundSms,
  async ({ body: inbound, headers, identity, requestId }) => {
    const deps = dependencies();
    const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], deps.tenancy);
    const config = await deps.messagingConfigs.getMessagingConfig(team.id);
    const from = await readE164(inbound.from, config.phone_region);
    if (!from) throw new BadRequestError(`from: "${inbound.from.slice(0, 40)}" is not a valid phone number`, 'from');
    const result = await handleInboundText(deps, {
      team,
      from,
      body: inbound.body,
      messageId: inbound.message_id ?? null,
      now: new Date(),
    });
    // A reply to an appointment's text, after the usual handling (opt-outs first), once per message.
    if (!result.duplicate) {
      const message = { from, body: inbound.body, messageId: inbound.message_id ?? null, now: new Date() };
      await answerAppointmentReply({ replies: appointmentReplies(), sms: deps.sms }, { team, ...message });
    }
    return { statusCode: 200, body: presentInboundResult(result, requestId) };
  },
  { idempotency: idempotencyKeys() },
);
