import type { dataSubjectDeletionRequestDependencies } from '#shared/adapters/runtime/data-subject-deletion-dependencies';
import type { DataSubjectDeletion } from '#shared/domain/data-subject-deletions/request';
import type { DataSubjectDeletionStore } from '#shared/ports/data-subject-deletion-store';
import type { MessageQueue, QueueMessage } from '#shared/ports/message-queue';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { team, tenancyOf } from '../../../support/intake-fakes';

type Dependencies = ReturnType<ReturnType<typeof dataSubjectDeletionRequestDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/data-subject-deletion-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/data-subject-deletion-dependencies'),
  dataSubjectDeletionRequestDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/create-data-subject-deletion/handler').handler;
beforeAll(async () => {
  functionEnvironment('create-data-subject-deletion');
  ({ handler } = await import('../../../../functions/create-data-subject-deletion/handler'));
});

const created: DataSubjectDeletion[] = [];
const sent: QueueMessage[] = [];
beforeEach(() => {
  created.length = 0;
  sent.length = 0;
});

/** Teams 1 and 2 of enterprise 1 (the default key's), a store that records new deletions and a queue that records messages. */
function dependencies(): Dependencies {
  return {
    tenancy: tenancyOf([team({ id: 1 }), team({ id: 2 })]),
    deletions: fakePort<DataSubjectDeletionStore>({
      createDeletion: async (deletion) => {
        created.push(deletion);
        return { deletion, created: true };
      },
    }),
    queue: fakePort<MessageQueue>({
      send: async (messages) => {
        sent.push(...messages);
      },
    }),
  };
}

describe('create-data-subject-deletion', () => {
  it('records and queues the deletion of a person from the key’s teams, answering 202 without the phone', async () => {
    mockDependencies.current = dependencies();
    const answer = await answerOf(handler, routeEvent('createDataSubjectDeletion', { body: { phone: '(312) 555-0142' } }));
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({
      data: { id: expect.stringMatching(/^dsd_[0-9a-f]{24}$/), team_ids: [1, 2], status: 'queued', completed_at: null },
      meta: { request_id: expect.any(String) },
    });
    expect(answer.text).not.toContain('555');
    expect(created.map((d) => d.subject)).toEqual([{ phone: '+13125550142', email: null }]);
    expect(sent.map((m) => m.body)).toEqual([{ kind: 'data-subject-deletion', deletion_id: created[0]?.id }]);
  });

  it('records the deletion of a person asked by email alone, lower-cased, with no phone', async () => {
    mockDependencies.current = dependencies();
    const answer = await answerOf(handler, routeEvent('createDataSubjectDeletion', { body: { email: ' Dana@Example.com ' } }));
    expect(answer.status).toBe(202);
    expect(created.map((d) => d.subject)).toEqual([{ phone: null, email: 'dana@example.com' }]);
  });

  it.each([
    [{ phone: '555-01' }, 'phone', 'phone must be a phone number (E.164, or a US number)'],
    [{ phone: ' ', email: '' }, 'phone', 'phone or email is required'],
  ])('refuses %j with a 400 naming %s, recording nothing', async (body, field, message) => {
    mockDependencies.current = dependencies();
    const answer = await answerOf(handler, routeEvent('createDataSubjectDeletion', { body }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field });
    expect(answer.text).toContain(message);
    expect([created, sent]).toEqual([[], []]);
  });

  it('refuses an email that is not an address, naming it, recording nothing', async () => {
    mockDependencies.current = dependencies();
    const answer = await answerOf(handler, routeEvent('createDataSubjectDeletion', { body: { email: 'dana at example' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'email' });
    expect([created, sent]).toEqual([[], []]);
  });

  it('answers 403 for a team out of the key’s reach, recording nothing', async () => {
    mockDependencies.current = dependencies();
    const answer = await answerOf(handler, routeEvent('createDataSubjectDeletion', { body: { phone: '+13125550142', team_ids: [7] } }));
    expect(answer.status).toBe(403);
    expect(created).toEqual([]);
  });

  it('answers 500, revealing nothing, when the stores fail', async () => {
    mockDependencies.current = {
      ...dependencies(),
      tenancy: failingPort<TenancyStore>(),
      deletions: failingPort<DataSubjectDeletionStore>(),
    };
    const answer = await answerOf(handler, routeEvent('createDataSubjectDeletion', { body: { phone: '+13125550142' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
