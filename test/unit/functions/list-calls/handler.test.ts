import type { RetainedCallReadDependencies } from '#shared/adapters/runtime/call-dependencies';
import type { CallStore } from '#shared/ports/call-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: RetainedCallReadDependencies } = {};
jest.mock('#shared/adapters/runtime/call-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/call-dependencies'),
  callDependencies: () => () => mockDependencies.current,
  retainedCallDependencies: () => () => mockDependencies.current,
}));

/** A team without retention settings: every transcript and recording is kept. */
const TEAMS_KEEPING_EVERYTHING = fakePort<TenancyStore>({ getTeam: async () => null });

let handler: typeof import('../../../../functions/list-calls/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-calls');
  ({ handler } = await import('../../../../functions/list-calls/handler'));
});

describe('list-calls', () => {
  it('answers a page of the team’s calls', async () => {
    mockDependencies.current = { calls: fakePort<CallStore>({ listCallsByOffset: async () => [] }), teams: TEAMS_KEEPING_EVERYTHING };
    const answer = await answerOf(handler, routeEvent('listCalls', { headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [] });
  });

  it('refuses a limit that is not a number, naming limit', async () => {
    mockDependencies.current = { calls: failingPort<CallStore>(), teams: TEAMS_KEEPING_EVERYTHING };
    const answer = await answerOf(handler, routeEvent('listCalls', { headers: { 'x-team-id': '1' }, query: { limit: 'many' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'limit' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { calls: failingPort<CallStore>(), teams: TEAMS_KEEPING_EVERYTHING };
    const answer = await answerOf(handler, routeEvent('listCalls', { headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
