import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { readManageToken } from '#shared/domain/appointments/manage-token';
import { type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import { hashSecret } from '#shared/domain/widget/session-token';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';
import { bookLatestOpenSlot } from '../support/widget-booking';

/**
 * A widget booking through the local gateway becomes one appointment on the team's feed, with a
 * manage link under the service's origin whose secret is the one the record holds the hash of;
 * the feed is the team's alone.
 */
process.env.LOG_LEVEL = 'silent';

let service: LocalService;
let fixture: TenancyFixture;
let key: string;
let teamId: number;
const SCHEDULER = 11;

const SETTINGS: SchedulerSettingsInput = {
  name: 'Main widget',
  services: ['Drain clog'],
  job_types: [],
  service_areas: ['Brooklyn'],
  time_zone: 'America/New_York',
  hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '00:00', close: '23:59' }])) as SchedulerSettingsInput['hours'],
  lead_time_minutes: 0,
};

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false });
  fixture = await createTenancyFixture();
  teamId = fixture.teams.own.id;
  key = await fixture.createKey('enterprise', ['read:leads']);
  await new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams')).putScheduler(
    teamId,
    SCHEDULER,
    SETTINGS,
    new Date(),
  );
});
afterAll(() => service.stop());

async function get(path: string, apiKey = key): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function widget(route: string): Promise<Record<string, unknown>> {
  return (await (await fetch(`${service.url}/widget/api/${route}`)).json()) as Record<string, unknown>;
}

const book = () => bookLatestOpenSlot(service.url, teamId, SCHEDULER, 'Drain clog');

async function manage(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  return fetch(`${service.url}/widget/api/appointments/${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The manage token of a booked session, as the feed shows it. */
async function manageTokenOf(sessionId: string): Promise<string> {
  const { body } = await get(`/api/v1/teams/${teamId}/appointments?limit=500`);
  const url = String((body.data as Record<string, unknown>[]).find((a) => a.appointment_id === sessionId)?.manage_url);
  return url.slice(url.lastIndexOf('/') + 1);
}

describe('appointments through the local gateway', () => {
  it('lists a widget booking once, with its manage link under the service origin', async () => {
    const sessionId = await book();
    const { status, body } = await get(`/api/v1/teams/${teamId}/appointments?status=scheduled`);
    expect(status).toBe(200);
    const data = body.data as Record<string, unknown>[];
    expect(data.filter((a) => a.appointment_id === sessionId)).toHaveLength(1);
    const [appointment] = data;
    expect(appointment).toMatchObject({
      appointment_id: sessionId,
      team_id: teamId,
      scheduler_id: SCHEDULER,
      channel: 'scheduling_widget',
      status: 'scheduled',
      customer: { name: 'Dana Reyes', phone: '+13125550142' },
      service: 'Drain clog',
      time_zone: 'America/New_York',
      session_id: sessionId,
      history: [expect.objectContaining({ change: 'created', by: 'customer' })],
    });
    const url = String(appointment?.manage_url);
    expect(url.startsWith(`${service.url}/widget/manage/`)).toBe(true);
    const read = readManageToken(url.slice(`${service.url}/widget/manage/`.length));
    const item = await getDocumentClient().send(
      new GetCommand({
        TableName: physicalTableName('leads'),
        Key: { pk: `APPOINTMENT#${sessionId}`, sk: 'APPOINTMENT' },
      }),
    );
    expect(read && hashSecret(read.secret)).toBe(item.Item?.manage_token_hash);
    expect(JSON.stringify(item.Item)).not.toContain(read?.secret);
  });

  it('answers 400 naming the field for a status it does not know, and 403 for another team', async () => {
    const bad = await get(`/api/v1/teams/${teamId}/appointments?status=booked`);
    expect(bad.status).toBe(400);
    expect(String(bad.body.message)).toContain('status');
    const foreign = await get(`/api/v1/teams/${fixture.teams.foreign.id}/appointments`);
    expect(foreign.status).toBe(403);
  });

  it('shows, moves and cancels a visit by its manage link, and gives its calendar file', async () => {
    const token = await manageTokenOf(await book());
    const shown = (await (await manage(token)).json()) as Record<string, unknown>;
    expect(shown).toMatchObject({ status: 'scheduled', read_only: false, business_name: 'Main widget', customer: { name: 'Dana Reyes' } });

    const availability = (await widget(`${teamId}/${SCHEDULER}/availability?days=3`)) as {
      days: { date: string; slots: { time: string }[] }[];
    };
    const target = availability.days.at(-1);
    const slot = target?.slots[0];
    if (!target || !slot) throw new Error('no open slot to move to');
    const moved = await manage(`${token}/reschedule`, { method: 'POST', body: { date: target.date, time: slot.time } });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ start_date: target.date, start_time: slot.time });

    const calendar = await manage(`${token}/calendar.ics`);
    expect(calendar.headers.get('content-type')).toContain('text/calendar');
    const ics = (await calendar.text()).replace(/\r\n /g, '');
    expect(ics).toContain(`DTSTART;TZID=America/New_York:${target.date.replaceAll('-', '')}T${slot.time.replace(':', '')}00`);
    expect(ics).toContain('BEGIN:VTIMEZONE');

    const cancelled = await manage(`${token}/cancel`, { method: 'POST', body: { reason: 'Fixed it myself' } });
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', read_only: true, can_change: false });
    const again = await manage(`${token}/reschedule`, { method: 'POST', body: { date: target.date, time: slot.time } });
    expect(again.status).toBe(409);
  });

  it('answers 404 for a manage link no visit has, however it is formed', async () => {
    const token = await manageTokenOf(await book());
    const [id, secret] = token.split('.') as [string, string];
    const wrongSecret = `${id}.${secret.startsWith('A') ? 'B' : 'A'}${secret.slice(1)}`;
    for (const path of [wrongSecret, 'nonsense', `${id}`, `ses_other.${secret}`]) {
      const answer = await manage(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    }
  });
});
