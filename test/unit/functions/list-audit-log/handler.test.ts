import type { AuditLogDependencies } from '#shared/adapters/runtime/audit-log-dependencies';
import type { AuditLogStore } from '#shared/ports/audit-log-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: AuditLogDependencies } = {};
jest.mock('#shared/adapters/runtime/audit-log-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/audit-log-dependencies'),
  auditLogDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/list-audit-log/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-audit-log');
  ({ handler } = await import('../../../../functions/list-audit-log/handler'));
});

describe('list-audit-log', () => {
  it('answers the first page', async () => {
    mockDependencies.current = { auditLog: fakePort<AuditLogStore>({ list: async () => [] }) };
    const answer = await answerOf(handler, routeEvent('listAuditLog', {}));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [] });
  });

  it('refuses a limit that is not valid, naming limit', async () => {
    mockDependencies.current = { auditLog: failingPort<AuditLogStore>() };
    const answer = await answerOf(handler, routeEvent('listAuditLog', { query: { limit: 'many' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'limit' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { auditLog: failingPort<AuditLogStore>() };
    const answer = await answerOf(handler, routeEvent('listAuditLog', {}));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
