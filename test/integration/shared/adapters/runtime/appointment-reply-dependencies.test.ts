import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { DynamoSupportTicketReader } from '#shared/adapters/dynamodb/support-ticket-reader';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { appointmentReplyDependencies } from '#shared/adapters/runtime/appointment-reply-dependencies';
import { PUBLIC_ORIGIN_ENV } from '#shared/adapters/runtime/resource-env';
import { newAppointment } from '#shared/domain/appointments/appointment';
import { sealManageToken } from '#shared/domain/appointments/manage-token';
import { WEEKDAYS } from '#shared/domain/schedulers';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';

/**
 * The inbound-SMS webhook's reply stores as the function builds them (embedded DynamoDB): the
 * scheduler, widget session, team and ticket stores come with the first text from a number with an
 * upcoming visit, and answer as the stores built at load did; a number without a visit reads none.
 */
let dynamo: LocalDynamo;
let teamId: number;
let enterpriseId: number;
const NOW = new Date('2026-06-10T14:30:00Z');
const PHONE = '+13125550191';
const SCHEDULER = 7;

beforeAll(async () => {
  dynamo = await startEmulator();
  process.env[PUBLIC_ORIGIN_ENV] = 'https://book.example.test';
  const client = getDocumentClient();
  const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
  const enterprise = await tenancy.createEnterprise({ name: 'Reply wiring' });
  const team = await tenancy.createTeam({
    name: 'Team name',
    timezone: 'America/Chicago',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId: 'ws_reply_wiring',
  });
  teamId = team.id;
  enterpriseId = enterprise.id;
  await new DynamoSchedulerConfigStore(client, physicalTableName('teams')).putScheduler(
    teamId,
    SCHEDULER,
    {
      name: 'North Side Plumbing',
      services: ['Drain cleaning'],
      job_types: [],
      service_areas: [],
      time_zone: 'America/Chicago',
      hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '08:00', close: '17:00' }])) as never,
    },
    NOW,
  );
  const appointment = newAppointment(
    {
      appointment_id: 'wiring-1',
      team_id: teamId,
      scheduler_id: SCHEDULER,
      channel: 'scheduling_widget',
      customer: { name: 'Sam Ortiz', phone: PHONE, email: null, address: null },
      service: 'Drain cleaning',
      starts_at: '2026-06-12T15:00:00.000Z',
      time_zone: 'America/Chicago',
      duration_minutes: 60,
      lead: { id: null, lead_id: null },
      session_id: null,
      call_id: null,
    },
    'system',
    NOW.toISOString(),
  );
  const secret = process.env.CURSOR_SECRET ?? '';
  await new DynamoAppointmentStore(client, { leads: physicalTableName('leads'), outbox: physicalTableName('outbox') }).createAppointment(
    { appointment, manage: sealManageToken(secret, 'wiring-1'), heldSlot: null, sessionStartedAt: null, version: 1 },
    [],
  );
});
afterAll(() => dynamo.stop());

describe('the inbound-SMS webhook’s reply stores', () => {
  it('read the visit’s scheduler through the store imported with the first text from a number with a visit', async () => {
    const replies = appointmentReplyDependencies()();
    expect(await replies.upcoming(teamId, '+13125550100', NOW)).toBeNull();
    const next = await replies.upcoming(teamId, PHONE, NOW);
    expect(next?.notice).toMatchObject({ appointmentId: 'wiring-1', businessName: 'North Side Plumbing', service: 'Drain cleaning' });
    expect(next?.notice.manageUrl.startsWith('https://book.example.test/widget/manage/wiring-1.')).toBe(true);
  });

  it('confirm a visit through the scheduler store imported on first use', async () => {
    const replies = appointmentReplyDependencies()();
    await replies.confirm(teamId, 'wiring-1', { messageId: 'wiring-msg-1', body: 'C', at: NOW.toISOString() });
    const stored = await new DynamoAppointmentStore(getDocumentClient(), { leads: physicalTableName('leads') }).getAppointment('wiring-1');
    expect(stored?.appointment.status).toBe('confirmed');
  });

  it('keep a reply for staff: the ticket opens under the visit’s team’s enterprise through the stores imported on first use', async () => {
    const replies = appointmentReplyDependencies()();
    await replies.keepForStaff(teamId, 'wiring-1', { messageId: 'wiring-msg-2', body: 'Can you come earlier?', at: NOW.toISOString() });
    const tickets = await new DynamoSupportTicketReader(getDocumentClient(), physicalTableName('calls')).listTickets({
      enterpriseId,
      limit: 10,
    });
    expect(tickets.map(({ ticket }) => ({ appointment: ticket.appointment_id, reason: ticket.reason, team: ticket.team_id }))).toEqual([
      { appointment: 'wiring-1', reason: 'Can you come earlier?', team: teamId },
    ]);
  });
});
