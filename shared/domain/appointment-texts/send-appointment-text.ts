import { ClaimHeldElsewhereError, claimToken, type Delivery, isAbandoned } from '#shared/domain/claims';
import { withRetries } from '#shared/domain/retry';
import { countSegments } from '#shared/domain/sms/segments';
import type { AppointmentTextKey, AppointmentTextStore } from '#shared/ports/appointment-text-store';
import { PermanentProviderError } from '#shared/ports/provider-errors';
import type { SmsProvider } from '#shared/ports/sms-provider';
import type { AppointmentNotice, OwnTextPurpose } from './notice';

export interface AppointmentTextDependencies {
  readonly texts: AppointmentTextStore;
  readonly sms: SmsProvider;
  readonly pricePerSegmentMicros: number;
  /** How long a sender may run (the worker's timeout): an older open claim is abandoned. */
  readonly maxRunMs: number;
  readonly now?: () => Date;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** One text of an appointment (or of a session, for a recovery), written: for whom, why, which one of its kind, and its words. */
export interface AppointmentText {
  readonly notice: Pick<AppointmentNotice, 'teamId' | 'appointmentId' | 'phone'>;
  readonly purpose: OwnTextPurpose;
  /** The plan under the calling-hours rules, kept on the record (a recovery text's). */
  readonly plan?: { readonly sendAt: string; readonly rule: string };
  readonly occurrence: string;
  readonly body: string;
}

/**
 * What became of the text. `suppressed`, `failed` and `unconfirmed` carry the reason, for the
 * appointment's history; `already_handled` is a redelivery of a text settled before.
 */
export type AppointmentTextResult =
  | { readonly outcome: 'sent'; readonly providerMessageId: string }
  | { readonly outcome: 'suppressed' | 'failed' | 'unconfirmed'; readonly reason: string }
  | { readonly outcome: 'already_handled'; readonly status: string };

const UNCONFIRMED_REASON = 'the sender stopped after claiming this text, before recording the provider answer; not sent again';

/**
 * Sends one text of an appointment, at most once per (appointment, purpose, occurrence), however
 * often the work is delivered. It is transactional: no calling hours, cap or sending-rate slot
 * holds it, but the claim and the suppression check are one write, so a number that opted out is
 * never texted (the text is recorded `suppressed`, with the reason). A claim left by a sender
 * that is gone is settled `unconfirmed` (the text may have gone out: never again); one whose
 * sender may still run fails the delivery back (ClaimHeldElsewhereError). A provider that stays
 * unavailable after the retries gets the claim back and the error is thrown, so the queue retries.
 */
export async function sendAppointmentText(
  deps: AppointmentTextDependencies,
  text: AppointmentText,
  delivery: Delivery,
): Promise<AppointmentTextResult> {
  const now = deps.now ?? (() => new Date());
  const key: AppointmentTextKey = {
    teamId: text.notice.teamId,
    appointmentId: text.notice.appointmentId,
    purpose: text.purpose,
    occurrence: text.occurrence,
  };
  const segments = countSegments(text.body).segments;
  const token = claimToken(delivery);
  const answer = await deps.texts.claim({
    key,
    phone: text.notice.phone,
    body: text.body,
    segments,
    at: now().toISOString(),
    token,
    plan: text.plan,
  });
  if (answer.kind === 'suppressed') return { outcome: 'suppressed', reason: answer.reason };
  if (answer.kind === 'exists') {
    if (answer.status !== 'sending') return { outcome: 'already_handled', status: answer.status };
    if (!isAbandoned({ token: answer.claimToken, claimedAt: answer.claimedAt }, delivery, now(), deps.maxRunMs)) {
      throw new ClaimHeldElsewhereError(`appointment ${key.appointmentId} ${key.purpose}: claimed by a sender that may still be running`);
    }
    await deps.texts.settle(key, { status: 'unconfirmed', costMicros: 0, error: UNCONFIRMED_REASON, at: now().toISOString() });
    return { outcome: 'unconfirmed', reason: UNCONFIRMED_REASON };
  }
  try {
    const sent = await withRetries(
      () =>
        deps.sms.send({
          to: text.notice.phone,
          body: text.body,
          reference: `appointment:${key.appointmentId}:${key.purpose}:${key.occurrence}`,
        }),
      { attempts: 3, baseDelayMs: 100, isRetryable: (e) => !(e instanceof PermanentProviderError), sleep: deps.sleep },
    );
    await deps.texts.settle(key, {
      status: 'sent',
      costMicros: segments * deps.pricePerSegmentMicros,
      providerMessageId: sent.providerMessageId,
      at: now().toISOString(),
    });
    return { outcome: 'sent', providerMessageId: sent.providerMessageId };
  } catch (error) {
    if (!(error instanceof PermanentProviderError)) {
      await deps.texts.release(key, token);
      throw error;
    }
    const reason = error.message.slice(0, 500);
    await deps.texts.settle(key, { status: 'failed', costMicros: 0, error: reason, at: now().toISOString() });
    return { outcome: 'failed', reason };
  }
}
