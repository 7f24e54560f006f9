import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { readManageToken } from '#shared/domain/appointments/manage-token';
import { type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import { hashSecret } from '#shared/domain/widget/session-token';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

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

async function widget(route: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<Record<string, unknown>> {
  const response = await fetch(`${service.url}/widget/api/${route}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { 'x-widget-token': init.token } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** Books the first open slot of a new session; answers the session id. */
async function book(): Promise<string> {
  const started = (await widget(`${teamId}/${SCHEDULER}/sessions`, { method: 'POST', body: {} })) as {
    token: string;
    session: { session_id: string };
  };
  const availability = (await widget(`${teamId}/${SCHEDULER}/availability?days=2`)) as {
    days: { date: string; slots: { time: string }[] }[];
  };
  const day = availability.days.find((d) => d.slots.length > 0);
  const slot = day?.slots.at(-1);
  if (!day || !slot) throw new Error('no open slot');
  // A booking faster than a person could make one is refused.
  await new Promise((resolve) => setTimeout(resolve, 3_100));
  const booked = await widget('session/booking', {
    method: 'POST',
    token: started.token,
    body: {
      issue_type: 'Drain clog',
      date: day.date,
      time: slot.time,
      name: 'Dana Reyes',
      phone: '(312) 555-0142',
      email: 'dana@example.com',
      address: '1 Main St',
      website: '',
    },
  });
  expect(booked).toMatchObject({ session: { status: 'booked' } });
  return started.session.session_id;
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
});
