import { isRedactedEvent } from '#shared/domain/data-subject-deletions/redacted-event';
import { RECOVERY_DUE } from '#shared/domain/widget/recovery';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { DueEvent } from '#shared/ports/outbox';

/**
 * What a session's `widget_session.recovery_due` event starts on the widget-followups queue, from
 * the outbox publisher: the event is written in the same transaction as the drop-off and its
 * recovery lead (shared/domain/widget/recovery.ts), so the recovery follows every qualified
 * drop-off, a crash anywhere included. At least once: an event published again puts its message
 * again; the worker texts once per session (the text's claim) and calls once (the outreach
 * claim), so a repeated message does nothing twice. A redacted event starts no recovery: its
 * person was deleted on request.
 */
export function recoveryMessageOf(event: DueEvent): Record<string, unknown> | null {
  if (event.type !== RECOVERY_DUE || isRedactedEvent(event.detail)) return null;
  const { team_id: teamId, scheduler_id: schedulerId, started_at: startedAt, session_id: sessionId } = event.detail;
  if (typeof teamId !== 'number' || typeof schedulerId !== 'number' || typeof startedAt !== 'string' || typeof sessionId !== 'string') {
    return null;
  }
  return { kind: 'recovery', session: { team_id: teamId, scheduler_id: schedulerId, started_at: startedAt, session_id: sessionId } };
}

/** Puts the event's recovery message on widget-followups, if it is one; throws when the queue refuses (the stream retries). */
export async function followRecoveryEvent(queue: MessageQueue, event: DueEvent): Promise<boolean> {
  const message = recoveryMessageOf(event);
  if (!message) return false;
  await queue.send([{ body: message }]);
  return true;
}
