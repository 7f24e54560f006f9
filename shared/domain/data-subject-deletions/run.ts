import { type AuditActor, newAuditEntry } from '#shared/domain/audit-log/entry';
import { NotFoundError } from '#shared/errors';
import { dataSubjectDeletionCompleted } from '#shared/events/data-subject-deletion-events';
import type { DataSubjectDeletionStore, SubjectEraser } from '#shared/ports/data-subject-deletion-store';
import type { MessageQueue } from '#shared/ports/message-queue';
import { type DataSubject, type DataSubjectDeletion, DELETION_KINDS, deletionIdFor, zeroCounts } from './request';

/** The queue message that asks the worker to go on with a deletion. */
export interface DeletionMessage {
  readonly kind: 'data-subject-deletion';
  readonly deletion_id: string;
}

export function isDeletionMessage(body: unknown): body is DeletionMessage {
  const b = body as Partial<DeletionMessage> | null;
  return typeof b === 'object' && b !== null && b.kind === 'data-subject-deletion' && typeof b.deletion_id === 'string';
}

function audit(
  deletion: DataSubjectDeletion,
  action: 'data_subject_deletion.requested' | 'data_subject_deletion.completed',
  actor: AuditActor,
  now: Date,
) {
  const counts = action === 'data_subject_deletion.completed' ? Object.entries(deletion.counts).map(([k, v]) => `${k}:${v}`) : [];
  return newAuditEntry(
    {
      enterpriseId: deletion.enterpriseId,
      teamIds: [...deletion.teamIds],
      action,
      actor,
      target: { type: 'data_subject_deletion', id: deletion.id },
      detail: { team_ids: deletion.teamIds.map(String), ...(counts.length > 0 ? { counts } : {}) },
    },
    now,
  );
}

/**
 * Records the deletion (queued, with its `requested` audit entry in the same write) and queues it.
 * The same request again finds the deletion by its id and answers it as it stands; one not yet
 * completed is queued again, so a request repeated after a lost message finishes the work.
 */
export async function requestDeletion(
  deps: { store: DataSubjectDeletionStore; queue: MessageQueue },
  scope: { enterpriseId: number; teamIds: readonly number[]; subject: DataSubject },
  context: { now: Date; actor: AuditActor },
): Promise<DataSubjectDeletion> {
  const deletion: DataSubjectDeletion = {
    id: deletionIdFor(scope.enterpriseId, scope.teamIds, scope.subject),
    enterpriseId: scope.enterpriseId,
    teamIds: [...new Set(scope.teamIds)].sort((a, b) => a - b),
    subject: scope.subject,
    status: 'queued',
    counts: zeroCounts(),
    done: [],
    createdAt: context.now.toISOString(),
    completedAt: null,
  };
  const { deletion: stored } = await deps.store.createDeletion(
    deletion,
    audit(deletion, 'data_subject_deletion.requested', context.actor, context.now),
  );
  if (stored.status !== 'completed')
    await deps.queue.send([{ body: { kind: 'data-subject-deletion', deletion_id: stored.id } satisfies DeletionMessage }]);
  return stored;
}

/** A deletion of teams the key reaches; another's answers 404 like an unknown one. */
export async function requireDeletion(
  store: DataSubjectDeletionStore,
  teamIds: readonly number[],
  id: string,
): Promise<DataSubjectDeletion> {
  const deletion = await store.getDeletion(id);
  if (!deletion?.teamIds.every((teamId) => teamIds.includes(teamId))) throw new NotFoundError(`No deletion ${id}`);
  return deletion;
}

/**
 * Works through the kinds not finished yet, in order: each removes and counts its items (the
 * eraser), then is marked finished. A crash resumes at the first kind not marked; its items
 * removed already are neither removed nor counted again. Then the deletion completes, forgetting
 * its subject, with its event and audit entry in the same write.
 */
export async function runDeletion(
  deps: { store: DataSubjectDeletionStore; eraser: SubjectEraser; now: () => Date },
  message: DeletionMessage,
): Promise<void> {
  const deletion = await deps.store.getDeletion(message.deletion_id);
  if (!deletion || deletion.status === 'completed') return;
  for (const kind of DELETION_KINDS) {
    if (deletion.done.includes(kind)) continue;
    await deps.eraser.erase(kind, deletion);
    await deps.store.finishKind(deletion.id, kind);
  }
  const finished = await deps.store.getDeletion(deletion.id);
  if (!finished || finished.status === 'completed') return;
  const now = deps.now();
  const event = dataSubjectDeletionCompleted(finished, now);
  await deps.store.completeDeletion(
    finished.id,
    now.toISOString(),
    [event],
    audit(finished, 'data_subject_deletion.completed', { kind: 'system' }, now),
  );
}
