import type { WidgetRouteDependencies } from '#shared/adapters/runtime/widget-dependencies';
import type { RateLimitStore } from '#shared/ports/rate-limit-store';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: WidgetRouteDependencies } = {};
jest.mock('#shared/adapters/runtime/widget-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/widget-dependencies'),
  widgetDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/widget-api/handler').handler;
beforeAll(async () => {
  functionEnvironment('widget-api');
  ({ handler } = await import('../../../../functions/widget-api/handler'));
});

describe('widget-api', () => {
  it('answers 404 for a scheduler the team does not have', async () => {
    mockDependencies.current = {
      ...failingPort<WidgetRouteDependencies>(),
      limits: fakePort<RateLimitStore>({ take: async () => ({ admitted: true, count: 1 }) }),
      schedulers: fakePort<SchedulerConfigStore>({ getScheduler: async () => null }),
    };
    const answer = await answerOf(
      handler,
      routeEvent('getWidgetAvailability', { identity: null, path: { teamId: '1', schedulerId: '9' } }),
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: 'not_found' });
  });

  it('refuses a scheduler id that is not a number, naming schedulerId', async () => {
    mockDependencies.current = failingPort<WidgetRouteDependencies>();
    const answer = await answerOf(
      handler,
      routeEvent('getWidgetAvailability', { identity: null, path: { teamId: '1', schedulerId: 'nine' } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'schedulerId' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = failingPort<WidgetRouteDependencies>();
    const answer = await answerOf(
      handler,
      routeEvent('getWidgetAvailability', { identity: null, path: { teamId: '1', schedulerId: '9' } }),
    );
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
