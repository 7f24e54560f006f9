import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { DynamoSupportTicketWriter } from '#shared/adapters/dynamodb/support-ticket-writer';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWidgetSessionStore } from '#shared/adapters/dynamodb/widget-session-store';
import { type AppointmentStatus, newAppointment, type StoredAppointment } from '#shared/domain/appointments/appointment';
import { manageLinks, sealManageToken } from '#shared/domain/appointments/manage-token';
import { appointmentReplies } from '#shared/domain/appointments/replies';
import type { AppointmentReplies } from '#shared/ports/appointment-replies';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { dueEvents } from '../../../../support/outbox';

/**
 * Replies to a visit's texts acting on the appointment store (embedded DynamoDB): the number's
 * next visit of the team through its index, a confirmation by the customer with its event, and a
 * reply kept once on the visit's history.
 */
let dynamo: LocalDynamo;
let appointments: DynamoAppointmentStore;
let replies: AppointmentReplies;
let teamId: number;
let enterpriseId: number;
const SECRET = 'replies-test-secret';
const NOW = new Date('2026-06-10T14:30:00Z');
const PHONE = '+13125550177';

beforeAll(async () => {
  dynamo = await startEmulator();
  const client = getDocumentClient();
  const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
  const enterprise = await tenancy.createEnterprise({ name: 'Replies' });
  const team = await tenancy.createTeam({
    name: 'Cool Air HVAC',
    timezone: 'America/Chicago',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId: 'ws_appt_replies',
  });
  teamId = team.id;
  enterpriseId = enterprise.id;
  const tables = { leads: physicalTableName('leads'), outbox: physicalTableName('outbox'), sessions: physicalTableName('sessions') };
  appointments = new DynamoAppointmentStore(client, tables);
  replies = appointmentReplies({
    appointments,
    schedulers: new DynamoSchedulerConfigStore(client, physicalTableName('teams')),
    sessions: new DynamoWidgetSessionStore(client, tables.sessions),
    tenancy,
    tickets: new DynamoSupportTicketWriter(client, physicalTableName('calls')),
    links: manageLinks(async () => SECRET),
    origin: async () => 'https://book.example.test',
  });
});
afterAll(() => dynamo.stop());

async function visit(id: string, input: { startsAt: string; phone?: string; team?: number; status?: AppointmentStatus }): Promise<void> {
  const made = newAppointment(
    {
      appointment_id: id,
      team_id: input.team ?? teamId,
      scheduler_id: null,
      channel: 'call',
      customer: { name: 'Sam Ortiz', phone: input.phone ?? PHONE, email: null, address: null },
      service: 'AC Repair',
      starts_at: input.startsAt,
      time_zone: 'America/Chicago',
      duration_minutes: 60,
      lead: { id: null, lead_id: null },
      session_id: null,
      call_id: null,
    },
    'system',
    NOW.toISOString(),
  );
  const appointment = { ...made, status: input.status ?? 'scheduled' };
  const stored: StoredAppointment = {
    appointment,
    manage: sealManageToken(SECRET, id),
    heldSlot: null,
    sessionStartedAt: null,
    version: 1,
  };
  await appointments.createAppointment(stored, []);
}

const reply = (body: string, messageId: string | null = null) => ({ messageId, body, at: NOW.toISOString() });

describe('a reply finds the number’s next visit', () => {
  it('answers the soonest visit not started yet that is scheduled or confirmed, of that team only', async () => {
    await visit('rep-past', { startsAt: '2026-06-09T15:00:00.000Z' });
    await visit('rep-cancelled', { startsAt: '2026-06-11T15:00:00.000Z', status: 'cancelled' });
    await visit('rep-later', { startsAt: '2026-06-20T15:00:00.000Z' });
    await visit('rep-sooner', { startsAt: '2026-06-12T15:00:00.000Z', status: 'confirmed' });
    await visit('rep-other-team', { startsAt: '2026-06-10T16:00:00.000Z', team: teamId + 100 });

    const next = await replies.upcoming(teamId, PHONE, NOW);
    expect(next?.status).toBe('confirmed');
    expect(next?.notice).toMatchObject({ appointmentId: 'rep-sooner', phone: PHONE, businessName: 'Cool Air HVAC', service: 'AC Repair' });
    expect(next?.notice.manageUrl.startsWith('https://book.example.test/widget/manage/rep-sooner.')).toBe(true);
    expect(await replies.upcoming(teamId, '+13125550100', NOW)).toBeNull();
    expect(await replies.upcoming(teamId, PHONE, new Date('2026-06-25T00:00:00Z'))).toBeNull();
  });
});

describe('a confirming reply', () => {
  it('confirms the visit by the customer once, with lead.booking_confirmed due once', async () => {
    await visit('rep-confirm', { startsAt: '2026-06-15T15:00:00.000Z', phone: '+13125550178' });
    await replies.confirm(teamId, 'rep-confirm', reply('C', 'msg-1'));
    await replies.confirm(teamId, 'rep-confirm', reply('C', 'msg-1'));

    const stored = await appointments.getAppointment('rep-confirm');
    expect(stored?.appointment.status).toBe('confirmed');
    expect(stored?.appointment.history.filter((h) => h.change === 'confirmed')).toEqual([
      expect.objectContaining({ by: 'customer', at: NOW.toISOString() }),
    ]);
    const events = await dueEvents((e) => e.detail.appointment_id === 'rep-confirm');
    expect(events.map((e) => [e.type, e.detail.changed_by])).toEqual([['lead.booking_confirmed', 'customer']]);
  });

  it('changes nothing for a visit already cancelled, or of another team', async () => {
    await visit('rep-gone', { startsAt: '2026-06-16T15:00:00.000Z', phone: '+13125550179', status: 'cancelled' });
    await replies.confirm(teamId, 'rep-gone', reply('yes'));
    await replies.confirm(teamId + 1, 'rep-later', reply('yes'));
    expect((await appointments.getAppointment('rep-gone'))?.appointment.status).toBe('cancelled');
    expect((await appointments.getAppointment('rep-later'))?.appointment.status).toBe('scheduled');
  });
});

describe('any other reply', () => {
  it('is kept once on the visit’s history and opens one normal-priority ticket for staff', async () => {
    await visit('rep-staff', { startsAt: '2026-06-17T15:00:00.000Z', phone: '+13125550180' });
    await replies.keepForStaff(teamId, 'rep-staff', reply('Can the tech call first?', 'msg-9'));
    await replies.keepForStaff(teamId, 'rep-staff', reply('Can the tech call first?', 'msg-9'));
    await replies.keepForStaff(teamId + 1, 'rep-staff', reply('Another team’s?', 'msg-10'));
    const history = (await appointments.getAppointment('rep-staff'))?.appointment.history ?? [];
    expect(history.filter((h) => h.change === 'note').map((h) => h.note)).toEqual(['customer replied: Can the tech call first?']);

    const calls = new DynamoCallStore(
      getDocumentClient(),
      physicalTableName('calls'),
      physicalTableName('leads'),
      physicalTableName('outbox'),
    );
    const tickets = (await calls.listTickets({ enterpriseId, limit: 50 })).map((t) => t.ticket);
    expect(tickets).toEqual([
      expect.objectContaining({
        team_id: teamId,
        call_id: null,
        appointment_id: 'rep-staff',
        priority: 'normal',
        category: 'appointment_reply',
        reason: 'Can the tech call first?',
        customer: { name: 'Sam Ortiz', phone: '+13125550180' },
        status: 'open',
      }),
    ]);
    expect(tickets[0]?.ticket_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
