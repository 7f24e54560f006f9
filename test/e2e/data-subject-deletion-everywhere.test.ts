import { gunzipSync } from 'node:zlib';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoFieldServiceConfigStore } from '#shared/adapters/dynamodb/field-service-config-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { teamCampaignsPk } from '#shared/adapters/dynamodb/sms-campaign-items';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { ALL_PERMISSIONS } from '#shared/auth/permissions';
import { EXPORT_RESOURCES } from '#shared/domain/exports/export-job';
import { type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import { ROUTES } from '#shared/routes';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';
import { bookLatestOpenSlot } from '../support/widget-booking';

/**
 * Deletion by phone of one person who left data everywhere, all of it made through the routes a
 * customer, a provider and an integrator use: a widget booking (session, visit, booking request,
 * its texts), a speed-to-lead lead and its outreach call (transcript, recording, coach evaluation),
 * an inbound call opening a support ticket, a campaign text, a reply and a STOP. Afterwards no
 * read route, no export and no recording link says anything about the person; the opt-out stays.
 */
process.env.LOG_LEVEL = 'silent';
process.env.SMS_SEND_RATE_PER_SECOND = '0';

type Json = Record<string, unknown>;
const PHONE = '+13125550142';
const OTHER = '+13125550166';
const NAME = 'Dana Reyes';
const EMAIL = 'dana@example.com';
/** The number as any store, body or transcript might spell it, the name and the email. */
const TRACES = [PHONE, '3125550142', '312-555-0142', '(312) 555-0142', '312 555 0142', '555-0142', 'Dana', 'Reyes', EMAIL];
const SCHEDULER = 14;
const SETTINGS: SchedulerSettingsInput = {
  name: 'Rapid Rooter Plumbing',
  services: ['Drain clog'],
  job_types: [],
  service_areas: ['Brooklyn'],
  time_zone: 'America/New_York',
  hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '00:00', close: '23:59' }])) as SchedulerSettingsInput['hours'],
  lead_time_minutes: 0,
};

let service: LocalService;
let fixture: TenancyFixture;
let key: string;
let teamId: number;

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    dataDir: undefined,
    seed: false,
    simulateCallReports: true,
    callReportDelayMs: 0,
    queueVisibilityTimeoutSeconds: 0.05,
    streamBatchingWindowSeconds: 0.05,
  });
  fixture = await createTenancyFixture();
  teamId = fixture.teams.own.id;
  key = await fixture.createKey('enterprise_all_teams', [...ALL_PERMISSIONS]);
  const client = getDocumentClient();
  await new DynamoSchedulerConfigStore(client, physicalTableName('teams')).putScheduler(teamId, SCHEDULER, SETTINGS, new Date());
  await new DynamoFieldServiceConfigStore(client, physicalTableName('teams')).putFieldServiceConfig(teamId, { system: 'sandbox' });
}, 60_000);
afterAll(() => service?.stop());

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      'x-team-id': String(teamId),
      'x-workspace-id': fixture.teams.own.workspaceId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: (text.startsWith('{') ? JSON.parse(text) : {}) as Json };
}

const dataOf = (answer: { body: Json }) => answer.body.data as Json;
const tracesIn = (text: string) => TRACES.filter((trace) => text.includes(trace));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An export of one resource, all time, of the team; its file's text once completed. */
async function exported(resource: string): Promise<{ id: string; text: string; link: string }> {
  const asked = await call('POST', '/api/v1/exports', {
    resource,
    team_ids: [teamId],
    start_date: '2020-01-01T00:00:00Z',
    end_date: '2030-01-01T00:00:00Z',
  });
  expect(asked.status).toBe(202);
  const id = String(asked.body.export_id);
  const done = await until(
    () => call('GET', `/api/v1/exports/${id}`),
    (r) => r.body.status === 'completed',
  );
  const link = String(done.body.download_url);
  const file = await fetch(link);
  return { id, link, text: gunzipSync(Buffer.from(await file.arrayBuffer())).toString('utf8') };
}

/** Every read route with a permission, its path parameters filled with the person's records. */
function readPaths(ids: { callIds: string[]; campaignId: string; deletionId: string }): string[] {
  const paths: string[] = [];
  for (const route of ROUTES) {
    if (route.method !== 'GET' || route.permission === null || route.permission === 'any_key') continue;
    if (/\{(exportId|webhookId|replayId)\}/.test(route.path)) continue;
    const filled = route.path
      .replace('{teamId}', String(teamId))
      .replace('{enterpriseId}', String(fixture.enterpriseA))
      .replace('{campaignId}', ids.campaignId)
      .replace('{deletionId}', ids.deletionId);
    if (filled.includes('{callId}')) for (const id of ids.callIds) paths.push(filled.replace('{callId}', id));
    else paths.push(filled.startsWith('/api/v1/') && !filled.includes(String(teamId)) ? `${filled}?team_id=${teamId}` : filled);
  }
  return paths;
}

describe('a deletion by phone of a person found in every store', () => {
  const seeded = { callIds: [] as string[], campaignId: '', recordingLink: '', manageToken: '', exportId: '', exportLink: '' };
  let funnelBefore: Json;

  beforeAll(async () => {
    const sessionId = await bookLatestOpenSlot(service.url, teamId, SCHEDULER, 'Drain clog');
    const ingest = await call('POST', '/api/outbound/speed-to-lead/ingest', {
      name: NAME,
      phone: PHONE,
      email: EMAIL,
      service_type: 'Drain clog',
      external_id: `dsd-e2e-${Date.now()}`,
    });
    expect(ingest.status).toBe(201);
    const startedAt = new Date(Date.now() - 600_000).toISOString();
    const inbound = await call('POST', '/v1/responder/webhook', {
      message: {
        type: 'end-of-call-report',
        call: { id: `dsd-inbound-${Date.now()}`, customer: { number: PHONE, name: NAME }, type: 'inboundPhoneCall' },
        transcript: `AI: Rapid Rooter, how can I help?\nUser: This is ${NAME}, 312 555 0142. Nobody came and I am furious.`,
        analysis: { summary: `${NAME} complained.`, sentiment: 'negative', bookingIntent: false, urgency: 'standard' },
        startedAt,
        endedAt: new Date(Date.parse(startedAt) + 60_000).toISOString(),
      },
    });
    expect(inbound.status).toBe(201);
    const campaign = await call('POST', '/v1/messaging/sms/campaign', {
      campaign_type: 'seasonal_promotion',
      recipients: [
        { phone: PHONE, name: NAME },
        { phone: OTHER, name: 'Lee Ortiz' },
      ],
      message_template: 'Hi {name}, drain cleaning is 20% off this week.',
      settings: { include_opt_out: true, respect_quiet_hours: false },
    });
    expect(campaign.status).toBe(202);
    seeded.campaignId = String(dataOf(campaign).campaign_id);
    await service.settle();
    for (const [i, body] of ['The leak did not stop after your visit, Dana Reyes', 'STOP'].entries()) {
      const reply = await call('POST', '/v1/messaging/sms/inbound', { from: PHONE, body, message_id: `dsd-e2e-${i}-${Date.now()}` });
      expect(reply.status).toBe(200);
    }
    await service.settle();

    const calls = (await call('GET', '/api/calls')).body.data as Json[];
    seeded.callIds = calls.map((c) => String(c.call_id ?? c.id));
    expect(seeded.callIds).toHaveLength(2);
    const recorded = calls.find((c) => typeof c.recording_url === 'string');
    seeded.recordingLink = String(recorded?.recording_url);
    const visit = ((await call('GET', `/api/v1/teams/${teamId}/appointments`)).body.data as Json[]).find(
      (a) => a.appointment_id === sessionId,
    );
    seeded.manageToken = String(visit?.manage_url).split('/').at(-1) ?? '';
    const before = await exported('leads');
    expect(tracesIn(before.text)).not.toEqual([]);
    [seeded.exportId, seeded.exportLink] = [before.id, before.link];
    funnelBefore = dataOf(await call('GET', `/api/v1/teams/${teamId}/analytics/funnel`));
  }, 120_000);

  it('finds the person everywhere before the deletion (the check below can fail)', async () => {
    const seen = await Promise.all(readPaths({ ...seeded, deletionId: 'dsd_000000000000000000000000' }).map((p) => call('GET', p)));
    expect(seen.filter((answer) => tracesIn(answer.text).length > 0).length).toBeGreaterThan(8);
    expect((await fetch(seeded.recordingLink)).status).toBe(200);
    // The campaign is on its team's list, where the deletion finds its chunks.
    const listed = await getDocumentClient().send(
      new QueryCommand({
        TableName: physicalTableName('campaigns'),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': teamCampaignsPk(teamId) },
      }),
    );
    expect(listed.Items?.map((item) => item.campaign_id)).toContain(seeded.campaignId);
  });

  it('leaves nothing about the person on any read route, export or recording link, and keeps counts and the opt-out', async () => {
    const asked = await call('POST', '/v1/data-subject-deletions', { phone: '(312) 555-0142', team_ids: [teamId] });
    expect(asked.status).toBe(202);
    const id = String(dataOf(asked).id);
    const done = await until(
      () => call('GET', `/v1/data-subject-deletions/${id}`),
      (r) => dataOf(r)?.status === 'completed',
    );
    const counts = dataOf(done).counts as Json;
    expect(counts).toEqual({
      sessions: 1,
      // The intake's lead, and the unified leads of the two calls.
      leads: 3,
      // The widget's visit and the one the outreach call booked.
      appointments: 2,
      intake_guards: 1,
      coach_evaluations: 2,
      call_reports: 2,
      calls: 2,
      // The complaint's, and the one the reply to the visit's text opened.
      support_tickets: 2,
      campaign_recipients: 1,
      texts: expect.any(Number),
      text_ledgers: 1,
      subscription_events: 1,
      webhook_deliveries: 0,
      outbox_events: expect.any(Number),
      exports: 1,
    });
    expect(counts.texts).toBeGreaterThanOrEqual(2);
    expect(counts.outbox_events).toBeGreaterThanOrEqual(1);

    const leaks: string[] = [];
    for (const path of readPaths({ ...seeded, deletionId: id })) {
      const answer = await call('GET', path);
      // The subscription events are the opt-out's record: they keep the number, and only it.
      const allowed = path.endsWith('/outbound/subscription-events') ? [PHONE, '3125550142', '555-0142'] : [];
      const found = tracesIn(answer.text).filter((trace) => !allowed.includes(trace));
      if (answer.status >= 500 || found.length > 0)
        leaks.push(`${path}: ${answer.status} ${found.join(', ')} ${answer.text.slice(0, 300)}`);
    }
    for (const resource of EXPORT_RESOURCES) {
      const found = tracesIn((await exported(resource)).text);
      if (found.length > 0) leaks.push(`export ${resource}: ${found.join(', ')}`);
    }
    const manage = await fetch(`${service.url}/widget/api/appointments/${seeded.manageToken}`);
    leaks.push(...tracesIn(await manage.text()).map((trace) => `manage page: ${trace}`));
    expect(leaks).toEqual([]);
    expect((await fetch(seeded.recordingLink)).status).toBe(404);
    // The export written before: its file is gone and it offers no new link.
    expect((await fetch(seeded.exportLink)).status).toBe(404);
    expect((await call('GET', `/api/v1/exports/${seeded.exportId}`)).body).toMatchObject({ status: 'completed', download_url: null });

    expect(dataOf(await call('GET', `/api/v1/teams/${teamId}/analytics/funnel`))).toEqual(funnelBefore);
    const events = service.eventBus.published.filter(
      (e) => e['detail-type'] === 'data_subject_deletion.completed' && e.detail.deletion_id === id,
    );
    expect(events).toHaveLength(1);

    const again = await call('POST', '/v1/data-subject-deletions', { phone: PHONE, team_ids: [teamId] });
    expect([again.status, dataOf(again).id, dataOf(again).status, dataOf(again).counts]).toEqual([202, id, 'completed', counts]);
    await service.settle();
    expect(service.eventBus.published.filter((e) => e.detail.deletion_id === id)).toHaveLength(1);

    const optOuts = await call('GET', `/api/v1/teams/${teamId}/outbound/subscription-events`);
    expect((optOuts.body.data as Json[]).map((e) => [e.type, e.phone])).toContainEqual(['opt_out', PHONE]);
    const sentBefore = service.sms.sent.filter((t) => t.to === PHONE).length;
    const later = await call('POST', '/v1/messaging/sms/campaign', {
      campaign_type: 'seasonal_promotion',
      recipients: [{ phone: PHONE, name: 'Friend' }],
      message_template: 'Hi {name}, one more offer.',
      settings: { include_opt_out: true, respect_quiet_hours: false },
    });
    expect(later.status).toBe(202);
    await service.settle();
    expect(service.sms.sent.filter((t) => t.to === PHONE)).toHaveLength(sentBefore);
  }, 180_000);
});
