import type { DataSubjectDeletion } from '#shared/domain/data-subject-deletions/request';
import type { DomainEvent } from '#shared/ports/event-bus';
import { eventIdFor } from './lead-events';

/**
 * data_subject_deletion.completed: a deletion on request finished (JSON Schema in ./schemas). Ids
 * and counts only, never the phone or email; due in the outbox with the completing write, so it
 * goes out once, under one event_id.
 */
export function dataSubjectDeletionCompleted(deletion: DataSubjectDeletion, at: Date): DomainEvent {
  const type = 'data_subject_deletion.completed';
  return {
    type,
    detail: {
      event: type,
      event_id: eventIdFor(type, deletion.id),
      occurred_at: at.toISOString(),
      deletion_id: deletion.id,
      enterprise_id: deletion.enterpriseId,
      team_ids: [...deletion.teamIds],
      counts: { ...deletion.counts },
    },
  };
}
