import fc from 'fast-check';
import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import {
  APPOINTMENT_STATUSES,
  type AppointmentStatus,
  newAppointment,
  type StoredAppointment,
} from '#shared/domain/appointments/appointment';
import { sealManageToken } from '#shared/domain/appointments/manage-token';
import { appointmentCreated } from '#shared/events/appointment-events';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { dueEvents } from '../../../../support/outbox';

let dynamo: LocalDynamo;
let store: DynamoAppointmentStore;
let nextTeam = 7000;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoAppointmentStore(getDocumentClient(), { leads: physicalTableName('leads'), outbox: physicalTableName('outbox') });
});
afterAll(() => dynamo.stop());

function visit(teamId: number, id: string, startsAt: string, status: AppointmentStatus = 'scheduled'): StoredAppointment {
  const appointment = newAppointment(
    {
      appointment_id: id,
      team_id: teamId,
      scheduler_id: 3,
      channel: 'scheduling_widget',
      customer: { name: 'Dana Reyes', phone: '+13125550142', email: null, address: '1 Main St' },
      service: 'AC Repair',
      starts_at: startsAt,
      time_zone: 'America/Chicago',
      duration_minutes: 60,
      lead: { id: `lead-${id}`, lead_id: 41 },
      session_id: id,
      call_id: null,
    },
    'customer',
    '2026-10-01T12:00:00.000Z',
  );
  return {
    appointment: { ...appointment, status },
    manage: sealManageToken('store-test-secret', id),
    heldSlot: { date: '2026-10-05', time: '09:00' },
    sessionStartedAt: '2026-10-01T11:55:00.000Z',
    version: 1,
  };
}

const ids = async (query: Parameters<DynamoAppointmentStore['listAppointments']>[0]) =>
  (await store.listAppointments(query)).map((row) => row.stored.appointment.appointment_id);

describe('DynamoAppointmentStore', () => {
  it('creates an appointment once, with its event due, and reads it back as written', async () => {
    const teamId = nextTeam++;
    const stored = visit(teamId, `apt_once_${teamId}`, '2026-10-05T14:00:00.000Z');
    const events = [appointmentCreated(stored.appointment)];
    expect(await store.createAppointment(stored, events)).toBe(true);
    expect(await store.createAppointment({ ...stored, manage: sealManageToken('store-test-secret', 'other') }, events)).toBe(false);
    expect(await store.getAppointment(stored.appointment.appointment_id)).toEqual(stored);
    expect(await dueEvents((e) => e.type === 'appointment.created' && e.detail.team_id === teamId)).toHaveLength(1);
  });

  it('answers null for an unknown appointment', async () => {
    expect(await store.getAppointment('apt_unknown')).toBeNull();
  });

  it('lists a team’s visits by start, latest first, in [start, end), by status, and never another team’s', async () => {
    const teamId = nextTeam++;
    const other = nextTeam++;
    await store.createAppointment(visit(teamId, 'a1', '2026-10-05T14:00:00.000Z'), []);
    await store.createAppointment(visit(teamId, 'a2', '2026-10-06T14:00:00.000Z', 'cancelled'), []);
    await store.createAppointment(visit(teamId, 'a3', '2026-10-07T14:00:00.000Z'), []);
    await store.createAppointment(visit(other, 'b1', '2026-10-06T15:00:00.000Z'), []);

    expect(await ids({ teamId, limit: 10 })).toEqual(['a3', 'a2', 'a1']);
    expect(await ids({ teamId, status: 'scheduled', limit: 10 })).toEqual(['a3', 'a1']);
    expect(await ids({ teamId, status: 'cancelled', limit: 10 })).toEqual(['a2']);
    expect(await ids({ teamId, start: '2026-10-06T14:00:00.000Z', end: '2026-10-07T14:00:00.000Z', limit: 10 })).toEqual(['a2']);
    expect(await ids({ teamId: other, limit: 10 })).toEqual(['b1']);
  });

  it('pages through any set of visits, every one seen once in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { minLength: 0, maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom<AppointmentStatus | undefined>(undefined, ...APPOINTMENT_STATUSES),
        async (minutes, limit, status) => {
          const teamId = nextTeam++;
          const made = minutes.map((m, i) =>
            visit(teamId, `p${teamId}_${i}`, new Date(Date.UTC(2026, 9, 1) + m * 60_000).toISOString(), APPOINTMENT_STATUSES[i % 5]),
          );
          await Promise.all(made.map((s) => store.createAppointment(s, [])));
          const wanted = made
            .filter((s) => status === undefined || s.appointment.status === status)
            .sort((a, b) => (a.appointment.starts_at < b.appointment.starts_at ? 1 : -1))
            .map((s) => s.appointment.appointment_id);
          const seen: string[] = [];
          let after: string | undefined;
          for (;;) {
            const rows = await store.listAppointments({ teamId, status, after, limit });
            const page = rows.slice(0, limit);
            seen.push(...page.map((r) => r.stored.appointment.appointment_id));
            if (rows.length <= limit) break;
            after = page.at(-1)?.position;
          }
          expect(seen).toEqual(wanted);
        },
      ),
      { numRuns: 15 },
    );
  });
});
