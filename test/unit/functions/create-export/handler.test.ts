import type { ExportRequestDependencies } from '#shared/adapters/runtime/export-request-dependencies';
import type { ExportJob } from '#shared/domain/exports/export-job';
import type { ExportStore } from '#shared/ports/export-store';
import type { MessageQueue, QueueMessage } from '#shared/ports/message-queue';
import { identity } from '../../../support/factories';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: ExportRequestDependencies } = {};
jest.mock('#shared/adapters/runtime/export-request-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/export-request-dependencies'),
  exportRequestDependencies: () => () => mockDependencies.current,
}));

const BODY = { resource: 'leads', team_ids: [1, 2], start_date: '2026-11-01T00:00:00Z', end_date: '2026-11-08T00:00:00Z' };
let handler: typeof import('../../../../functions/create-export/handler').handler;
beforeAll(async () => {
  functionEnvironment('create-export');
  ({ handler } = await import('../../../../functions/create-export/handler'));
});

const created: ExportJob[] = [];
const sent: QueueMessage[] = [];
beforeEach(() => {
  created.length = 0;
  sent.length = 0;
});

/** A store that records the new exports and a queue that records its messages. */
function dependencies(): ExportRequestDependencies {
  return {
    exports: fakePort<ExportStore>({
      createExport: async (job) => {
        created.push(job);
      },
    }),
    queue: fakePort<MessageQueue>({
      send: async (messages) => {
        sent.push(...messages);
      },
    }),
  };
}

describe('create-export', () => {
  it('records the export of the named teams for the key and queues it, answering 202 queued', async () => {
    mockDependencies.current = dependencies();
    const answer = await answerOf(handler, routeEvent('createExport', { body: BODY }));
    expect(answer.status).toBe(202);
    expect(created).toEqual([
      expect.objectContaining({ keyId: 'key_test', resource: 'leads', teamIds: [1, 2], format: 'ndjson', status: 'queued' }),
    ]);
    expect(answer.body).toEqual({ export_id: created[0]?.exportId, status: 'queued' });
    expect(sent.map((m) => m.body)).toEqual([{ export_id: created[0]?.exportId }]);
  });

  it('refuses an unknown resource, naming it, recording nothing', async () => {
    mockDependencies.current = dependencies();
    const answer = await answerOf(handler, routeEvent('createExport', { body: { ...BODY, resource: 'invoices' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'resource' });
    expect([created, sent]).toEqual([[], []]);
  });

  it.each([
    { resource: 'coach_evaluations', permission: 'read:coach' },
    { resource: 'appointments', permission: 'read:leads' },
  ] as const)(
    'records a $resource export only for a key holding $permission, as its list route needs',
    async ({ resource, permission }) => {
      mockDependencies.current = dependencies();
      const allowed = await answerOf(handler, routeEvent('createExport', { body: { ...BODY, resource } }));
      expect(allowed.status).toBe(202);
      expect(created).toEqual([expect.objectContaining({ resource, teamIds: [1, 2] })]);
      const without = identity({ permissions: identity().permissions.filter((p) => p !== permission) });
      const refused = await answerOf(handler, routeEvent('createExport', { body: { ...BODY, resource }, identity: without }));
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: 'forbidden', message: expect.stringMatching(/^resource: /) });
      expect(created).toHaveLength(1);
    },
  );

  it('answers 403 naming team_ids for a team the key does not reach', async () => {
    mockDependencies.current = dependencies();
    const answer = await answerOf(handler, routeEvent('createExport', { body: { ...BODY, team_ids: [1, 7] } }));
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('team_ids');
    expect(created).toEqual([]);
  });

  it('answers 500, revealing nothing, when the store fails, queueing nothing', async () => {
    mockDependencies.current = { ...dependencies(), exports: failingPort<ExportStore>() };
    const answer = await answerOf(handler, routeEvent('createExport', { body: BODY }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
    expect(sent).toEqual([]);
  });
});
