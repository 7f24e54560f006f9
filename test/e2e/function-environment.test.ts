import { randomUUID } from 'node:crypto';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { hashApiKey } from '#shared/auth/api-key';
import { ALL_PERMISSIONS } from '#shared/auth/permissions';
import { signRecordingLink } from '#shared/auth/recording-link';
import { rotatedGoogleKey } from '#shared/domain/intake/google-lead-form';
import { type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import { ROUTES } from '#shared/routes';
import { WORKERS } from '#shared/workers/definitions';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { sandboxRecordingUrl } from '../../local/sandbox/recordings';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';
import { WebhookReceiver } from '../support/webhook-receiver';

// Warnings and errors are captured (below) and reported by the test that caused them; nothing else is logged.
process.env.LOG_LEVEL = 'warn';
process.env.SMS_SEND_RATE_PER_SECOND = '0';
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';

/**
 * Every function runs with exactly the environment the stack gives it: the local runtime loads and
 * runs each handler with only the tables, resources and cursor key its route or worker rows declare
 * (local/runtime/function-environment.ts; test/infra/function-environment.test.ts checks those against the
 * synthesized template, and loads every handler with the template's environment). Here one
 * representative request per route row, and the worker runs they cause, go through the local
 * runtime: a handler that reaches a table or resource its row does not declare answers 5xx (or
 * dead-letters its message) here, as it would in AWS, and the error naming the row is reported.
 */

interface Probe {
  readonly status: number;
  readonly request: () => Promise<{ status: number; body: unknown }>;
}

let service: LocalService;
let fixture: TenancyFixture;
let key: string;
/** A manage link no visit has: the manage function loads, reads its tables and answers 404. */
const UNKNOWN_MANAGE_PATH = `/widget/api/appointments/ses_unknown.${'A'.repeat(43)}`;
/** Warnings and errors logged during the current request probe; everyError keeps them all (workers log theirs between probes). */
const errors: string[] = [];
const everyError: string[] = [];
let campaignId = '';
let scheduledCampaignId = '';
let stlCallId = 0;
let exportId = '';
/** The call of the simulated report, which the coach worker evaluates. */
let reportedCallId = '';
let receiver: WebhookReceiver;
let webhookId = '';
let webhookDeliveryId = '';
let webhookReplayId = '';
let deletionId = '';

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    dataDir: undefined,
    seed: false,
    simulateCallReports: true,
    callReportDelayMs: 0,
    queueVisibilityTimeoutSeconds: 0.05,
  });
  fixture = await createTenancyFixture();
  key = await fixture.createKey('enterprise_all_teams', ALL_PERMISSIONS);
  receiver = await new WebhookReceiver().start();
  const write = process.stderr.write.bind(process.stderr);
  jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = String(chunk);
    if (text.includes('"level":"error"') || text.includes('"level":"warn"')) {
      errors.push(text.trim());
      everyError.push(text.trim());
      return true;
    }
    return write(chunk, ...(rest as []));
  });
});
afterAll(async () => {
  jest.restoreAllMocks();
  await service?.stop();
  await receiver?.stop();
});

async function fetchPage(path: string): Promise<{ status: number; body: { bytes: number } }> {
  const response = await fetch(`${service.url}${path}`);
  return { status: response.status, body: { bytes: (await response.arrayBuffer()).byteLength } };
}

async function send(path: string, init: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${service.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${key}`,
      'x-workspace-id': fixture.teams.own.workspaceId,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** A call with a sandbox recording, stored directly (the recording route only reads calls). */
async function storedCallOf(team: { id: number }) {
  const providerCallId = `prov_${randomUUID()}`;
  const call = {
    call_id: randomUUID(),
    team_id: team.id,
    provider_call_id: providerCallId,
    type: 'inboundPhoneCall',
    direction: 'inbound' as const,
    customer: { name: null, phone: null },
    started_at: '2026-03-01T15:00:00.000Z',
    ended_at: null,
    duration_seconds: null,
    transcript: null,
    summary: null,
    recording_url: sandboxRecordingUrl(providerCallId),
    analysis: { call_reason: null, sentiment: null, booking_intent: null, urgency: null },
    ended_reason: null,
    cost: null,
    appointment_id: null,
    ticket_id: null,
    lead_id: null,
    stl_call_id: null,
    created_at: '2026-03-01T15:00:00.000Z',
  };
  await new DynamoCallStore(getDocumentClient(), physicalTableName('calls')).putCalls([call]);
  return call;
}

const post = (path: string, body: unknown) => send(path, { method: 'POST', body });

const WIDGET_SCHEDULER = 3;
let widgetToken = '';
let widgetSlot = { date: '', time: '' };
/** A scheduler of the fixture's team open all day every day, booking from now on. */
async function putWidgetScheduler(): Promise<void> {
  await new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams')).putScheduler(
    teamId(),
    WIDGET_SCHEDULER,
    {
      name: 'Environment widget',
      services: ['Repair'],
      job_types: ['Service'],
      service_areas: [],
      time_zone: 'America/New_York',
      hours: Object.fromEntries(WEEKDAYS.map((day) => [day, { open: '00:00', close: '23:59' }])) as SchedulerSettingsInput['hours'],
      lead_time_minutes: 0,
    },
    new Date(),
  );
}
const teamId = () => fixture.teams.own.id;
const campaign = (extra: Record<string, unknown> = {}) => ({
  campaign_type: 'seasonal_promotion',
  recipients: [
    { phone: '+13125550100', name: 'Ana' },
    { phone: '+13125550101', name: 'Ben' },
  ],
  message_template: 'Hi {name}, your tune-up is 20% off this week.',
  settings: { include_opt_out: true, respect_quiet_hours: false },
  ...extra,
});

/** One representative request per route row, in this order: later ones use what earlier ones created. */
const PROBES: Readonly<Record<string, Probe>> = {
  getOpenApi: { status: 200, request: () => send('/api/openapi.json') },
  listTeams: { status: 200, request: () => send('/api/teams') },
  listTeamSessions: { status: 200, request: () => send(`/api/v1/teams/${teamId()}/sessions`) },
  listSessions: { status: 200, request: () => send(`/api/v1/sessions?team_id=${teamId()}`) },
  listBookings: { status: 200, request: () => send(`/api/v1/bookings?team_id=${teamId()}`) },
  getTeamFunnel: { status: 200, request: () => send(`/api/v1/teams/${teamId()}/analytics/funnel`) },
  getFunnel: { status: 200, request: () => send(`/api/v1/analytics/funnel?team_id=${teamId()}`) },
  getSchedulerAnalytics: {
    status: 200,
    request: () => send('/api/scheduler-analytics?metrics=funnel,chartData', { headers: { 'x-team-id': String(teamId()) } }),
  },
  listUnifiedLeads: { status: 200, request: () => send('/api/leads', { headers: { 'x-team-id': String(teamId()) } }) },
  listTeamLeads: { status: 200, request: () => send(`/api/v1/teams/${teamId()}/leads`) },
  listCalls: { status: 200, request: () => send('/api/calls', { headers: { 'x-team-id': String(teamId()) } }) },
  listSupportTickets: { status: 200, request: () => send(`/api/v1/enterprise/${fixture.enterpriseA}/support-tickets`) },
  listAuditLog: { status: 200, request: () => send('/api/v1/audit-log?action=webhook.created') },
  createExport: {
    status: 202,
    request: async () => {
      const response = await post('/api/v1/exports', {
        resource: 'calls',
        start_date: '2026-01-01T00:00:00Z',
        end_date: '2026-02-01T00:00:00Z',
      });
      exportId = (response.body as { export_id?: string }).export_id ?? '';
      return response;
    },
  },
  getExport: { status: 200, request: () => send(`/api/v1/exports/${exportId}`) },
  ingestLead: {
    status: 201,
    request: async () => {
      const response = await post('/api/outbound/speed-to-lead/ingest', {
        first_name: 'Lee',
        phone: '+12125550142',
        service_type: 'AC repair',
        external_id: 'function-environment-1',
      });
      stlCallId = (response.body as { stl_call_id?: number }).stl_call_id ?? 0;
      return response;
    },
  },
  // Public: Google's post carries the team's key in the body, no credential header.
  receiveGoogleAdsLead: {
    status: 200,
    request: async () => {
      const googleKey = 'glf_function-environment-key-0123456789abcdefghijkl';
      const configs = new DynamoIntakeConfigStore(getDocumentClient(), physicalTableName('teams'));
      await configs.putGoogleLeadFormKey(teamId(), rotatedGoogleKey(null, googleKey, new Date()));
      const response = await fetch(`${service.url}/api/outbound/google-ads/lead-form/${teamId()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          lead_id: 'function-environment-google-1',
          google_key: googleKey,
          user_column_data: [{ column_id: 'PHONE_NUMBER', string_value: '+12125550143' }],
        }),
      });
      return { status: response.status, body: await response.json() };
    },
  },
  // The outreach worker places the call; the simulated end-of-call report goes through the gateway to the voice webhook.
  receiveVoiceReport: {
    status: 201,
    request: async () => {
      await service.settle();
      const call = service.voice.calls.find((c) => c.request.metadata.stl_call_id === stlCallId);
      const report = service.callReports?.sent.find((r) => r.providerCallId === call?.providerCallId);
      reportedCallId = (report?.response as { data?: { callId?: string } } | undefined)?.data?.callId ?? '';
      return { status: report?.status ?? 0, body: report?.response ?? 'no report was sent: the outreach call was not placed' };
    },
  },
  createSmsCampaign: {
    status: 202,
    request: async () => {
      const response = await post('/v1/messaging/sms/campaign', campaign());
      campaignId = (response.body as { data?: { campaign_id?: string } }).data?.campaign_id ?? '';
      const later = new Date(Date.now() + 86_400_000).toISOString();
      const scheduled = await post('/v1/messaging/sms/campaign', campaign({ schedule_time: later }));
      scheduledCampaignId = (scheduled.body as { data?: { campaign_id?: string } }).data?.campaign_id ?? '';
      return response.status === 202 ? scheduled : response;
    },
  },
  // The campaign sender has sent the first campaign.
  getSmsCampaign: {
    status: 200,
    request: async () => {
      await service.settle();
      return send(`/v1/messaging/sms/campaign/${campaignId}`);
    },
  },
  cancelSmsCampaign: { status: 200, request: () => post(`/v1/messaging/sms/campaign/${scheduledCampaignId}/cancel`, {}) },
  getCall: { status: 200, request: () => send(`/api/calls/${reportedCallId}`, { headers: { 'x-team-id': String(teamId()) } }) },
  getCallTranscript: {
    status: 200,
    request: () => send(`/api/calls/${reportedCallId}/transcript`, { headers: { 'x-team-id': String(teamId()) } }),
  },
  listCallTransfers: { status: 200, request: () => send('/api/call-transfers', { headers: { 'x-team-id': String(teamId()) } }) },
  receiveInboundSms: { status: 200, request: () => post('/v1/messaging/sms/inbound', { from: '+13125550100', body: 'STOP' }) },
  // The coach worker has evaluated the simulated report's call.
  listCoachEvaluations: {
    status: 200,
    request: async () => {
      await service.settle();
      return send('/api/coach', { headers: { 'x-team-id': String(teamId()) } });
    },
  },
  getCoachEvaluation: { status: 200, request: () => send(`/api/coach/${reportedCallId}`, { headers: { 'x-team-id': String(teamId()) } }) },
  listCoachRubrics: { status: 200, request: () => send('/api/coach/rubrics', { headers: { 'x-team-id': String(teamId()) } }) },
  listTeamSchedulers: { status: 200, request: () => send(`/api/v1/teams/${teamId()}/schedulers`) },
  listTeamAppointments: { status: 200, request: () => send(`/api/v1/teams/${teamId()}/appointments?status=scheduled`) },
  listTeamBookingRequests: { status: 200, request: () => send(`/api/v1/teams/${teamId()}/booking-requests?status=failed`) },
  listOutboundTexts: { status: 200, request: () => send(`/api/v1/teams/${teamId()}/outbound/texts?campaign_id=${campaignId}`) },
  listSubscriptionEvents: { status: 200, request: () => send(`/api/v1/teams/${teamId()}/outbound/subscription-events?type=opt_out`) },
  getCallRecording: {
    status: 200,
    request: async () => {
      const call = { ...(await storedCallOf(fixture.teams.own)) };
      const record = await fixture.store.getApiKeyByHash(hashApiKey(key));
      if (!record) throw new Error('the probe key is not stored');
      const { url } = signRecordingLink({
        callId: call.call_id,
        teamId: call.team_id,
        keyId: record.keyId,
        now: new Date(),
        baseUrl: service.url,
        secret: process.env.CURSOR_SECRET ?? '',
      });
      // No credential: the route is public. The body is audio, not JSON.
      const response = await fetch(url);
      return { status: response.status, body: { bytes: (await response.arrayBuffer()).byteLength } };
    },
  },
  getMe: { status: 200, request: () => send('/api/v1/me') },
  // Public pages: no credential; the bodies are HTML, JavaScript and CSS, not JSON.
  getApiDocs: { status: 200, request: () => fetchPage('/api/docs') },
  getApiDocsAsset: { status: 200, request: () => fetchPage('/api/docs/assets/docs.js') },
  getConsole: { status: 200, request: () => fetchPage('/console') },
  getConsoleAsset: { status: 200, request: () => fetchPage('/console/assets/console.css') },
  // The scheduling widget: public, a session's routes by its token.
  getBookingPage: {
    status: 200,
    request: async () => {
      await putWidgetScheduler();
      return fetchPage(`/widget/${teamId()}/${WIDGET_SCHEDULER}`);
    },
  },
  getWidgetAsset: { status: 200, request: () => fetchPage('/widget/assets/widget.js') },
  startWidgetSession: {
    status: 201,
    request: async () => {
      const response = await post(`/widget/api/${teamId()}/${WIDGET_SCHEDULER}/sessions`, {});
      widgetToken = (response.body as { token?: string }).token ?? '';
      return response;
    },
  },
  getWidgetAvailability: {
    status: 200,
    request: async () => {
      const response = await send(`/widget/api/${teamId()}/${WIDGET_SCHEDULER}/availability?days=2`);
      const days = (response.body as { days?: { date: string; slots: { time: string }[] }[] }).days ?? [];
      const day = days.find((d) => d.slots.length > 0);
      widgetSlot = { date: day?.date ?? '', time: day?.slots[0]?.time ?? '' };
      return response;
    },
  },
  getWidgetSession: { status: 200, request: () => send('/widget/api/session', { headers: { 'x-widget-token': widgetToken } }) },
  // The session's row is read (the ref of the widget session started above) and holds no resume seal: 404.
  resumeWidgetSession: {
    status: 404,
    request: () =>
      send('/widget/api/sessions/resume', {
        method: 'POST',
        body: { resume_token: `wrt_${widgetToken.replace(/^wst_/, '').split('.')[0]}.${'A'.repeat(43)}` },
      }),
  },
  recordWidgetStep: {
    status: 200,
    request: () =>
      send('/widget/api/session/events', {
        method: 'POST',
        body: { event_type: 'issue_selected', issue_type: 'Repair' },
        headers: { 'x-widget-token': widgetToken },
      }),
  },
  bookWidgetSession: {
    status: 200,
    request: async () => {
      // A booking faster than a person is refused: the session must be a few seconds old.
      await new Promise((resolve) => setTimeout(resolve, 3_100));
      return send('/widget/api/session/booking', {
        method: 'POST',
        body: {
          issue_type: 'Repair',
          ...widgetSlot,
          name: 'Ana Lima',
          phone: '+13125550177',
          email: 'ana@example.com',
          address: '1 Main St',
        },
        headers: { 'x-widget-token': widgetToken },
      });
    },
  },
  getManagePage: { status: 200, request: () => fetchPage(UNKNOWN_MANAGE_PATH.replace('/api/appointments/', '/manage/')) },
  getManagedAppointment: { status: 404, request: () => send(`${UNKNOWN_MANAGE_PATH}`) },
  rescheduleManagedAppointment: {
    status: 404,
    request: () => send(`${UNKNOWN_MANAGE_PATH}/reschedule`, { method: 'POST', body: { date: '2026-12-01', time: '09:00' } }),
  },
  cancelManagedAppointment: { status: 404, request: () => send(`${UNKNOWN_MANAGE_PATH}/cancel`, { method: 'POST', body: {} }) },
  getManagedAppointmentCalendar: { status: 404, request: () => send(`${UNKNOWN_MANAGE_PATH}/calendar.ics`) },
  // An appointment id no visit has: the change function loads, resolves the workspace, reads its tables and answers 404.
  rescheduleAppointment: {
    status: 404,
    request: () => send('/v1/appointments/apt_unknown/reschedule', { method: 'POST', body: { date: '2026-12-01', time: '09:00' } }),
  },
  cancelAppointment: { status: 404, request: () => send('/v1/appointments/apt_unknown/cancel', { method: 'POST', body: {} }) },
  completeAppointment: { status: 404, request: () => send('/v1/appointments/apt_unknown/complete', { method: 'POST', body: {} }) },
  markAppointmentNoShow: { status: 404, request: () => send('/v1/appointments/apt_unknown/no-show', { method: 'POST', body: {} }) },
  createWebhook: {
    status: 201,
    request: async () => {
      const response = await post('/v1/webhooks', { url: receiver.url('/env'), events: ['lead.created', 'sms_campaign.completed'] });
      webhookId = (response.body as { data?: { id?: string } }).data?.id ?? '';
      return response;
    },
  },
  listWebhooks: { status: 200, request: () => send('/v1/webhooks') },
  getWebhook: { status: 200, request: () => send(`/v1/webhooks/${webhookId}`) },
  rotateWebhookSecret: { status: 200, request: () => post(`/v1/webhooks/${webhookId}/rotate-secret`, {}) },
  enableWebhook: { status: 200, request: () => post(`/v1/webhooks/${webhookId}/enable`, {}) },
  // The dispatcher delivers the test event to the receiver.
  testWebhook: {
    status: 202,
    request: async () => {
      const response = await post(`/v1/webhooks/${webhookId}/test`, {});
      webhookDeliveryId = (response.body as { data?: { id?: string } }).data?.id ?? '';
      await service.settle();
      return response;
    },
  },
  listWebhookDeliveries: { status: 200, request: () => send(`/v1/webhooks/${webhookId}/deliveries`) },
  redeliverWebhook: {
    status: 202,
    request: async () => {
      const response = await post(`/v1/webhooks/${webhookId}/deliveries/${webhookDeliveryId}/redeliver`, {});
      await service.settle();
      return response;
    },
  },
  replayWebhook: {
    status: 202,
    request: async () => {
      const response = await post(`/v1/webhooks/${webhookId}/replay`, { since: new Date(Date.now() - 3_600_000).toISOString() });
      webhookReplayId = (response.body as { data?: { id?: string } }).data?.id ?? '';
      await service.settle();
      return response;
    },
  },
  getWebhookReplay: { status: 200, request: () => send(`/v1/webhooks/${webhookId}/replays/${webhookReplayId}`) },
  deleteWebhook: { status: 200, request: () => send(`/v1/webhooks/${webhookId}`, { method: 'DELETE' }) },
  createDataSubjectDeletion: {
    status: 202,
    request: async () => {
      const response = await post('/v1/data-subject-deletions', { phone: '+12125550199' });
      deletionId = (response.body as { data?: { id?: string } }).data?.id ?? '';
      await service.settle();
      return response;
    },
  },
  getDataSubjectDeletion: { status: 200, request: () => send(`/v1/data-subject-deletions/${deletionId}`) },
};

describe('every function through the local runtime, each with only what its rows declare', () => {
  it('has a representative request for every route row', () => {
    expect(Object.keys(PROBES).sort()).toEqual(ROUTES.map((route) => route.id).sort());
  });

  for (const [routeId, probe] of Object.entries(PROBES)) {
    it(`${routeId}: answers ${probe.status}`, async () => {
      errors.length = 0;
      const { status, body } = await probe.request();
      expect({ routeId, status, errors }).toEqual({ routeId, status: probe.status, errors: [] });
      expect(body).not.toBeNull();
    });
  }

  it('ran every worker, and nothing failed or was dead-lettered', async () => {
    await service.settle();
    expect(new Set(WORKERS.map((worker) => worker.queue))).toEqual(new Set(service.queues.keys()));
    const deadLetters = [...service.queues].map(([name, queue]) => ({ name, deadLetters: queue.deadLetters.length }));
    expect({ deadLetters, errors: everyError }).toEqual({
      deadLetters: deadLetters.map(({ name }) => ({ name, deadLetters: 0 })),
      errors: [],
    });
    expect(service.voice.calls.some((call) => call.request.metadata.stl_call_id === stlCallId)).toBe(true);
    expect(service.sms.sent.filter((text) => text.reference.startsWith(campaignId))).toHaveLength(2);
    // The test event and its redelivery, and any lead.created or sms_campaign.completed the outbox
    // published after the subscription was made (it publishes shortly after the commit): all answered.
    const statuses = receiver.on('/env').map((r) => r.status);
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});
