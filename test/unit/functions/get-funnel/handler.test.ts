import type { AnalyticsReadDependencies } from '#shared/domain/rollups/answer';
import type { RollupStore } from '#shared/ports/rollup-store';
import type { SessionStore } from '#shared/ports/session-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: AnalyticsReadDependencies } = {};
jest.mock('#shared/adapters/runtime/analytics-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/analytics-dependencies'),
  analyticsDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/get-funnel/handler').handler;
beforeAll(async () => {
  functionEnvironment('get-funnel');
  ({ handler } = await import('../../../../functions/get-funnel/handler'));
});

describe('get-funnel', () => {
  it('answers an empty funnel for a team without sessions', async () => {
    mockDependencies.current = {
      rollups: fakePort<RollupStore>({
        isComplete: async () => true,
        readTeamBuckets: async () => [],
        readEnterpriseBuckets: async () => [],
      }),
      sessions: fakePort<SessionStore>({
        readSessionsStartedIn: async () => [],
        readCustomerEvents: async () => [],
        readEnterpriseSessionsStartedIn: async () => [],
      }),
    };
    const answer = await answerOf(handler, routeEvent('getFunnel', { query: { team_id: '1' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({});
  });

  it('refuses a start_date that is not a date, naming start_date', async () => {
    mockDependencies.current = { rollups: failingPort<RollupStore>(), sessions: failingPort<SessionStore>() };
    const answer = await answerOf(handler, routeEvent('getFunnel', { query: { start_date: 'yesterday' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'start_date' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { rollups: failingPort<RollupStore>(), sessions: failingPort<SessionStore>() };
    const answer = await answerOf(handler, routeEvent('getFunnel', { query: { team_id: '1' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
