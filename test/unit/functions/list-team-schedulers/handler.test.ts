import type { SchedulerReadDependencies } from '#shared/adapters/runtime/scheduler-dependencies';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: SchedulerReadDependencies } = {};
jest.mock('#shared/adapters/runtime/scheduler-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/scheduler-dependencies'),
  schedulerDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/list-team-schedulers/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-team-schedulers');
  ({ handler } = await import('../../../../functions/list-team-schedulers/handler'));
});

describe('list-team-schedulers', () => {
  it('answers the first page', async () => {
    mockDependencies.current = { schedulers: fakePort<SchedulerConfigStore>({ listSchedulers: async () => [] }) };
    const answer = await answerOf(handler, routeEvent('listTeamSchedulers', { path: { teamId: '1' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [] });
  });

  it('refuses a limit that is not valid, naming limit', async () => {
    mockDependencies.current = { schedulers: failingPort<SchedulerConfigStore>() };
    const answer = await answerOf(handler, routeEvent('listTeamSchedulers', { path: { teamId: '1' }, query: { limit: 'many' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'limit' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { schedulers: failingPort<SchedulerConfigStore>() };
    const answer = await answerOf(handler, routeEvent('listTeamSchedulers', { path: { teamId: '1' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
