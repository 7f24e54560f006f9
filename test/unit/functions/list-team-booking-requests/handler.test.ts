import type { BookingRequestReadDependencies } from '#shared/adapters/runtime/scheduler-dependencies';
import type { BookingRequestStore } from '#shared/ports/booking-request-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: BookingRequestReadDependencies } = {};
jest.mock('#shared/adapters/runtime/scheduler-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/scheduler-dependencies'),
  bookingRequestDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/list-team-booking-requests/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-team-booking-requests');
  ({ handler } = await import('../../../../functions/list-team-booking-requests/handler'));
});

describe('list-team-booking-requests', () => {
  it('answers the first page', async () => {
    mockDependencies.current = { bookingRequests: fakePort<BookingRequestStore>({ listBookingRequests: async () => [] }) };
    const answer = await answerOf(handler, routeEvent('listTeamBookingRequests', { path: { teamId: '1' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [] });
  });

  it('refuses a limit that is not valid, naming limit', async () => {
    mockDependencies.current = { bookingRequests: failingPort<BookingRequestStore>() };
    const answer = await answerOf(handler, routeEvent('listTeamBookingRequests', { path: { teamId: '1' }, query: { limit: 'many' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'limit' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { bookingRequests: failingPort<BookingRequestStore>() };
    const answer = await answerOf(handler, routeEvent('listTeamBookingRequests', { path: { teamId: '1' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
