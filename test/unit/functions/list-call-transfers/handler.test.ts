import type { CallReadDependencies } from '#shared/adapters/runtime/call-dependencies';
import type { CallStore } from '#shared/ports/call-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: CallReadDependencies } = {};
jest.mock('#shared/adapters/runtime/call-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/call-dependencies'),
  callDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/list-call-transfers/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-call-transfers');
  ({ handler } = await import('../../../../functions/list-call-transfers/handler'));
});

describe('list-call-transfers', () => {
  it('answers a page of the team’s transfers', async () => {
    mockDependencies.current = {
      calls: fakePort<CallStore>({ listTransfersByOffset: async () => [], callIdsByProviderCall: async () => new Map() }),
    };
    const answer = await answerOf(handler, routeEvent('listCallTransfers', { headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [] });
  });

  it('refuses a limit that is not a number, naming limit', async () => {
    mockDependencies.current = { calls: failingPort<CallStore>() };
    const answer = await answerOf(handler, routeEvent('listCallTransfers', { headers: { 'x-team-id': '1' }, query: { limit: 'many' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'limit' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { calls: failingPort<CallStore>() };
    const answer = await answerOf(handler, routeEvent('listCallTransfers', { headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
