import type { dataSubjectDeletionDependencies } from '#shared/adapters/runtime/data-subject-deletion-dependencies';
import { type DataSubjectDeletion, zeroCounts } from '#shared/domain/data-subject-deletions/request';
import type { DataSubjectDeletionStore } from '#shared/ports/data-subject-deletion-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { tenancyOf } from '../../../support/intake-fakes';

type Dependencies = ReturnType<ReturnType<typeof dataSubjectDeletionDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/data-subject-deletion-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/data-subject-deletion-dependencies'),
  dataSubjectDeletionDependencies: () => () => mockDependencies.current,
}));

const DELETION: DataSubjectDeletion = {
  id: 'dsd_0123456789abcdef01234567',
  enterpriseId: 1,
  teamIds: [1, 2],
  subject: { phone: '+13125550142', email: null },
  status: 'running',
  counts: { ...zeroCounts(), sessions: 3, leads: 1 },
  done: ['sessions', 'leads'],
  createdAt: '2026-11-27T10:00:00.000Z',
  completedAt: null,
};
let handler: typeof import('../../../../functions/get-data-subject-deletion/handler').handler;
beforeAll(async () => {
  functionEnvironment('get-data-subject-deletion');
  ({ handler } = await import('../../../../functions/get-data-subject-deletion/handler'));
});

/** A store holding `deletions`. */
function dependencies(deletions: readonly DataSubjectDeletion[]): Dependencies {
  return {
    tenancy: tenancyOf([]),
    deletions: fakePort<DataSubjectDeletionStore>({ getDeletion: async (id) => deletions.find((d) => d.id === id) ?? null }),
  };
}

describe('get-data-subject-deletion', () => {
  it('answers the deletion and its counts, never the person', async () => {
    mockDependencies.current = dependencies([DELETION]);
    const answer = await answerOf(handler, routeEvent('getDataSubjectDeletion', { path: { deletionId: DELETION.id } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      data: {
        id: DELETION.id,
        team_ids: [1, 2],
        status: 'running',
        counts: { sessions: 3, leads: 1, calls: 0 },
        created_at: DELETION.createdAt,
        completed_at: null,
      },
      meta: { request_id: expect.any(String) },
    });
    expect(answer.text).not.toContain('+13125550142');
  });

  it('answers 404 for an unknown deletion and for one of a team out of the key’s reach', async () => {
    mockDependencies.current = dependencies([{ ...DELETION, id: 'dsd_foreign', teamIds: [1, 7] }]);
    for (const deletionId of ['dsd_foreign', 'dsd_unknown']) {
      const answer = await answerOf(handler, routeEvent('getDataSubjectDeletion', { path: { deletionId } }));
      expect({ deletionId, status: answer.status }).toEqual({ deletionId, status: 404 });
    }
  });

  it('refuses an id longer than any deletion’s, naming deletionId', async () => {
    mockDependencies.current = dependencies([DELETION]);
    const answer = await answerOf(handler, routeEvent('getDataSubjectDeletion', { path: { deletionId: `dsd_${'0'.repeat(70)}` } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'deletionId' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { tenancy: failingPort<TenancyStore>(), deletions: failingPort<DataSubjectDeletionStore>() };
    const answer = await answerOf(handler, routeEvent('getDataSubjectDeletion', { path: { deletionId: DELETION.id } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
