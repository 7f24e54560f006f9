import type { SessionReadDependencies } from '#shared/adapters/runtime/session-dependencies';
import type { SessionStore } from '#shared/ports/session-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: SessionReadDependencies } = {};
jest.mock('#shared/adapters/runtime/session-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/session-dependencies'),
  sessionDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/list-bookings/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-bookings');
  ({ handler } = await import('../../../../functions/list-bookings/handler'));
});

describe('list-bookings', () => {
  it('answers the first page', async () => {
    mockDependencies.current = { sessions: fakePort<SessionStore>({ listBookings: async () => [] }) };
    const answer = await answerOf(handler, routeEvent('listBookings', {}));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [] });
  });

  it('refuses a limit that is not valid, naming limit', async () => {
    mockDependencies.current = { sessions: failingPort<SessionStore>() };
    const answer = await answerOf(handler, routeEvent('listBookings', { query: { limit: 'many' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'limit' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { sessions: failingPort<SessionStore>() };
    const answer = await answerOf(handler, routeEvent('listBookings', {}));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
