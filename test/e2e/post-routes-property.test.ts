import fc from 'fast-check';
import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { newAppointment } from '#shared/domain/appointments/appointment';
import { sealedToken } from '#shared/domain/appointments/manage-token';
import { rotatedGoogleKey } from '#shared/domain/intake/google-lead-form';
import { type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import { ROUTES, type Surface } from '#shared/routes';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { postRawJson } from '../support/post-json';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';
import { WebhookReceiver } from '../support/webhook-receiver';
import { bookLatestOpenSlot } from '../support/widget-booking';

process.env.LOG_LEVEL = 'silent';
process.env.SMS_SEND_RATE_PER_SECOND = '0';
// Webhook deliveries go to a receiver on 127.0.0.1 and are retried at once.
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
process.env.WEBHOOK_RETRY_SCHEDULE_SECONDS = '0.1';

/**
 * Arbitrary JSON, sent to every POST route through the local gateway (authorizer, handler, stores
 * and the workers the accepted ones start): never a 5xx, every refusal in the surface's error
 * body, and nothing the workers take up dead-lettered. Bodies are a mix of whole arbitrary JSON
 * documents and the route's valid body with fields replaced by arbitrary values or by the raw
 * tokens that used to answer 500 (integers above 2^53, 1e309, prototype keys, deep nesting,
 * lone surrogates), with an arbitrary Idempotency-Key on some.
 *
 * PROPERTY_RUNS sets the bodies per route (default 150); PROPERTY_REPORT=1 prints the figures.
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
// One key posts RUNS bodies to every POST route within a minute or two, past the default 1,000 per
// key and minute: limits have their own tests (rate-limits.test.ts), here every body must reach its route.
process.env.RATE_LIMIT_PER_KEY_PER_MINUTE = '1000000';
process.env.RATE_LIMIT_PER_WORKSPACE_PER_HOUR = '1000000';
process.env.WIDGET_RATE_LIMIT_PER_CLIENT_PER_MINUTE = '1000000';
process.env.WIDGET_RATE_LIMIT_PER_SCHEDULER_PER_MINUTE = '1000000';

/** JSON text of a value. */
type Raw = string;

/** Tokens JSON.stringify can never produce, and the values that used to answer 500. */
const HAZARDS: readonly Raw[] = [
  '9007199254740993',
  '-12345678901234567890',
  '1e16',
  '1e309',
  '-1e309',
  '1e-400',
  '1e-200',
  '0.1e-130',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":{"prototype":1}}',
  '{"\\u005f_proto__":{}}',
  // Text naming what every object inherits: a lookup keyed by it must find nothing.
  '"Hi {constructor}"',
  '"constructor"',
  '"__proto__"',
  '"toString"',
  '"stop {__proto__} {toString}"',
  '"\\ud800"',
  '"\\udfff tail"',
  '""',
  '"   "',
  `"${'x'.repeat(20_000)}"`,
  '[]',
  '{}',
  'null',
  'true',
  '-0',
];

const nested = (depth: number, leaf: Raw): Raw => '['.repeat(depth) + leaf + ']'.repeat(depth);

const rawValue: fc.Arbitrary<Raw> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 3, arbitrary: fc.constantFrom(...HAZARDS) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 20, max: 40 }), fc.constantFrom(...HAZARDS)).map(([d, leaf]) => nested(d, leaf)) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }).map(String) },
  { weight: 1, arbitrary: fc.double().map((n) => (Number.isFinite(n) ? String(n) : '1e999')) },
);

/** An object's JSON text from members whose values are already JSON text. */
const objectText = (members: readonly (readonly [string, Raw])[]): Raw =>
  `{${members.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;

/** The route's valid body as members, with paths the mutation may replace or add. */
interface BodyTemplate {
  /** Builds the body's text from a member map (fresh values per call, e.g. a new phone number). */
  readonly build: (overrides: ReadonlyMap<string, Raw>) => Raw;
  /** Member names a mutation picks from (a dotted name reaches into a nested object). */
  readonly fields: readonly string[];
  /** Values worth trying on this route besides the shared ones. */
  readonly values?: readonly Raw[];
}

let counter = 0;
const freshPhone = () => `"+1415${String(5_000_000 + (++counter % 4_000_000)).padStart(7, '0')}"`;

/** Members of an object, with overrides for `prefix.`-named fields applied and extra fields added. */
function members(base: Record<string, Raw>, overrides: ReadonlyMap<string, Raw>, prefix = ''): [string, Raw][] {
  const out = new Map(Object.entries(base));
  for (const [name, value] of overrides) {
    if (!name.startsWith(prefix)) continue;
    const rest = name.slice(prefix.length);
    if (!rest.includes('.')) out.set(rest, value);
  }
  return [...out];
}

const INTAKE: BodyTemplate = {
  fields: ['phone', 'name', 'email', 'lead_source', 'service_type', 'address', 'notes', 'external_id', 'utm_source', 'zip', 'custom'],
  build: (o) =>
    objectText(members({ phone: freshPhone(), name: '"Ana Lima"', email: '"ana@example.com"', service_type: '"Water heater"' }, o)),
};

/** The key the fixture's team gives Google lead forms (stored in beforeAll). */
const GOOGLE_KEY = 'glf_post-routes-property-key-0123456789abcdefghij';

const GOOGLE_LEAD: BodyTemplate = {
  fields: ['google_key', 'lead_id', 'user_column_data', 'is_test', 'gcl_id', 'campaign_id', 'api_version'],
  values: [JSON.stringify(GOOGLE_KEY), '[{"column_id":"PHONE_NUMBER"}]', '[{"column_id":"PHONE_NUMBER","string_value":12}]', '[null]'],
  build: (o) =>
    objectText(
      members(
        {
          google_key: JSON.stringify(GOOGLE_KEY),
          lead_id: `"prop-google-${++counter}"`,
          user_column_data: `[{"column_id":"FULL_NAME","string_value":"Ana Lima"},{"column_id":"PHONE_NUMBER","string_value":${freshPhone()}}]`,
          is_test: 'false',
          gcl_id: '"prop-gclid"',
          campaign_id: '20000000000',
        },
        o,
      ),
    ),
};

const VOICE_REPORT: BodyTemplate = {
  fields: [
    'message',
    'message.type',
    'message.cost',
    'message.endedReason',
    'message.recordingUrl',
    'message.summary',
    'message.call',
    'message.call.id',
    'message.call.duration',
    'message.call.metadata',
    'message.analysis',
    'message.artifact',
  ],
  build: (o) => {
    if (o.has('message')) return objectText(members({}, o));
    const call = objectText(members({ id: `"call_prop_${++counter}"`, type: '"inboundPhoneCall"' }, o, 'message.call.'));
    const message = objectText(
      members(
        {
          type: '"end-of-call-report"',
          call,
          endedReason: '"customer-ended-call"',
          summary: '"Asked about a quote"',
          artifact: objectText([['transcript', '"AI: Hello\\nUser: Hi"']]),
          cost: '0.12',
        },
        o,
        'message.',
      ),
    );
    return objectText([['message', message]]);
  },
};

const CAMPAIGN: BodyTemplate = {
  fields: [
    'campaign_type',
    'recipients',
    'recipient.name',
    'recipient.custom_fields',
    'message_template',
    'fallback_message',
    'schedule_time',
    'settings',
    'segmentation',
    'preflight',
  ],
  values: [
    '"Hi {constructor}"',
    '"Hi {toString}, {__proto__}"',
    '"Hi {hasOwnProperty}"',
    '"Hi {promo}"',
    '"{name}{name}{name}"',
    '{"toString":"x","__defineGetter__":"y"}',
    '{"valueOf":1}',
  ],
  build: (o) =>
    objectText(
      members(
        {
          campaign_type: '"marketing"',
          recipients: `[${objectText(members({ phone: freshPhone(), name: '"Ana"' }, o, 'recipient.'))}]`,
          message_template: '"Hi {name}, your tune-up is due"',
          settings: '{"respect_quiet_hours":false}',
          preflight: 'true',
        },
        o,
      ),
    ),
};

const CANCEL: BodyTemplate = {
  fields: ['reason', 'note'],
  build: (o) => objectText(members({ reason: '"typo"' }, o)),
};

const INBOUND: BodyTemplate = {
  fields: ['from', 'to', 'body', 'message_id', 'received_at'],
  // Words every object inherits, alone and among keywords and filler: the keyword lookup answered 500 on them.
  values: ['"Hi {constructor}"', '"constructor"', '"STOP constructor please"', '"__proto__"', '"toString valueOf"', '"pls constructor"'],
  build: (o) => objectText(members({ from: freshPhone(), body: '"STOP"', message_id: `"msg_prop_${++counter}"` }, o)),
};

const WEBHOOK: BodyTemplate = {
  fields: ['url', 'events', 'description'],
  build: (o) => objectText(members({ url: JSON.stringify(receiver.url('/prop')), events: '["lead.created"]' }, o)),
};

const REPLAY_SINCE = new Date(Date.now() - 3_600_000).toISOString();
const REPLAY: BodyTemplate = {
  fields: ['since', 'until', 'types'],
  // A valid since among the mutations, so some bodies get past validation; the range is a
  // millisecond wide, so an accepted replay finds no event and leaves the dispatcher idle.
  values: [JSON.stringify(REPLAY_SINCE)],
  build: (o) =>
    objectText(
      members({ since: JSON.stringify(REPLAY_SINCE), until: JSON.stringify(new Date(Date.parse(REPLAY_SINCE) + 1).toISOString()) }, o),
    ),
};

const DELETION: BodyTemplate = {
  fields: ['phone', 'email', 'team_ids'],
  values: ['"pat@example.com"', '"+12125550187"'],
  build: (o) => objectText(members({ phone: freshPhone() }, o)),
};

const EXPORT: BodyTemplate = {
  fields: ['resource', 'team_ids', 'start_date', 'end_date', 'format'],
  values: ['"calls"', '"sessions"', '"ndjson"', '"2026-01-01T00:00:00Z"', '"2027-13-01"'],
  // A month of the fixture's calls (none): an accepted export completes at once with no rows.
  build: (o) => objectText(members({ resource: '"calls"', start_date: '"2026-01-01T00:00:00Z"', end_date: '"2026-02-01T00:00:00Z"' }, o)),
};

const RESUME: BodyTemplate = {
  fields: ['resume_token'],
  values: ['"wrt_"', '"wrt_00000000000000000000000000000000"', '""'],
  build: (o) => objectText(members({ resume_token: '"wrt_0123456789abcdef0123456789abcdef"' }, o)),
};

const WIDGET_START: BodyTemplate = {
  fields: ['page_url', 'referrer', 'extra'],
  values: ['"https://acme.example/?utm_source=g&gclid=abc"', '"javascript:alert(1)"', '"http://"'],
  build: (o) => objectText(members({ page_url: '"https://acme.example/book?utm_source=google"', referrer: '""' }, o)),
};

const WIDGET_STEP: BodyTemplate = {
  fields: ['event_type', 'issue_type', 'job_type'],
  values: ['"issue_selected"', '"booking_started"', '"customer_info_completed"', '"booking_completed"', '"Repair"', '"Service"', '"Nope"'],
  build: (o) => objectText(members({ event_type: '"issue_selected"', issue_type: '"Repair"' }, o)),
};

/** The slot a visit's manage link moves it to (a day ahead: beyond the change cut-off); asked again, it answers 200 unchanged. */
let manageSlot: { date: string; time: string } | undefined;

const MANAGE_RESCHEDULE: BodyTemplate = {
  fields: ['date', 'time'],
  values: ['"2026-12-01"', '"09:00"', '"25:00"', '"2026-02-30"'],
  build: (o) =>
    objectText(members({ date: JSON.stringify(manageSlot?.date ?? '2026-12-01'), time: JSON.stringify(manageSlot?.time ?? '09:00') }, o)),
};

/** The manage path of a fresh widget booking (its token derived with the service's key, as the feed shows it). */
async function managedVisitPath(): Promise<string> {
  await widgetSchedulerReady();
  const sessionId = await bookLatestOpenSlot(service.url, fixture.teams.own.id, WIDGET_SCHEDULER, 'Repair');
  const stored = await new DynamoAppointmentStore(getDocumentClient(), { leads: physicalTableName('leads') }).getAppointment(sessionId);
  const token = stored && sealedToken(process.env.CURSOR_SECRET ?? '', sessionId, stored.manage);
  if (!stored || !token) throw new Error('the booking made no appointment with a manage link');
  manageSlot = stored.heldSlot ?? undefined;
  return `/widget/api/appointments/${token}`;
}

/** The platform path of a fresh widget booking's visit (an integrator's changes); its slot is the one the template moves it to. */
async function integratorVisitPath(): Promise<string> {
  await widgetSchedulerReady();
  const sessionId = await bookLatestOpenSlot(service.url, fixture.teams.own.id, WIDGET_SCHEDULER, 'Repair');
  const stored = await new DynamoAppointmentStore(getDocumentClient(), { leads: physicalTableName('leads') }).getAppointment(sessionId);
  if (!stored) throw new Error('the booking made no appointment');
  manageSlot = stored.heldSlot ?? undefined;
  return `/v1/appointments/${sessionId}`;
}

/** The platform path of a visit that started an hour ago (written as the demo seed writes visits): it may be completed or marked a no-show. */
async function startedVisitPath(): Promise<string> {
  const appointment = newAppointment(
    {
      appointment_id: `apt_started_${Date.now()}`,
      team_id: fixture.teams.own.id,
      scheduler_id: null,
      channel: 'call',
      customer: { name: 'Ana Lima', phone: '+13125550177', email: null, address: null },
      service: 'Repair',
      starts_at: new Date(Date.now() - 3_600_000).toISOString(),
      time_zone: 'America/Chicago',
      duration_minutes: 60,
      lead: { id: null, lead_id: null },
      session_id: null,
      call_id: null,
    },
    'staff',
    new Date(Date.now() - 86_400_000).toISOString(),
  );
  await new DynamoAppointmentStore(getDocumentClient(), { leads: physicalTableName('leads') }).putAppointments([
    { appointment, manage: { nonce: 'seeded', tokenHash: 'seeded' }, heldSlot: null, sessionStartedAt: null, version: 1 },
  ]);
  return `/v1/appointments/${appointment.appointment_id}`;
}

/** The first open slot of the widget's scheduler (its hours are the whole day: tomorrow always has one). */
let widgetSlot: { date: string; time: string } | undefined;

const WIDGET_BOOKING: BodyTemplate = {
  fields: ['issue_type', 'date', 'time', 'name', 'phone', 'email', 'address', 'website', 'job_type'],
  values: ['"Repair"', '"2026-02-30"', '"24:00"', '"not a phone"', '"a@b"', '"spam.example"'],
  build: (o) =>
    objectText(
      members(
        {
          issue_type: '"Repair"',
          date: JSON.stringify(widgetSlot?.date ?? '2026-01-01'),
          time: JSON.stringify(widgetSlot?.time ?? '10:00'),
          name: '"Ana Lima"',
          phone: freshPhone(),
          email: '"ana@example.com"',
          address: '"1 Main St"',
        },
        o,
      ),
    ),
};

/**
 * A body for a template: whole arbitrary JSON, the valid body, or the valid body with one to three
 * fields mutated. The valid body itself is drawn too, so every run reaches past validation: where
 * few mutations stay valid (an export's five fields), a run could otherwise draw none.
 */
function bodies(template: BodyTemplate): fc.Arbitrary<Raw> {
  const value = template.values ? fc.oneof(rawValue, fc.constantFrom(...template.values)) : rawValue;
  const mutated = fc
    .uniqueArray(fc.tuple(fc.constantFrom(...template.fields), value), { minLength: 1, maxLength: 3, selector: ([name]) => name })
    .map((changes) => template.build(new Map(changes)));
  return fc.oneof(
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: rawValue },
    { weight: 1, arbitrary: fc.constant(new Map<string, Raw>()).map((none) => template.build(none)) },
    { weight: 5, arbitrary: mutated },
  );
}

/** The surface's error body: intake `{success:false, error, code, request_id}`, platform `{success:false, error, message, request_id}`. */
function expectSurfaceError(surface: Surface, body: Record<string, unknown>): void {
  if (surface === 'read') {
    expect(body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  } else if (surface === 'intake') {
    expect(body).toMatchObject({ success: false, error: expect.any(String), code: expect.any(String), request_id: expect.any(String) });
  } else {
    expect(body).toMatchObject({ success: false, error: expect.any(String), message: expect.any(String), request_id: expect.any(String) });
  }
}

let service: LocalService;
let fixture: TenancyFixture;
let receiver: WebhookReceiver;
let key: string;
/** Exports need read:exports, which only an all-teams key holds, and the resource's own read permission. */
let exportKey: string;
const figures: { route: string; bodies: number; byStatus: Record<number, number> }[] = [];

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, queueVisibilityTimeoutSeconds: 0.05 });
  fixture = await createTenancyFixture();
  key = await fixture.createKey('enterprise', [
    'write:leads',
    'write:calls',
    'write:sms_campaigns',
    'write:webhooks',
    'write:appointments',
    'write:data_deletions',
  ]);
  exportKey = await fixture.createKey('enterprise_all_teams', ['read:exports', 'read:calls']);
  receiver = await new WebhookReceiver().start();
  await new DynamoIntakeConfigStore(getDocumentClient(), physicalTableName('teams')).putGoogleLeadFormKey(
    fixture.teams.own.id,
    rotatedGoogleKey(null, GOOGLE_KEY, new Date()),
  );
});

afterAll(async () => {
  if (process.env.PROPERTY_REPORT) {
    for (const f of figures) console.log(`${f.route}: ${f.bodies} bodies, statuses ${JSON.stringify(f.byStatus)}`);
  }
  await service?.stop();
  await receiver?.stop();
});

async function createScheduledCampaign(): Promise<string> {
  const res = await post(
    '/v1/messaging/sms/campaign',
    CAMPAIGN.build(
      new Map([
        ['preflight', 'false'],
        ['schedule_time', JSON.stringify(new Date(Date.now() + 3_600_000).toISOString())],
      ]),
    ),
    null,
  );
  expect(res.status).toBe(202);
  return (res.body.data as { campaign_id: string }).campaign_id;
}

/** One webhook of the fixture's team for the routes under /v1/webhooks/{id} (made before createWebhook's case fills the workspace). */
let webhookId: Promise<string> | undefined;
function sharedWebhook(): Promise<string> {
  webhookId ??= post('/v1/webhooks', WEBHOOK.build(new Map()), null).then((res) => {
    expect(res.status).toBe(201);
    return (res.body.data as { id: string }).id;
  });
  return webhookId;
}

async function deliveredOnce(): Promise<string> {
  const id = await sharedWebhook();
  const res = await post(`/v1/webhooks/${id}/test`, '{}', null);
  expect(res.status).toBe(202);
  await service.settle();
  return `/v1/webhooks/${id}/deliveries/${(res.body.data as { id: string }).id}/redeliver`;
}

function post(
  path: string,
  raw: Raw,
  idempotencyKey: string | null,
  headers: Readonly<Record<string, string>> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  return postRawJson(`${service.url}${path}`, raw, {
    authorization: `Bearer ${key}`,
    'x-workspace-id': fixture.teams.own.workspaceId,
    ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
    ...headers,
  });
}

const WIDGET_SCHEDULER = 7;
let widgetScheduler: Promise<void> | undefined;
/** A scheduler of the fixture's team open all day every day, booking from now on. */
function widgetSchedulerReady(): Promise<void> {
  widgetScheduler ??= new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams'))
    .putScheduler(
      fixture.teams.own.id,
      WIDGET_SCHEDULER,
      {
        name: 'Property widget',
        services: ['Repair'],
        job_types: ['Service'],
        service_areas: [],
        time_zone: 'America/New_York',
        hours: Object.fromEntries(WEEKDAYS.map((day) => [day, { open: '00:00', close: '23:59' }])) as SchedulerSettingsInput['hours'],
        lead_time_minutes: 0,
        capacity_per_slot: 100,
      },
      new Date(),
    )
    .then(() => undefined);
  return widgetScheduler;
}
const widgetPath = () => `/widget/api/${fixture.teams.own.id}/${WIDGET_SCHEDULER}`;

/** A fresh widget session's token header; for the booking route, a session old enough to book and the first open slot. */
async function widgetToken(forBooking = false): Promise<Record<string, string>> {
  await widgetSchedulerReady();
  const started = await post(`${widgetPath()}/sessions`, '{}', null);
  expect(started.status).toBe(201);
  if (forBooking) {
    const slots = (await (await fetch(`${service.url}${widgetPath()}/availability?days=2`)).json()) as {
      days: { date: string; slots: { time: string }[] }[];
    };
    const day = slots.days.find((d) => d.slots.length > 0);
    widgetSlot = { date: day?.date ?? '', time: day?.slots[0]?.time ?? '' };
    await new Promise((resolve) => setTimeout(resolve, 3_100));
  }
  return { 'x-widget-token': started.body.token as string };
}

const routeCases: {
  id: string;
  template: BodyTemplate;
  path: () => Promise<string>;
  headers?: () => Promise<Record<string, string>>;
  /**
   * No body is accepted: a resume token is only ever minted by a drop-off's recovery, so random
   * bodies can only be refused (the resume and book path is test/e2e/booking-recovery.test.ts).
   */
  refusesAll?: true;
}[] = [
  { id: 'ingestLead', template: INTAKE, path: async () => '/api/outbound/speed-to-lead/ingest' },
  { id: 'receiveVoiceReport', template: VOICE_REPORT, path: async () => '/v1/responder/webhook' },
  { id: 'createSmsCampaign', template: CAMPAIGN, path: async () => '/v1/messaging/sms/campaign' },
  { id: 'cancelSmsCampaign', template: CANCEL, path: async () => `/v1/messaging/sms/campaign/${await createScheduledCampaign()}/cancel` },
  { id: 'receiveInboundSms', template: INBOUND, path: async () => '/v1/messaging/sms/inbound' },
  { id: 'testWebhook', template: CANCEL, path: async () => `/v1/webhooks/${await sharedWebhook()}/test` },
  { id: 'rotateWebhookSecret', template: CANCEL, path: async () => `/v1/webhooks/${await sharedWebhook()}/rotate-secret` },
  { id: 'enableWebhook', template: CANCEL, path: async () => `/v1/webhooks/${await sharedWebhook()}/enable` },
  { id: 'redeliverWebhook', template: CANCEL, path: deliveredOnce },
  { id: 'createDataSubjectDeletion', template: DELETION, path: async () => '/v1/data-subject-deletions' },
  { id: 'replayWebhook', template: REPLAY, path: async () => `/v1/webhooks/${await sharedWebhook()}/replay` },
  {
    id: 'createExport',
    template: EXPORT,
    path: async () => '/api/v1/exports',
    headers: async () => ({ authorization: `Bearer ${exportKey}` }),
  },
  { id: 'resumeWidgetSession', template: RESUME, path: async () => '/widget/api/sessions/resume', refusesAll: true },
  { id: 'createWebhook', template: WEBHOOK, path: async () => '/v1/webhooks' },
  { id: 'receiveGoogleAdsLead', template: GOOGLE_LEAD, path: async () => `/api/outbound/google-ads/lead-form/${fixture.teams.own.id}` },
  {
    id: 'startWidgetSession',
    template: WIDGET_START,
    path: async () => {
      await widgetSchedulerReady();
      return `${widgetPath()}/sessions`;
    },
  },
  { id: 'recordWidgetStep', template: WIDGET_STEP, path: async () => '/widget/api/session/events', headers: () => widgetToken() },
  { id: 'bookWidgetSession', template: WIDGET_BOOKING, path: async () => '/widget/api/session/booking', headers: () => widgetToken(true) },
  { id: 'rescheduleManagedAppointment', template: MANAGE_RESCHEDULE, path: async () => `${await managedVisitPath()}/reschedule` },
  { id: 'cancelManagedAppointment', template: CANCEL, path: async () => `${await managedVisitPath()}/cancel` },
  { id: 'rescheduleAppointment', template: MANAGE_RESCHEDULE, path: async () => `${await integratorVisitPath()}/reschedule` },
  { id: 'cancelAppointment', template: CANCEL, path: async () => `${await integratorVisitPath()}/cancel` },
  { id: 'completeAppointment', template: CANCEL, path: async () => `${await startedVisitPath()}/complete` },
  { id: 'markAppointmentNoShow', template: CANCEL, path: async () => `${await startedVisitPath()}/no-show` },
];

describe('arbitrary JSON on every POST route', () => {
  it('covers every POST route of the route table', () => {
    const posts = ROUTES.filter((r) => r.method === 'POST').map((r) => r.id);
    expect(routeCases.map((c) => c.id).sort()).toEqual([...posts].sort());
  });

  it.each(routeCases)(
    '$id never answers a 5xx and refuses in the surface error body',
    async ({ id, template, path, headers, refusesAll }) => {
      const route = ROUTES.find((r) => r.id === id);
      if (!route) throw new Error(`no route ${id}`);
      const target = await path();
      const extraHeaders = headers ? await headers() : {};
      const byStatus: Record<number, number> = {};
      let count = 0;

      await fc.assert(
        fc.asyncProperty(
          bodies(template),
          fc.option(fc.string({ unit: 'grapheme-ascii', maxLength: 300 }), { freq: 4 }),
          async (raw, idempotencyKey) => {
            const res = await post(target, raw, idempotencyKey, extraHeaders);
            count += 1;
            byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
            expect(res.status).toBeLessThan(500);
            if (res.status >= 400) expectSurfaceError(route.surface, res.body);
          },
        ),
        { numRuns: RUNS },
      );
      await service.settle();

      figures.push({ route: `${route.method} ${route.path}`, bodies: count, byStatus });
      for (const queue of service.queues.values()) expect(queue.deadLetters).toEqual([]);
      // Refusals and acceptances both happened: the generator reaches past validation.
      expect(Object.keys(byStatus).some((s) => Number(s) < 300)).toBe(!refusesAll);
      expect(Object.keys(byStatus).some((s) => Number(s) >= 400)).toBe(true);
    },
  );
});
