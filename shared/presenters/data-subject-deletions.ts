import type * as z from 'zod';
import type { dataSubjectDeletion } from '#shared/contracts/data-subject-deletions';
import type { DataSubjectDeletion } from '#shared/domain/data-subject-deletions/request';
import { presentPlatformBody } from '#shared/presenters/responses';

type DataSubjectDeletionData = z.output<ReturnType<typeof dataSubjectDeletion>>;

/** A deletion as the API shows it: never its subject (phone, email), which it forgets once completed. */
export function presentDeletion(d: DataSubjectDeletion): DataSubjectDeletionData {
  return {
    id: d.id,
    team_ids: [...d.teamIds],
    status: d.status,
    counts: { ...d.counts },
    created_at: d.createdAt,
    completed_at: d.completedAt,
  };
}

export function presentDeletionResponse(d: DataSubjectDeletion, requestId: string) {
  return presentPlatformBody(presentDeletion(d), requestId);
}
