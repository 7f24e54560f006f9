import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { suppressionPk } from '#shared/adapters/dynamodb/suppression-list';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { CallRecord } from '#shared/domain/calls';
import type { Team } from '#shared/domain/tenancy';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { sandboxRecordingUrl } from '../../local/sandbox/recordings';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';
process.env.SMS_SEND_RATE_PER_SECOND = '0';

type Json = Record<string, unknown>;
const PHONE = '+12125550187';
const EMAIL = 'Pat.Deleted@example.com';

let service: LocalService;
let fixture: TenancyFixture;
/** Both teams of the enterprise: leads, calls, texts and deletions. */
let key: string;
let withoutPermission: string;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, queueVisibilityTimeoutSeconds: 0.05 });
  fixture = await createTenancyFixture();
  key = await fixture.createKey('enterprise_all_teams', [
    'write:data_deletions',
    'write:leads',
    'read:leads',
    'read:calls',
    'read:transcripts',
    'write:sms_campaigns',
  ]);
  withoutPermission = await fixture.createKey('enterprise_all_teams', ['write:leads', 'read:leads']);
});
afterAll(() => service?.stop());

async function call(method: string, path: string, options: { body?: unknown; key?: string; headers?: Json } = {}) {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${options.key ?? key}`,
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.headers as Record<string, string> | undefined),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json, text };
}

async function ingest(team: Team, externalId: string) {
  const answer = await call('POST', '/api/outbound/speed-to-lead/ingest', {
    body: { name: 'Pat Deleted', phone: PHONE, email: EMAIL, service_type: 'AC repair', external_id: externalId },
    key: await fixture.createKey('enterprise', ['write:leads'], { team }),
  });
  expect(answer.status).toBe(201);
}

function callOf(team: Team): CallRecord {
  const providerCallId = `prov_${randomUUID()}`;
  return {
    call_id: randomUUID(),
    team_id: team.id,
    provider_call_id: providerCallId,
    type: 'inboundPhoneCall',
    direction: 'inbound',
    customer: { name: 'Pat Deleted', phone: PHONE },
    started_at: new Date(Date.now() - 3_600_000).toISOString(),
    ended_at: new Date(Date.now() - 3_500_000).toISOString(),
    duration_seconds: 100,
    transcript: 'AI: Hello. Customer: This is Pat, my number is 212 555 0187.',
    summary: 'Pat asked for an AC repair.',
    recording_url: sandboxRecordingUrl(providerCallId),
    analysis: { call_reason: 'AC repair', sentiment: null, booking_intent: null, urgency: null },
    ended_reason: null,
    cost: null,
    appointment_id: null,
    ticket_id: null,
    lead_id: null,
    stl_call_id: null,
    created_at: new Date().toISOString(),
  };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('deletion on request through the local gateway', () => {
  let ownCall: CallRecord;
  let siblingCall: CallRecord;

  beforeAll(async () => {
    const { own, sibling } = fixture.teams;
    await ingest(own, `dsd-own-${Date.now()}`);
    await ingest(sibling, `dsd-sibling-${Date.now()}`);
    ownCall = callOf(own);
    siblingCall = callOf(sibling);
    await new DynamoCallStore(getDocumentClient(), physicalTableName('calls')).putCalls([ownCall, siblingCall]);
    const stop = await call('POST', '/v1/messaging/sms/inbound', {
      body: { from: PHONE, body: 'STOP', message_id: `dsd-${Date.now()}` },
      headers: { 'x-workspace-id': own.workspaceId },
    });
    expect(stop.status).toBeLessThan(300);
    await service.settle();
  });

  it('refuses a key without write:data_deletions (403) and a request naming nobody (400 naming phone)', async () => {
    const refused = await call('POST', '/v1/data-subject-deletions', { body: { phone: PHONE }, key: withoutPermission });
    expect(refused.status).toBe(403);
    const nobody = await call('POST', '/v1/data-subject-deletions', { body: {} });
    expect([nobody.status, nobody.body.field]).toEqual([400, 'phone']);
    const badPhone = await call('POST', '/v1/data-subject-deletions', { body: { phone: 'call me' } });
    expect([badPhone.status, badPhone.body.field]).toEqual([400, 'phone']);
  });

  it("removes the person's lead and call, keeps the opt-out, leaves the other team's data, and answers again with the same deletion", async () => {
    const { own, sibling } = fixture.teams;
    const asked = await call('POST', '/v1/data-subject-deletions', { body: { phone: '(212) 555-0187', team_ids: [own.id] } });
    expect(asked.status).toBe(202);
    const id = String((asked.body.data as Json).id);
    expect(asked.text).not.toContain(PHONE);

    const done = await until(
      () => call('GET', `/v1/data-subject-deletions/${id}`),
      (r) => (r.body.data as Json | undefined)?.status === 'completed',
    );
    const data = done.body.data as Json;
    expect(data).toMatchObject({ status: 'completed', team_ids: [own.id], completed_at: expect.any(String) });
    expect(data.counts).toMatchObject({ leads: 1, calls: 1 });

    const leads = await call('GET', `/api/v1/teams/${own.id}/leads`);
    expect(leads.status).toBe(200);
    expect(leads.text).not.toContain(PHONE);
    expect(leads.text.toLowerCase()).not.toContain(EMAIL.toLowerCase());
    const detail = await call('GET', `/api/calls/${ownCall.call_id}`, { headers: { 'x-team-id': String(own.id) } });
    expect(detail.text).not.toContain(PHONE);
    expect(detail.text).not.toContain('Pat');
    expect(detail.text).not.toContain('recordings.example.com');

    const siblingLeads = await call('GET', `/api/v1/teams/${sibling.id}/leads`);
    expect(siblingLeads.text).toContain(PHONE);
    const siblingDetail = await call('GET', `/api/calls/${siblingCall.call_id}`, { headers: { 'x-team-id': String(sibling.id) } });
    expect(siblingDetail.text).toContain('Pat');

    const suppression = await getDocumentClient().send(
      new GetCommand({ TableName: physicalTableName('campaigns'), Key: { pk: suppressionPk(own.id), sk: PHONE } }),
    );
    expect(suppression.Item).toBeDefined();

    const again = await call('POST', '/v1/data-subject-deletions', { body: { phone: PHONE, team_ids: [own.id] } });
    expect(again.status).toBe(202);
    expect(again.body.data).toMatchObject({ id, status: 'completed', counts: data.counts });
  });

  it('answers 404 for a deletion of teams the key does not reach', async () => {
    const ownOnly = await fixture.createKey('enterprise', ['write:data_deletions'], { team: fixture.teams.sibling });
    const asked = await call('POST', '/v1/data-subject-deletions', { body: { email: EMAIL, team_ids: [fixture.teams.own.id] } });
    const id = String((asked.body.data as Json).id);
    const other = await call('GET', `/v1/data-subject-deletions/${id}`, { key: ownOnly });
    expect(other.status).toBe(404);
  });
});
