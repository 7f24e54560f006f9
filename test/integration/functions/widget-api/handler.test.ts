import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWidgetSessionStore } from '#shared/adapters/dynamodb/widget-session-store';
import { queues } from '#shared/adapters/runtime/queues';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import { WEEKDAYS } from '#shared/domain/schedulers';
import type { Team } from '#shared/domain/tenancy';
import { readSessionToken } from '#shared/domain/widget/session-token';
import { startWidgetSession, type WidgetDependencies } from '#shared/domain/widget/widget-sessions';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { proxyEvent } from '../../../support/api-gateway-event';
import { startEmulator } from '../../../support/emulator';
import { RecordingQueue } from '../../../support/intake-fakes';

/** Low enough that one test reaches it from one client address; every other test uses its own address. */
process.env.WIDGET_RATE_LIMIT_PER_CLIENT_PER_MINUTE = '3';

let dynamo: LocalDynamo;
let handler: (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>;
let team: Team;
let deps: WidgetDependencies;
const OWN = 601;
const OTHER = 602;
let client = 0;

beforeAll(async () => {
  dynamo = await startEmulator();
  ({ handler } = await import('../../../../functions/widget-api/handler'));
  const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
  const enterprise = await tenancy.createEnterprise({ name: 'Widget handler test' });
  team = await tenancy.createTeam({
    name: 'Widgets',
    timezone: 'America/Chicago',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId: 'ws_wh',
  });
  const schedulers = new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams'));
  const settings = (allowed: string[]) => ({
    name: 'Main',
    services: ['AC Repair'],
    job_types: ['Service'],
    service_areas: ['Chicago'],
    time_zone: 'America/Chicago',
    hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '08:00', close: '17:00' }])) as never,
    capacity_per_slot: 2,
    allowed_origins: allowed,
  });
  await schedulers.putScheduler(team.id, OWN, settings(['https://own.example']), new Date());
  await schedulers.putScheduler(team.id, OTHER, settings(['https://other.example']), new Date());
  deps = {
    schedulers,
    tenancy,
    sessions: new DynamoWidgetSessionStore(getDocumentClient(), physicalTableName('sessions')),
    leadIds: new DynamoIntakeStore(getDocumentClient(), physicalTableName('leads')),
    manageLinks: manageLinks(async () => 'widget-api-test-secret'),
  };
});
afterAll(() => dynamo.stop());

type Answer = { statusCode: number; headers: Record<string, string>; body: string };

function call(
  resource: string,
  init: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    path?: string;
    sourceIp?: string;
    isBase64Encoded?: boolean;
  } = {},
): Promise<Answer> {
  const body = init.body === undefined ? null : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  return handler(
    proxyEvent({
      resource,
      path: init.path ?? resource,
      httpMethod: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...init.headers },
      pathParameters: resource.includes('{teamId}') ? { teamId: String(team.id), schedulerId: String(OWN) } : null,
      body,
      isBase64Encoded: init.isBase64Encoded ?? false,
      requestContext: { requestId: 'r', identity: { sourceIp: init.sourceIp ?? `198.51.100.${++client}` } } as never,
    }),
    {} as Context,
  ) as Promise<Answer>;
}

/** A session started as the start route does, without the drop-off check it schedules (no scheduler here). */
async function startSession(): Promise<string> {
  const started = await startWidgetSession(deps, {
    teamId: team.id,
    schedulerId: OWN,
    pageUrl: null,
    referrer: null,
    now: new Date(Date.now() - 60_000),
  });
  return started.token;
}

/** The token with its reference rewritten to name another scheduler of the same team, its secret kept. */
function naming(token: string, schedulerId: number): string {
  const [refPart = '', secret = ''] = token.slice('wst_'.length).split('.');
  const [teamId, , ...rest] = Buffer.from(refPart, 'base64url').toString('utf8').split('|');
  return `wst_${Buffer.from([teamId, String(schedulerId), ...rest].join('|')).toString('base64url')}.${secret}`;
}

/**
 * The read API lists every media type as binary, so API Gateway hands the widget's POST bodies over
 * base64-encoded: the function reads them as the JSON they are (here the request then stops at
 * its missing token, before any table is read).
 */
describe('widget-api handler', () => {
  const step = (body: string, isBase64Encoded: boolean) => call('/widget/api/session/events', { method: 'POST', body, isBase64Encoded });

  it('decodes a base64-encoded JSON body before reading it', async () => {
    const json = JSON.stringify({ event_type: 'booking_started' });
    const answer = await step(Buffer.from(json).toString('base64'), true);
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body).message).toContain('x-widget-token');
    const plain = await step(json, false);
    expect(JSON.parse(plain.body).message).toContain('x-widget-token');
  });

  it("refuses with 401 a session's token rewritten to name another scheduler of the team, even from that scheduler's origin", async () => {
    const token = await startSession();
    const forged = naming(token, OTHER);

    const own = await call('/widget/api/session', { headers: { 'x-widget-token': token, origin: 'https://own.example' } });
    const read = await call('/widget/api/session', { headers: { 'x-widget-token': forged, origin: 'https://other.example' } });
    const step = await call('/widget/api/session/events', {
      method: 'POST',
      headers: { 'x-widget-token': forged, origin: 'https://other.example' },
      body: { event_type: 'booking_started' },
    });

    expect(own.statusCode).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBe('https://own.example');
    expect(read.statusCode).toBe(401);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(step.statusCode).toBe(401);
  });

  it('answers a client over its limit 429 with Retry-After, the seconds until its window ends', async () => {
    const sourceIp = '203.0.113.77';
    // The window is a clock minute: four requests that straddle its end can all pass, so the client
    // keeps asking until refused; within two windows' worth and one more it always is.
    const answers: Answer[] = [];
    while (answers.length < 7 && answers.at(-1)?.statusCode !== 429)
      answers.push(await call('/widget/api/{teamId}/{schedulerId}/sessions', { method: 'POST', body: {}, sourceIp }));

    const refused = answers.at(-1) as Answer;
    expect(refused.statusCode).toBe(429);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(1);
    expect(answers.length).toBeGreaterThanOrEqual(4);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.body).message).toContain(`retry after ${refused.headers['retry-after']} seconds`);
  });

  it('counts a honeypot of spaces as filled, and names a missing field once', async () => {
    const token = await startSession();
    const booking = {
      issue_type: 'AC Repair',
      date: '2099-01-05',
      time: '10:00',
      name: 'Dana',
      phone: '+13125550142',
      email: 'd@example.com',
      address: '1 Main St',
    };

    const spaces = await call('/widget/api/session/booking', {
      method: 'POST',
      headers: { 'x-widget-token': token },
      body: { ...booking, website: '   ' },
    });
    const unnamed = await call('/widget/api/session/booking', {
      method: 'POST',
      headers: { 'x-widget-token': token },
      body: { ...booking, name: ' ' },
    });

    expect(spaces.statusCode).toBe(400);
    expect(JSON.parse(spaces.body)).toMatchObject({ field: 'website', message: 'website: must be left empty' });
    expect(unnamed.statusCode).toBe(400);
    expect(JSON.parse(unnamed.body)).toMatchObject({ field: 'name', message: 'name: required' });
  });

  it('books a slot through the stores it builds with its first booking: the lead, visit and request written, the session marked', async () => {
    const followups = new RecordingQueue();
    queues.use(() => followups);
    const token = await startSession();
    const origin = { origin: 'https://own.example' };
    const offered = await call('/widget/api/{teamId}/{schedulerId}/availability', {
      path: `/widget/api/${team.id}/${OWN}/availability`,
      headers: origin,
    });
    const day = (JSON.parse(offered.body) as { days: { date: string; slots: { time: string }[] }[] }).days.find((d) => d.slots.length > 0);
    const booked = await call('/widget/api/session/booking', {
      method: 'POST',
      headers: { 'x-widget-token': token, ...origin },
      body: {
        issue_type: 'AC Repair',
        date: day?.date,
        time: day?.slots[0]?.time,
        name: 'Dana',
        phone: '+13125550142',
        email: 'd@example.com',
        address: '1 Main St',
        website: '',
      },
    });

    expect(booked.statusCode).toBe(200);
    const ref = readSessionToken(token)?.ref;
    const stored = ref ? await deps.sessions.getSession(ref) : null;
    expect(stored?.session.status).toBe('booked');
    // Marked only once the lead, the appointment and the booking request were written.
    expect(stored?.effectsRecordedAt).toEqual(expect.any(String));
    expect(stored?.extras.lead_id).toEqual(expect.any(Number));
    expect(followups.sent.map((m) => m.body.kind)).toEqual(['field_service_job']);
    queues.reset();
  });

  it('serves only its own rows of the route table: another resource is an error, not another route', async () => {
    const event = proxyEvent({ resource: '/widget/api/unknown', path: '/widget/api/unknown', httpMethod: 'GET' });
    await expect(handler(event, {} as Context)).rejects.toThrow('widget-api serves no route GET /widget/api/unknown');
    const wrongMethod = proxyEvent({ resource: '/widget/api/session', path: '/widget/api/session', httpMethod: 'DELETE' });
    await expect(handler(wrongMethod, {} as Context)).rejects.toThrow('serves no route DELETE');
  });
});
