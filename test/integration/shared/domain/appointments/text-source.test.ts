import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { newAppointment, type StoredAppointment } from '#shared/domain/appointments/appointment';
import { manageLinks, readManageToken, sealManageToken } from '#shared/domain/appointments/manage-token';
import { appointmentTextSource } from '#shared/domain/appointments/text-source';
import { type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import type { AppointmentTextSource } from '#shared/ports/appointment-text-source';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';

/**
 * The appointment texts reading the appointment store on the embedded DynamoDB: the visit as it
 * is, named and linked for a text, and what became of each text kept once on its history.
 */
let dynamo: LocalDynamo;
let appointments: DynamoAppointmentStore;
let schedulers: DynamoSchedulerConfigStore;
let source: AppointmentTextSource;
let teamId: number;
const SECRET = 'text-source-test-secret';
const NOW = new Date('2026-06-10T14:30:00Z');
const SETTINGS: SchedulerSettingsInput = {
  name: 'Rapid Rooter Plumbing',
  services: ['Drain cleaning'],
  job_types: [],
  service_areas: [],
  time_zone: 'America/Chicago',
  hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '08:00', close: '17:00' }])) as never,
  lead_time_minutes: 0,
};

beforeAll(async () => {
  dynamo = await startEmulator();
  const client = getDocumentClient();
  const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
  const enterprise = await tenancy.createEnterprise({ name: 'Text source' });
  const team = await tenancy.createTeam({
    name: 'Rapid Rooter',
    timezone: 'America/Chicago',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId: 'ws_text_source',
  });
  teamId = team.id;
  schedulers = new DynamoSchedulerConfigStore(client, physicalTableName('teams'));
  await schedulers.putScheduler(teamId, 3, { ...SETTINGS, reminder_offsets_minutes: [30] }, NOW);
  await schedulers.putScheduler(teamId, 9, { ...SETTINGS, name: 'Second', reminder_offsets_minutes: [60, 1440] }, NOW);
  appointments = new DynamoAppointmentStore(client, { leads: physicalTableName('leads'), outbox: physicalTableName('outbox') });
  source = appointmentTextSource({
    appointments,
    schedulers,
    tenancy,
    links: manageLinks(async () => SECRET),
    origin: async () => 'https://book.example.test/',
  });
});
afterAll(() => dynamo.stop());

async function visit(id: string, input: { schedulerId: number | null; phone: string | null }): Promise<StoredAppointment> {
  const appointment = newAppointment(
    {
      appointment_id: id,
      team_id: teamId,
      scheduler_id: input.schedulerId,
      channel: input.schedulerId === null ? 'call' : 'scheduling_widget',
      customer: { name: 'Dana Reyes', phone: input.phone, email: null, address: null },
      service: 'Drain cleaning',
      starts_at: '2026-06-12T19:30:00.000Z',
      time_zone: 'America/Chicago',
      duration_minutes: 60,
      lead: { id: null, lead_id: null },
      session_id: null,
      call_id: null,
    },
    'customer',
    NOW.toISOString(),
  );
  const stored: StoredAppointment = {
    appointment,
    manage: sealManageToken(SECRET, id),
    heldSlot: null,
    sessionStartedAt: null,
    version: 1,
  };
  await appointments.createAppointment(stored, []);
  return stored;
}

describe('the appointment texts reading the appointment store', () => {
  it("reads the visit with its business, service, start, zone, phone, manage link and its scheduler's offsets", async () => {
    await visit('appt-text-1', { schedulerId: 3, phone: '+13125550142' });
    const read = await source.appointment(teamId, 'appt-text-1');

    expect(read).toMatchObject({
      status: 'scheduled',
      reminderOffsetsMinutes: [30],
      notice: {
        teamId,
        appointmentId: 'appt-text-1',
        phone: '+13125550142',
        businessName: 'Rapid Rooter Plumbing',
        service: 'Drain cleaning',
        start: '2026-06-12T19:30:00.000Z',
        zone: 'America/Chicago',
      },
    });
    const url = read?.notice.manageUrl ?? '';
    expect(url.startsWith('https://book.example.test/widget/manage/')).toBe(true);
    expect(readManageToken(url.split('/').at(-1) ?? '')?.appointmentId).toBe('appt-text-1');
  });

  it("gives a visit without a scheduler the team's first scheduler's offsets and the team's name", async () => {
    await visit('appt-text-2', { schedulerId: null, phone: '+13125550143' });
    const read = await source.appointment(teamId, 'appt-text-2');
    expect(read?.reminderOffsetsMinutes).toEqual([30]);
    expect(read?.notice.businessName).toBe('Rapid Rooter');
  });

  it('knows no visit of another team, none without a phone, and none sealed under another key', async () => {
    await visit('appt-text-3', { schedulerId: 3, phone: null });
    const other = await appointments.getAppointment('appt-text-1');
    expect(other).not.toBeNull();
    expect(await source.appointment(teamId + 1, 'appt-text-1')).toBeNull();
    expect(await source.appointment(teamId, 'appt-text-3')).toBeNull();
    expect(await source.appointment(teamId, 'no-such-visit')).toBeNull();
    const rotated = appointmentTextSource({
      appointments,
      schedulers,
      tenancy: { getTeam: async () => null },
      links: manageLinks(async () => 'another-key'),
      origin: async () => 'https://book.example.test',
    });
    expect(await rotated.appointment(teamId, 'appt-text-1')).toBeNull();
  });

  it("keeps each text's outcome once on the visit's history, a suppressed number's reason included", async () => {
    await visit('appt-text-4', { schedulerId: 9, phone: '+13125550144' });
    const note = {
      purpose: 'booking_confirmation',
      occurrence: 'booked',
      outcome: 'suppressed',
      reason: 'opted_out',
      at: NOW.toISOString(),
    } as const;
    await source.recordText(teamId, 'appt-text-4', note);
    await source.recordText(teamId, 'appt-text-4', note);
    await source.recordText(teamId, 'appt-text-4', {
      ...note,
      purpose: 'booking_reminder',
      occurrence: 'r1',
      outcome: 'sent',
      reason: null,
    });
    await source.recordText(teamId + 1, 'appt-text-4', { ...note, occurrence: 'other-team' });

    const stored = await appointments.getAppointment('appt-text-4');
    const notes = stored?.appointment.history.filter((h) => h.change === 'note').map((h) => h.note);
    expect(notes).toEqual(['booking_confirmation text suppressed: opted_out', 'booking_reminder text sent']);
    expect(stored?.version).toBe(3);
  });
});
