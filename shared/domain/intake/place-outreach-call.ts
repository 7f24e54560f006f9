import { ClaimHeldElsewhereError, claimToken, type Delivery, isAbandoned } from '#shared/domain/claims';
import { fullAttribution, type LeadRecord } from '#shared/domain/leads';
import { withRetries } from '#shared/domain/retry';
import { PoisonMessageError } from '#shared/errors';
import { leadCompleted } from '#shared/events/lead-events';
import type { IntakeStore } from '#shared/ports/intake-store';
import { PermanentProviderError } from '#shared/ports/provider-errors';
import type { VoiceProvider } from '#shared/ports/voice-provider';
import type { OutreachMessage, OutreachState } from './outreach';

export interface PlaceCallDependencies {
  readonly intake: IntakeStore;
  readonly voice: VoiceProvider;
  readonly sleep?: (ms: number) => Promise<void>;
  /** How long a worker may run (the function's timeout): an older open claim is abandoned. */
  readonly maxRunMs: number;
  /**
   * Whether the lead is a booking recovery's whose session is booked by now (its customer booked
   * online): asked under the claim, just before the call, so a booking racing the call stops it.
   */
  readonly bookedOnline: (lead: LeadRecord) => Promise<boolean>;
}

/** Why a recovery call was never placed (the outreach's reason; the booking writes the same). */
export const BOOKED_BEFORE_CALL = 'booked online before the recovery call';

export type PlaceCallResult = 'placed' | 'skipped' | 'failed';

/**
 * Places the AI call of one outreach attempt, exactly once whatever the redelivery: the attempt is
 * claimed with a conditional write (queued/scheduled → placing, carrying the delivery's claim
 * token) before the provider is called, so a second delivery finds it claimed and does nothing.
 * A claim whose worker is gone (it died between the claim and recording the call; see
 * domain/claims.ts) is taken over and the call placed with the same idempotency key, so the
 * provider returns the call it already placed, if any; a claim whose worker may still be running
 * fails the message back to the queue until it is settled or abandoned. Transient provider errors
 * are retried with jittered backoff, then the claim is released and the message fails back to SQS
 * (the same idempotency key goes to the provider on the retry); a provider 4xx ends outreach as
 * failed. A booking recovery's call whose session was booked meanwhile is completed `booked`
 * under the claim instead, and not placed.
 */
export async function placeOutreachCall(
  deps: PlaceCallDependencies,
  message: OutreachMessage,
  now: Date,
  delivery: Delivery,
): Promise<PlaceCallResult> {
  const lead = await deps.intake.getLeadByStlCallId(message.stl_call_id);
  if (!lead || lead.lead_id === null || !lead.outreach || !lead.customer_phone) {
    throw new PoisonMessageError(`no outreach record for stl_call_id ${message.stl_call_id}`);
  }
  const outreach = lead.outreach;
  const token = claimToken(delivery);
  const claim = { status: 'placing' as const, last_attempt_at: now.toISOString(), claim_token: token };
  const claimed =
    (await deps.intake.transitionOutreach(message.stl_call_id, { statuses: ['queued', 'scheduled'], attempt: message.attempt }, claim)) ||
    (await takeOverAbandonedClaim(deps, message, now, delivery, claim));
  if (!claimed || (await completedAsBooked(deps, lead, message, token, now))) return 'skipped';

  const ref = {
    lead_id: lead.lead_id,
    stl_call_id: message.stl_call_id,
    team_id: lead.team_id,
    external_id: lead.external_id,
    attribution: fullAttribution(lead.attribution),
  };
  let providerCallId: string;
  try {
    ({ providerCallId } = await withRetries(
      () =>
        deps.voice.placeCall({
          idempotencyKey: `stl-${message.stl_call_id}-attempt-${message.attempt}`,
          customerNumber: lead.customer_phone as string,
          customerName: lead.customer_name,
          metadata: { lead_id: ref.lead_id, stl_call_id: ref.stl_call_id, team_id: ref.team_id, attempt: message.attempt },
        }),
      { attempts: 3, baseDelayMs: 200, isRetryable: (e) => !(e instanceof PermanentProviderError), sleep: deps.sleep },
    ));
  } catch (error) {
    if (error instanceof PermanentProviderError) {
      // lead.completed is due in the same write as the completion (the outbox): it cannot be lost.
      await deps.intake.transitionOutreach(
        message.stl_call_id,
        { statuses: ['placing'], attempt: message.attempt },
        { status: 'completed', outcome: 'failed', completed_at: now.toISOString(), reason: error.message },
        'closed',
        [
          leadCompleted(
            ref,
            { outcome: 'failed', attempts: outreach.attempt, call_id: null, appointment_id: null, ticket_id: null, reason: error.message },
            now,
          ),
        ],
      );
      return 'failed';
    }
    await deps.intake.transitionOutreach(message.stl_call_id, { statuses: ['placing'], attempt: message.attempt }, { status: 'queued' });
    throw error;
  }

  await deps.intake.linkProviderCall(providerCallId, message.stl_call_id);
  await deps.intake.transitionOutreach(
    message.stl_call_id,
    { statuses: ['placing'], attempt: message.attempt },
    { status: 'in_progress', provider_call_id: providerCallId },
    'contacting',
  );
  return 'placed';
}

/**
 * Completes the claimed attempt `booked` when its lead is a booking recovery's whose session was
 * booked meanwhile (true then: no call). Under the claim, so whichever of the booking and this
 * check comes second sees the other: the booking's own completion, or this one, holds.
 */
async function completedAsBooked(
  deps: PlaceCallDependencies,
  lead: LeadRecord,
  message: OutreachMessage,
  token: string,
  now: Date,
): Promise<boolean> {
  if (!(await deps.bookedOnline(lead))) return false;
  await deps.intake.transitionOutreach(
    message.stl_call_id,
    { statuses: ['placing'], attempt: message.attempt, claimToken: token },
    { status: 'completed', outcome: 'booked', completed_at: now.toISOString(), reason: BOOKED_BEFORE_CALL },
  );
  return true;
}

/**
 * The attempt is already `placing`: take the claim over when its worker is gone, throw when it may
 * still be at work, and answer false when the attempt is in any other state (done, or moved on).
 */
async function takeOverAbandonedClaim(
  deps: PlaceCallDependencies,
  message: OutreachMessage,
  now: Date,
  delivery: Delivery,
  claim: Partial<OutreachState>,
): Promise<boolean> {
  const current = (await deps.intake.getLeadByStlCallId(message.stl_call_id))?.outreach;
  if (current?.status !== 'placing' || current.attempt !== message.attempt) return false;
  const held = { token: current.claim_token ?? null, claimedAt: current.last_attempt_at };
  if (!isAbandoned(held, delivery, now, deps.maxRunMs)) {
    throw new ClaimHeldElsewhereError(`stl_call_id ${message.stl_call_id} attempt ${message.attempt} is being placed by another worker`);
  }
  return deps.intake.transitionOutreach(
    message.stl_call_id,
    { statuses: ['placing'], attempt: message.attempt, claimToken: current.claim_token ?? null },
    claim,
  );
}
