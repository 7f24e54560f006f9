import type { AppointmentDependencies } from '#shared/adapters/runtime/appointment-dependencies';
import type { AppointmentStore } from '#shared/ports/appointment-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: AppointmentDependencies } = {};
jest.mock('#shared/adapters/runtime/appointment-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/appointment-dependencies'),
  appointmentDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/list-team-appointments/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-team-appointments');
  ({ handler } = await import('../../../../functions/list-team-appointments/handler'));
});

describe('list-team-appointments', () => {
  it('answers the first page', async () => {
    mockDependencies.current = { appointments: fakePort<AppointmentStore>({ listAppointments: async () => [] }) };
    const answer = await answerOf(handler, routeEvent('listTeamAppointments', { path: { teamId: '1' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [] });
  });

  it('refuses a limit that is not valid, naming limit', async () => {
    mockDependencies.current = { appointments: failingPort<AppointmentStore>() };
    const answer = await answerOf(handler, routeEvent('listTeamAppointments', { path: { teamId: '1' }, query: { limit: 'many' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'limit' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { appointments: failingPort<AppointmentStore>() };
    const answer = await answerOf(handler, routeEvent('listTeamAppointments', { path: { teamId: '1' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
