import * as z from 'zod/mini';
import type { CallRecord } from '#shared/domain/calls';
import { atLoad } from '#shared/lazy';
import type { EvaluationStore } from '#shared/ports/coach-store';
import type { MessageQueue } from '#shared/ports/message-queue';

/**
 * The message on the coach-evaluations queue: which call to evaluate. It carries the call's key
 * (team, started_at, id), never its transcript, which the worker reads from the calls table.
 */
export const evaluationRequestSchema = /* @__PURE__ */ atLoad(() =>
  z.strictObject({
    team_id: z.number().check(z.int(), z.positive()),
    call_id: z.string().check(z.minLength(1), z.maxLength(100)),
    started_at: z.iso.datetime({ offset: true }),
  }),
);

export type EvaluationRequest = z.output<typeof evaluationRequestSchema>;

/** Whether a call is evaluated at all: a call without words (unanswered, silence) has nothing to coach. */
export function isEvaluable(call: Pick<CallRecord, 'transcript'>): boolean {
  return typeof call.transcript === 'string' && call.transcript.trim() !== '';
}

/** Queues the call's evaluation. */
export async function requestEvaluation(queue: MessageQueue, request: EvaluationRequest): Promise<void> {
  await queue.send([{ body: { ...evaluationRequestSchema.parse(request) } }]);
}

/**
 * A redelivered report whose call is due an evaluation queues it again unless it is stored: the
 * first delivery may have stored the report and stopped before queueing (the worker stores one
 * evaluation per call however many requests arrive).
 */
export async function ensureEvaluationRequested(
  deps: { readonly evaluations: Pick<EvaluationStore, 'hasEvaluation'>; readonly coachQueue: MessageQueue },
  request: EvaluationRequest,
): Promise<boolean> {
  if (await deps.evaluations.hasEvaluation(request.team_id, request.call_id)) return false;
  await requestEvaluation(deps.coachQueue, request);
  return true;
}
