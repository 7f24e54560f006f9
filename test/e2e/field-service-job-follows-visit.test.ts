import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoFieldServiceConfigStore } from '#shared/adapters/dynamodb/field-service-config-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';
import { bookLatestOpenSlot } from '../support/widget-booking';

/**
 * The field-service job follows its visit through `npm start`'s runtime: a widget booking makes
 * its job in the sandbox; a move by the manage link reschedules the job's appointment once (a
 * retried move asks nothing again); a cancel frees the place and cancels the job once; the
 * booking-requests feed lists each attempt with its action.
 */
process.env.LOG_LEVEL = 'silent';

let service: LocalService;
let fixture: TenancyFixture;
let key: string;
let teamId: number;
const SCHEDULER = 13;

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
  key = await fixture.createKey('enterprise_all_teams', ['read:leads', 'read:scheduler_analytics']);
  const client = getDocumentClient();
  await new DynamoSchedulerConfigStore(client, physicalTableName('teams')).putScheduler(teamId, SCHEDULER, SETTINGS, new Date());
  await new DynamoFieldServiceConfigStore(client, physicalTableName('teams')).putFieldServiceConfig(teamId, { system: 'sandbox' });
}, 60_000);
afterAll(() => service.stop());

async function read(path: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown>[] }).data;
}

const manage = (token: string, action: string, body: unknown) =>
  fetch(`${service.url}/widget/api/appointments/${token}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the field-service job follows its visit', () => {
  it('moves the job once, cancels it once, frees the place, and lists each attempt with its action', async () => {
    const sessionId = await bookLatestOpenSlot(service.url, teamId, SCHEDULER, 'Drain clog');
    await service.settle();
    const job = service.fieldServiceJobs().find((j) => j.external_id === sessionId);
    if (!job) throw new Error('the booking made no job');
    const changes = () => service.fieldServiceChanges().filter((c) => c.job_id === job.job_id);

    const visit = (await read(`/api/v1/teams/${teamId}/appointments?limit=100`)).find((a) => a.appointment_id === sessionId);
    const manageUrl = String(visit?.manage_url);
    const token = manageUrl.slice(manageUrl.lastIndexOf('/') + 1);
    const shown = (await (await fetch(`${service.url}/widget/api/appointments/${token}`)).json()) as {
      start_date: string;
      start_time: string;
    };
    const [hour = '0', minute = '0'] = shown.start_time.split(':');
    const earlier = { date: shown.start_date, time: `${String(Number(hour) - 1).padStart(2, '0')}:${minute}` };

    // A move, and the same move asked again (a lost answer): one reschedule.
    expect((await manage(token, 'reschedule', earlier)).status).toBe(200);
    expect((await manage(token, 'reschedule', earlier)).status).toBe(200);
    await service.settle();
    const moved = (await read(`/api/v1/teams/${teamId}/appointments?limit=100`)).find((a) => a.appointment_id === sessionId);
    expect(changes()).toEqual([expect.objectContaining({ action: 'reschedule', starts_at: moved?.starts_at })]);

    // A cancel: the place is offered again, and one cancel.
    expect((await manage(token, 'cancel', { reason: 'Fixed it myself' })).status).toBe(200);
    expect((await manage(token, 'cancel', {})).status).toBe(200);
    await service.settle();
    const availability = (await (await fetch(`${service.url}/widget/api/${teamId}/${SCHEDULER}/availability?days=2`)).json()) as {
      days: { date: string; slots: { time: string }[] }[];
    };
    expect(availability.days.find((d) => d.date === earlier.date)?.slots.map((s) => s.time)).toContain(earlier.time);
    expect(changes().map((c) => c.action)).toEqual(['reschedule', 'cancel']);
    expect(changes()[1]).toMatchObject({ memo: expect.stringContaining('Fixed it myself') });

    const requests = (await read(`/api/v1/teams/${teamId}/booking-requests?limit=100`)).filter((r) => r.session_id === sessionId);
    expect(requests.map((r) => [r.action, r.attempt, r.status, r.st_job_id]).sort()).toEqual([
      ['cancel', 1, 'succeeded', job.job_id],
      ['create', 1, 'succeeded', job.job_id],
      ['reschedule', 1, 'succeeded', job.job_id],
    ]);
    expect(requests.find((r) => r.action === 'reschedule')?.requested_slot).toEqual({
      date: earlier.date,
      time: earlier.time,
      time_zone: 'America/New_York',
    });
  }, 60_000);
});
