import type { intakeDependencies } from '#shared/adapters/runtime/intake-dependencies';
import { answerOf, failingPort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

type Dependencies = ReturnType<ReturnType<typeof intakeDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/intake-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/intake-dependencies'),
  intakeDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/receive-google-ads-lead/handler').handler;
beforeAll(async () => {
  functionEnvironment('receive-google-ads-lead');
  ({ handler } = await import('../../../../functions/receive-google-ads-lead/handler'));
});

describe('receive-google-ads-lead', () => {
  it('answers 500 for a lead it cannot store, revealing nothing', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const answer = await answerOf(
      handler,
      routeEvent('receiveGoogleAdsLead', {
        identity: null,
        path: { teamId: '1' },
        body: { google_key: 'k', lead_id: 'l-1', user_column_data: [] },
      }),
    );
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ request_id: 'req-1' });
  });

  it('refuses a team id that is not a number, naming teamId', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const answer = await answerOf(
      handler,
      routeEvent('receiveGoogleAdsLead', { identity: null, path: { teamId: 'one' }, body: { google_key: 'k', lead_id: 'l-1' } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'teamId' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const answer = await answerOf(
      handler,
      routeEvent('receiveGoogleAdsLead', {
        identity: null,
        path: { teamId: '1' },
        body: { google_key: 'k', lead_id: 'l-1', user_column_data: [] },
      }),
    );
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
