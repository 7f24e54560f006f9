import type { RetainedCallReadDependencies } from '#shared/adapters/runtime/call-dependencies';
import type { CallStore } from '#shared/ports/call-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { storedCall } from '../../../support/call-fixture';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: RetainedCallReadDependencies } = {};
jest.mock('#shared/adapters/runtime/call-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/call-dependencies'),
  callDependencies: () => () => mockDependencies.current,
  retainedCallDependencies: () => () => mockDependencies.current,
}));

/** A team without retention settings: every transcript and recording is kept. */
const TEAMS_KEEPING_EVERYTHING = fakePort<TenancyStore>({ getTeam: async () => null });

let handler: typeof import('../../../../functions/get-call/handler').handler;
beforeAll(async () => {
  functionEnvironment('get-call');
  ({ handler } = await import('../../../../functions/get-call/handler'));
});

describe('get-call', () => {
  it('answers the call with its transfers', async () => {
    mockDependencies.current = {
      calls: fakePort<CallStore>({ getCall: async () => storedCall, listCallTransfers: async () => [] }),
      teams: TEAMS_KEEPING_EVERYTHING,
    };
    const answer = await answerOf(handler, routeEvent('getCall', { path: { callId: storedCall.call_id }, headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: { call_id: storedCall.call_id } });
  });

  it('refuses a multi-team key that names no team, naming x-team-id', async () => {
    mockDependencies.current = { calls: failingPort<CallStore>(), teams: TEAMS_KEEPING_EVERYTHING };
    const answer = await answerOf(handler, routeEvent('getCall', { path: { callId: storedCall.call_id } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'x-team-id' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { calls: failingPort<CallStore>(), teams: TEAMS_KEEPING_EVERYTHING };
    const answer = await answerOf(handler, routeEvent('getCall', { path: { callId: storedCall.call_id }, headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });

  it('answers 404 for a call the team does not have', async () => {
    mockDependencies.current = { calls: fakePort<CallStore>({ getCall: async () => null }), teams: TEAMS_KEEPING_EVERYTHING };
    const answer = await answerOf(handler, routeEvent('getCall', { path: { callId: storedCall.call_id }, headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(404);
  });
});
