import type { ManageRouteDependencies } from '#shared/adapters/runtime/appointment-dependencies';
import type { RateLimitStore } from '#shared/ports/rate-limit-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: ManageRouteDependencies } = {};
jest.mock('#shared/adapters/runtime/appointment-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/appointment-dependencies'),
  manageDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/manage-appointment/handler').handler;
beforeAll(async () => {
  functionEnvironment('manage-appointment');
  ({ handler } = await import('../../../../functions/manage-appointment/handler'));
});

describe('manage-appointment', () => {
  it('answers 404 for a link that names no appointment', async () => {
    mockDependencies.current = {
      ...failingPort<ManageRouteDependencies>(),
      limits: fakePort<RateLimitStore>({ take: async () => ({ admitted: true, count: 1 }) }),
    };
    const answer = await answerOf(handler, routeEvent('getManagedAppointment', { identity: null, path: { manageToken: 'not-a-token' } }));
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ message: 'No appointment for this link' });
  });

  it('refuses a reschedule without a date, naming date', async () => {
    mockDependencies.current = failingPort<ManageRouteDependencies>();
    const answer = await answerOf(
      handler,
      routeEvent('rescheduleManagedAppointment', { identity: null, path: { manageToken: 'not-a-token' }, body: { time: '10:00' } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'date' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = failingPort<ManageRouteDependencies>();
    const answer = await answerOf(handler, routeEvent('getManagedAppointment', { identity: null, path: { manageToken: 'not-a-token' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
