import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';
import { bookLatestOpenSlot } from '../support/widget-booking';

/**
 * A visit's texts through `npm start`'s runtime: a widget booking, and a call's visit, each get one
 * confirmation naming the visit and its manage link on the outbound texts feed; replies confirm
 * it, get the link back or open a ticket for staff; a move by the manage link texts once; after
 * STOP no reminder is sent.
 */
process.env.LOG_LEVEL = 'silent';

let service: LocalService;
let fixture: TenancyFixture;
let readKey: string;
let smsKey: string;
let teamId: number;
const SCHEDULER = 12;
const PHONE = '+13125550142';

const SETTINGS: SchedulerSettingsInput = {
  name: 'Rapid Rooter Plumbing',
  services: ['Drain clog'],
  job_types: [],
  service_areas: ['Brooklyn'],
  time_zone: 'America/New_York',
  hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '00:00', close: '23:59' }])) as SchedulerSettingsInput['hours'],
  lead_time_minutes: 0,
};

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, streamBatchingWindowSeconds: 0.05 });
  fixture = await createTenancyFixture();
  teamId = fixture.teams.own.id;
  readKey = await fixture.createKey('enterprise_all_teams', ['read:leads', 'read:outbound', 'read:support_tickets']);
  smsKey = await fixture.createKey('enterprise_all_teams', ['write:sms_campaigns', 'write:calls']);
  await new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams')).putScheduler(
    teamId,
    SCHEDULER,
    SETTINGS,
    new Date(),
  );
}, 60_000);
afterAll(() => service.stop());

async function read(path: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${readKey}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown>[] }).data;
}

const textsOf = async (appointmentId: string) =>
  (await read(`/api/v1/teams/${teamId}/outbound/texts?limit=100`)).filter((t) => t.appointment_id === appointmentId);
const appointmentOf = async (appointmentId: string) =>
  (await read(`/api/v1/teams/${teamId}/appointments?limit=100`)).find((a) => a.appointment_id === appointmentId);

let inbound = 0;
async function reply(body: string): Promise<void> {
  inbound += 1;
  const response = await fetch(`${service.url}/v1/messaging/sms/inbound`, {
    method: 'POST',
    headers: { authorization: `Bearer ${smsKey}`, 'content-type': 'application/json', 'x-workspace-id': fixture.teams.own.workspaceId },
    body: JSON.stringify({ from: PHONE, body, message_id: `appt-texts-e2e-${inbound}` }),
  });
  expect(response.status).toBe(200);
  await service.settle();
}

describe('appointment texts through the local service', () => {
  let appointmentId: string;
  let manageUrl: string;

  it('texts one confirmation naming the visit and its manage link', async () => {
    appointmentId = await bookLatestOpenSlot(service.url, teamId, SCHEDULER, 'Drain clog');
    await service.settle();
    const texts = await textsOf(appointmentId);
    expect(texts.map((t) => [t.purpose, t.status, t.campaign_id])).toEqual([['booking_confirmation', 'sent', null]]);
    manageUrl = String((await appointmentOf(appointmentId))?.manage_url);
    expect(manageUrl.startsWith(`${service.url}/widget/manage/`)).toBe(true);
    const body = String(texts[0]?.body);
    expect(body).toContain('Rapid Rooter Plumbing');
    expect(body).toContain('Drain clog');
    expect(body).toContain(manageUrl);
    expect(service.sms.sent.filter((t) => t.reference.startsWith(`appointment:${appointmentId}:`))).toHaveLength(1);
  }, 30_000);

  it('confirms the visit on "C" and answers "R" with the manage link', async () => {
    await reply('C');
    expect((await appointmentOf(appointmentId))?.status).toBe('confirmed');
    const before = service.sms.sent.length;
    await reply('R');
    const answers = service.sms.sent.slice(before).filter((t) => t.to === PHONE);
    expect(answers).toHaveLength(1);
    expect(answers[0]?.body).toContain(manageUrl);
  }, 30_000);

  it('keeps any other reply on the visit and opens a support ticket for staff', async () => {
    await reply('Can the tech call first?');
    const history = (await appointmentOf(appointmentId))?.history as { change: string; note: string | null }[];
    expect(history.filter((h) => h.change === 'note').map((h) => h.note)).toContain('customer replied: Can the tech call first?');
    const tickets = await read(`/api/v1/enterprise/${fixture.teams.own.enterpriseId}/support-tickets?limit=50`);
    expect(tickets.filter((t) => t.appointment_id === appointmentId)).toEqual([
      expect.objectContaining({ call_id: null, priority: 'normal', category: 'appointment_reply', reason: 'Can the tech call first?' }),
    ]);
  }, 30_000);

  it('texts a move by the manage link once', async () => {
    const token = manageUrl.slice(manageUrl.lastIndexOf('/') + 1);
    const shown = (await (await fetch(`${service.url}/widget/api/appointments/${token}`)).json()) as {
      start_date: string;
      start_time: string;
    };
    const [hour = '0', minute = '0'] = shown.start_time.split(':');
    const earlier = `${String(Number(hour) - 1).padStart(2, '0')}:${minute}`;
    const moved = await fetch(`${service.url}/widget/api/appointments/${token}/reschedule`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ date: shown.start_date, time: earlier }),
    });
    expect(moved.status).toBe(200);
    await service.settle();
    const changes = (await textsOf(appointmentId)).filter((t) => t.purpose === 'booking_change');
    expect(changes.map((t) => t.status)).toEqual(['sent']);
    expect(String(changes[0]?.body)).toContain('moved from');
  }, 30_000);

  it('texts one confirmation for a visit the voice responder agreed on a call', async () => {
    const report = {
      message: {
        type: 'end-of-call-report',
        call: { id: `call-appt-texts-${Date.now()}`, type: 'inboundPhoneCall', customer: { number: '+14155550123' } },
        transcript: 'Customer: I would like to book a plumber tomorrow at 10 am.',
        analysis: { structuredData: { bookingIntent: true } },
      },
    };
    const posted = await fetch(`${service.url}/v1/responder/webhook`, {
      method: 'POST',
      headers: { authorization: `Bearer ${smsKey}`, 'content-type': 'application/json', 'x-workspace-id': fixture.teams.own.workspaceId },
      body: JSON.stringify(report),
    });
    expect(posted.status).toBe(201);
    await service.settle();
    const visit = (await read(`/api/v1/teams/${teamId}/appointments?limit=100`)).find((a) => a.channel === 'call');
    expect(visit).toBeDefined();
    const texts = await textsOf(String(visit?.appointment_id));
    expect(texts.map((t) => [t.purpose, t.status])).toEqual([['booking_confirmation', 'sent']]);
    expect(String(texts[0]?.body)).toContain(String(visit?.manage_url));
  }, 30_000);

  it('sends no reminder after STOP', async () => {
    await reply('STOP');
    const visit = await appointmentOf(appointmentId);
    await service.queue('appointment-texts').send([
      {
        body: { kind: 'reminder', team_id: teamId, appointment_id: appointmentId, start: String(visit?.starts_at), offset_minutes: 120 },
      },
    ]);
    await service.settle();
    const reminders = (await textsOf(appointmentId)).filter((t) => t.purpose === 'booking_reminder');
    expect(reminders.map((t) => t.status)).toEqual(['suppressed']);
    expect(service.sms.sent.filter((t) => t.reference.includes(':booking_reminder:'))).toHaveLength(0);
  }, 30_000);
});
