import type { SessionReadDependencies } from '#shared/adapters/runtime/session-dependencies';
import type { SessionStore } from '#shared/ports/session-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: SessionReadDependencies } = {};
jest.mock('#shared/adapters/runtime/session-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/session-dependencies'),
  sessionDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/list-team-sessions/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-team-sessions');
  ({ handler } = await import('../../../../functions/list-team-sessions/handler'));
});

describe('list-team-sessions', () => {
  it('answers the first page', async () => {
    mockDependencies.current = { sessions: fakePort<SessionStore>({ listSessions: async () => [] }) };
    const answer = await answerOf(handler, routeEvent('listTeamSessions', { path: { teamId: '1' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [] });
  });

  it('refuses a limit that is not valid, naming limit', async () => {
    mockDependencies.current = { sessions: failingPort<SessionStore>() };
    const answer = await answerOf(handler, routeEvent('listTeamSessions', { path: { teamId: '1' }, query: { limit: 'many' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'limit' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { sessions: failingPort<SessionStore>() };
    const answer = await answerOf(handler, routeEvent('listTeamSessions', { path: { teamId: '1' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
