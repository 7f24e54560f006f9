import type { SchedulerReadDependencies } from '#shared/adapters/runtime/scheduler-dependencies';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: SchedulerReadDependencies } = {};
jest.mock('#shared/adapters/runtime/scheduler-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/scheduler-dependencies'),
  schedulerDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/get-booking-page/handler').handler;
beforeAll(async () => {
  functionEnvironment('get-booking-page');
  ({ handler } = await import('../../../../functions/get-booking-page/handler'));
});

describe('get-booking-page', () => {
  it('answers 404 for a scheduler the team does not have', async () => {
    mockDependencies.current = { schedulers: fakePort<SchedulerConfigStore>({ getScheduler: async () => null }) };
    const answer = await answerOf(handler, routeEvent('getBookingPage', { identity: null, path: { teamId: '1', schedulerId: '9' } }));
    expect(answer.status).toBe(404);
    expect(answer.text).toContain('scheduler 9');
  });

  it('refuses a team id that is not a number, naming teamId', async () => {
    mockDependencies.current = { schedulers: failingPort<SchedulerConfigStore>() };
    const answer = await answerOf(handler, routeEvent('getBookingPage', { identity: null, path: { teamId: 'one', schedulerId: '9' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'teamId' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { schedulers: failingPort<SchedulerConfigStore>() };
    const answer = await answerOf(handler, routeEvent('getBookingPage', { identity: null, path: { teamId: '1', schedulerId: '9' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });

  it('serves its widget assets and answers 404 for one it does not have', async () => {
    mockDependencies.current = { schedulers: failingPort<SchedulerConfigStore>() };
    const answer = await answerOf(handler, routeEvent('getWidgetAsset', { identity: null, path: { file: 'nothing-here.js' } }));
    expect(answer.status).toBe(404);
  });
});
