import type { ManageRouteDependencies } from '#shared/adapters/runtime/appointment-manage-dependencies';
import { newAppointment, type StoredAppointment } from '#shared/domain/appointments/appointment';
import { manageTokenOf, sealManageToken } from '#shared/domain/appointments/manage-token';
import type { AppointmentStore } from '#shared/ports/appointment-store';
import type { RateLimitStore } from '#shared/ports/rate-limit-store';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: ManageRouteDependencies } = {};
jest.mock('#shared/adapters/runtime/appointment-manage-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/appointment-manage-dependencies'),
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

  it('answers the calendar file of the visit its link names (the calendar code imported with this first request)', async () => {
    const seal = sealManageToken('unit-secret', 'ses_cal');
    const appointment = newAppointment(
      {
        appointment_id: 'ses_cal',
        team_id: 1,
        scheduler_id: null,
        channel: 'scheduling_widget',
        customer: { name: 'Dana Reyes', phone: null, email: null, address: null },
        service: 'Drain clog',
        starts_at: '2026-11-26T15:00:00.000Z',
        time_zone: 'America/Chicago',
        duration_minutes: 60,
        lead: { id: null, lead_id: null },
        session_id: 'ses_cal',
        call_id: null,
      },
      'customer',
      '2026-11-20T10:00:00.000Z',
    );
    const visit: StoredAppointment = { appointment, manage: seal, heldSlot: null, sessionStartedAt: null, version: 2 };
    mockDependencies.current = {
      ...failingPort<ManageRouteDependencies>(),
      limits: fakePort<RateLimitStore>({ take: async () => ({ admitted: true, count: 1 }) }),
      appointments: fakePort<AppointmentStore>({ getAppointment: async (id) => (id === 'ses_cal' ? visit : null) }),
      schedulers: fakePort<SchedulerConfigStore>(),
      tenancy: fakePort<TenancyStore>({ getTeam: async () => null }),
    };
    const token = manageTokenOf('unit-secret', 'ses_cal', seal.nonce);
    const answer = await answerOf(handler, routeEvent('getManagedAppointmentCalendar', { identity: null, path: { manageToken: token } }));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.text).toContain('DTSTART;TZID=America/Chicago:20261126T090000');
    expect(answer.text).toContain('BEGIN:VTIMEZONE');
  });
});
