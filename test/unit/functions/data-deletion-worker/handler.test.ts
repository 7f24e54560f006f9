import type { dataDeletionWorkerDependencies } from '#shared/adapters/runtime/data-subject-deletion-worker-dependencies';
import type { AuditEntry } from '#shared/domain/audit-log/entry';
import { type DataSubjectDeletion, DELETION_KINDS, type DeletionKind, zeroCounts } from '#shared/domain/data-subject-deletions/request';
import type { DataSubjectDeletionStore, SubjectEraser } from '#shared/ports/data-subject-deletion-store';
import type { DomainEvent } from '#shared/ports/event-bus';
import { CONTEXT, failingPort, functionEnvironment, sqsEvent } from '../../../support/handler-harness';

type Dependencies = ReturnType<ReturnType<typeof dataDeletionWorkerDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/data-subject-deletion-worker-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/data-subject-deletion-worker-dependencies'),
  dataDeletionWorkerDependencies: () => () => mockDependencies.current,
}));

const NOW = new Date('2026-11-28T12:00:00.000Z');
const RUNNING: DataSubjectDeletion = {
  id: 'dsd_0123456789abcdef01234567',
  enterpriseId: 1,
  teamIds: [1, 2],
  subject: { phone: '+13125550142', email: null },
  status: 'running',
  counts: zeroCounts(),
  done: ['sessions', 'leads'],
  createdAt: '2026-11-28T11:59:00.000Z',
  completedAt: null,
};
const MESSAGE = { kind: 'data-subject-deletion', deletion_id: RUNNING.id };
let handler: typeof import('../../../../functions/data-deletion-worker/handler').handler;
beforeAll(async () => {
  functionEnvironment('data-deletion-worker');
  ({ handler } = await import('../../../../functions/data-deletion-worker/handler'));
});

/** What the fakes saw: the kinds erased, and the completion with its event and audit entry. */
interface Seen {
  readonly erased: DeletionKind[];
  readonly completed: { id: string; at: string; events: readonly DomainEvent[]; audit: AuditEntry }[];
}

/** A store holding `deletion` (kinds marked finished as the worker goes) and an eraser that records the kinds. */
function dependencies(deletion: DataSubjectDeletion, seen: Seen): Dependencies {
  let current = deletion;
  const store: DataSubjectDeletionStore = {
    createDeletion: () => Promise.reject(new Error('not used by the worker')),
    getDeletion: async (id) => (id === current.id ? current : null),
    finishKind: async (_id, kind) => {
      current = { ...current, done: [...current.done, kind] };
    },
    completeDeletion: async (id, at, events, audit) => {
      seen.completed.push({ id, at, events, audit });
      current = { ...current, status: 'completed', subject: null, completedAt: at };
      return true;
    },
  };
  const eraser: SubjectEraser = {
    erase: async (kind) => {
      seen.erased.push(kind);
    },
  };
  return { store, eraser, now: () => NOW };
}

describe('data-deletion-worker', () => {
  it('erases the kinds not finished yet, in order, then completes the deletion with its event', async () => {
    const seen: Seen = { erased: [], completed: [] };
    mockDependencies.current = dependencies(RUNNING, seen);
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(seen.erased).toEqual(DELETION_KINDS.filter((kind) => kind !== 'sessions' && kind !== 'leads'));
    expect(seen.completed).toEqual([
      {
        id: RUNNING.id,
        at: NOW.toISOString(),
        events: [expect.objectContaining({ type: 'data_subject_deletion.completed' })],
        audit: expect.objectContaining({ action: 'data_subject_deletion.completed' }),
      },
    ]);
  });

  it('does nothing for a deletion completed already', async () => {
    const seen: Seen = { erased: [], completed: [] };
    mockDependencies.current = dependencies({ ...RUNNING, status: 'completed', completedAt: NOW.toISOString() }, seen);
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(seen).toEqual({ erased: [], completed: [] });
  });

  it('reports a message that is not a deletion message, or not JSON, as failed, without reaching its dependencies', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent({ kind: 'data-subject-deletion' }, 'not json'), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }, { itemIdentifier: 'msg-2' }]);
  });

  it('reports the message as failed, so SQS retries it, when its dependencies fail', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });
});
