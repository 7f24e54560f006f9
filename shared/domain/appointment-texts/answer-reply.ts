import type { Team } from '#shared/domain/tenancy';
import { lazy } from '#shared/lazy';
import type { AppointmentReplies } from '#shared/ports/appointment-replies';
import type { SmsProvider } from '#shared/ports/sms-provider';
import { readAppointmentReply } from './reply-reading';

// The texts' words and the visit's local time, only for a reschedule request: the inbound-SMS
// webhook answers every other text without them, so they stay out of that function's cold start.
const bodies = lazy(() => import('./bodies'));

/**
 * What a reply did to the number's upcoming visit: nothing (`none`: an opt-out or keyword, handled
 * as for any text; or no upcoming visit), confirmed it, answered with its manage link, or kept it
 * for staff.
 */
export type AppointmentReplyOutcome = 'none' | 'no_appointment' | 'confirmed' | 'link_sent' | 'kept_for_staff';

/**
 * Acts on an inbound text from a number with an upcoming visit of the team (reply-reading.ts for
 * how it is read). It runs after the text's usual handling, and only for a text handled for the
 * first time (the inbound message's claim): a redelivered reply does nothing twice. A confirmation
 * gets no text back (a YES already gets the opt-in answer); a reschedule request gets the manage
 * link; anything else goes to staff.
 */
export async function answerAppointmentReply(
  deps: { readonly replies: AppointmentReplies; readonly sms: SmsProvider },
  input: { readonly team: Team; readonly from: string; readonly body: string; readonly messageId: string | null; readonly now: Date },
): Promise<AppointmentReplyOutcome> {
  const intent = readAppointmentReply(input.body);
  if (intent === 'opt_out' || intent === 'keyword') return 'none';
  const upcoming = await deps.replies.upcoming(input.team.id, input.from, input.now);
  if (!upcoming) return 'no_appointment';
  const { notice } = upcoming;
  const reply = { messageId: input.messageId, body: input.body, at: input.now.toISOString() };
  switch (intent) {
    case 'confirm':
      await deps.replies.confirm(input.team.id, notice.appointmentId, reply);
      return 'confirmed';
    case 'reschedule': {
      const { visitTime } = await bodies();
      await deps.sms.send({
        to: input.from,
        body: `${notice.businessName}: to pick another time for your ${notice.service} visit on ${await visitTime(notice.start, notice.zone)}, open ${notice.manageUrl}`,
        reference: `appointment-reply:${notice.appointmentId}:${input.messageId ?? reply.at}`,
      });
      return 'link_sent';
    }
    case 'other':
      await deps.replies.keepForStaff(input.team.id, notice.appointmentId, reply);
      return 'kept_for_staff';
  }
}
