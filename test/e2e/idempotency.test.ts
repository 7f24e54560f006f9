import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';
process.env.SMS_SEND_RATE_PER_SECOND = '0';

/**
 * Idempotency-Key on the POSTs that create something, through the local gateway: the retried
 * campaign POST that used to text everyone twice, intake, voice reports, inbound texts and cancel.
 */

const CAMPAIGN = '/v1/messaging/sms/campaign';
const INGEST = '/api/outbound/speed-to-lead/ingest';

let service: LocalService;
let fixture: TenancyFixture;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, queueVisibilityTimeoutSeconds: 0.05 });
  fixture = await createTenancyFixture();
  const permissions = ['write:sms_campaigns', 'write:leads', 'write:calls'] as const;
  keyA = await fixture.createKey('enterprise_all_teams', permissions);
  keyB = await fixture.createKey('enterprise_all_teams', permissions);
});
afterAll(() => service?.stop());
afterEach(() => jest.restoreAllMocks());

type Json = Record<string, unknown>;
interface Answer {
  readonly status: number;
  readonly replayed: string | null;
  readonly requestId: string | null;
  readonly text: string;
  readonly body: Json;
}

async function post(
  path: string,
  body: unknown,
  options: { idempotencyKey?: string; apiKey?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${options.apiKey ?? keyA}`,
      'content-type': 'application/json',
      'x-workspace-id': fixture.teams.own.workspaceId,
      ...(options.idempotencyKey === undefined ? {} : { 'idempotency-key': options.idempotencyKey }),
      ...options.headers,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    replayed: response.headers.get('idempotent-replayed'),
    requestId: response.headers.get('x-request-id'),
    text,
    body: JSON.parse(text) as Json,
  };
}

let phoneBlock = 0;
/** A campaign to `count` numbers no other test texts, and those numbers. */
function campaign(count: number, extra: Json = {}) {
  const block = ++phoneBlock;
  const phones = Array.from({ length: count }, (_, i) => `+1312${200 + block}${String(i).padStart(4, '0')}`);
  return {
    phones,
    body: {
      campaign_type: 'seasonal_promotion',
      recipients: phones.map((phone, i) => ({ phone, name: `Customer ${i}` })),
      message_template: 'Hi {name}, your tune-up is 20% off this week.',
      settings: { include_opt_out: true, respect_quiet_hours: false },
      ...extra,
    },
  };
}

/** Texts the sandbox sent to these numbers: how many, and from how many campaigns. */
function textsTo(phones: readonly string[]) {
  const texts = service.sms.sent.filter((t) => phones.includes(t.to));
  return {
    count: texts.length,
    distinctNumbers: new Set(texts.map((t) => t.to)).size,
    campaigns: new Set(texts.map((t) => t.reference.split(':')[0])).size,
  };
}

const campaignId = (answer: Answer) => (answer.body.data as { campaign_id: string }).campaign_id;
const newKey = (name: string) => `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

describe('Idempotency-Key on SMS campaigns', () => {
  it('creates one campaign for a retried POST: the retry repeats status and body, marked Idempotent-Replayed', async () => {
    const { body, phones } = campaign(3);
    const key = newKey('retry');
    const first = await post(CAMPAIGN, body, { idempotencyKey: key });
    const retry = await post(CAMPAIGN, body, { idempotencyKey: key });
    await service.settle();

    expect(first).toMatchObject({ status: 202, replayed: null });
    expect(retry).toMatchObject({ status: 202, replayed: 'true', text: first.text });
    expect(retry.requestId).not.toBe(first.requestId);
    expect(textsTo(phones)).toEqual({ count: 3, distinctNumbers: 3, campaigns: 1 });
  });

  it('refuses the same key with another body, or for another workspace, with a 422 naming Idempotency-Key', async () => {
    const { body, phones } = campaign(2);
    const key = newKey('reuse');
    await post(CAMPAIGN, body, { idempotencyKey: key });
    const otherBody = await post(CAMPAIGN, { ...body, message_template: 'Hi {name}, something else.' }, { idempotencyKey: key });
    const otherWorkspace = await post(CAMPAIGN, body, {
      idempotencyKey: key,
      headers: { 'x-workspace-id': fixture.teams.sibling.workspaceId },
    });
    await service.settle();

    for (const answer of [otherBody, otherWorkspace]) {
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ success: false, error: 'idempotency_key_reused', field: 'Idempotency-Key' });
    }
    expect(textsTo(phones)).toEqual({ count: 2, distinctNumbers: 2, campaigns: 1 });
  });

  it('runs 20 concurrent POSTs with one key once: one campaign, the others answered 409 or with the replay', async () => {
    const { body, phones } = campaign(5);
    const key = newKey('race');
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(CAMPAIGN, body, { idempotencyKey: key })));
    await service.settle();

    const executed = answers.filter((a) => a.status === 202 && a.replayed === null);
    const replays = answers.filter((a) => a.status === 202 && a.replayed === 'true');
    const inProgress = answers.filter((a) => a.status === 409);
    expect(executed).toHaveLength(1);
    expect(replays.length + inProgress.length).toBe(19);
    for (const replay of replays) expect(replay.text).toBe(executed[0]?.text);
    for (const conflict of inProgress) expect(conflict.body).toMatchObject({ error: 'idempotency_key_in_use', field: 'Idempotency-Key' });
    expect(textsTo(phones)).toEqual({ count: 5, distinctNumbers: 5, campaigns: 1 });
  });

  it('keeps API keys apart: one Idempotency-Key under two API keys creates two campaigns', async () => {
    const { body, phones } = campaign(2);
    const key = newKey('shared');
    const underA = await post(CAMPAIGN, body, { idempotencyKey: key, apiKey: keyA });
    const underB = await post(CAMPAIGN, body, { idempotencyKey: key, apiKey: keyB });
    await service.settle();

    expect([underA.replayed, underB.replayed]).toEqual([null, null]);
    expect(campaignId(underA)).not.toBe(campaignId(underB));
    expect(textsTo(phones)).toMatchObject({ count: 4, campaigns: 2 });
  });

  it('keeps a record for 24 hours; once it has expired (TTL deletion lags) the same key creates again', async () => {
    const { body, phones } = campaign(1);
    const key = newKey('expiry');
    const before = Math.floor(Date.now() / 1000);
    const first = await post(CAMPAIGN, body, { idempotencyKey: key });
    const client = getDocumentClient();
    const table = physicalTableName('idempotency');
    const items = (await client.send(new ScanCommand({ TableName: table }))).Items ?? [];
    const record = items.find((item) => String(item.data?.body ?? '').includes(campaignId(first)));
    expect(record?.expiration).toBeGreaterThanOrEqual(before + 86_400);
    expect(record?.expiration).toBeLessThanOrEqual(before + 86_400 + 60);

    // What DynamoDB holds 24 h later when TTL has not deleted the item yet: an expiry in the past.
    await client.send(
      new UpdateCommand({
        TableName: table,
        Key: { id: record?.id },
        UpdateExpression: 'SET expiration = :past',
        ExpressionAttributeValues: { ':past': before - 1 },
      }),
    );
    const later = await post(CAMPAIGN, body, { idempotencyKey: key });
    await service.settle();

    expect(later).toMatchObject({ status: 202, replayed: null });
    expect(campaignId(later)).not.toBe(campaignId(first));
    expect(textsTo(phones)).toMatchObject({ count: 2, campaigns: 2 });
  });

  it('behaves as before without the header: two POSTs, two campaigns, no replay header', async () => {
    const { body, phones } = campaign(1);
    const first = await post(CAMPAIGN, body);
    const second = await post(CAMPAIGN, body);
    await service.settle();

    expect([first.status, second.status, first.replayed, second.replayed]).toEqual([202, 202, null, null]);
    expect(textsTo(phones)).toMatchObject({ count: 2, campaigns: 2 });
  });

  it('refuses an empty key or one longer than 255 characters with a 400 naming Idempotency-Key', async () => {
    const { body, phones } = campaign(1);
    for (const key of ['', 'k'.repeat(256)]) {
      const answer = await post(CAMPAIGN, body, { idempotencyKey: key });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: 'invalid_request', field: 'Idempotency-Key' });
    }
    expect((await post(CAMPAIGN, body, { idempotencyKey: 'k'.repeat(255) })).status).toBe(202);
    await service.settle();
    expect(textsTo(phones).count).toBe(1);
  });

  it('replays a retried cancel (200) instead of answering the already-cancelled 409', async () => {
    const { body } = campaign(2, { schedule_time: new Date(Date.now() + 86_400_000).toISOString() });
    const created = await post(CAMPAIGN, body);
    const path = `${CAMPAIGN}/${campaignId(created)}/cancel`;
    const key = newKey('cancel');
    const cancelled = await post(path, {}, { idempotencyKey: key });
    const retried = await post(path, {}, { idempotencyKey: key });
    const withoutKey = await post(path, {});

    expect(cancelled).toMatchObject({ status: 200, replayed: null });
    expect(retried).toMatchObject({ status: 200, replayed: 'true', text: cancelled.text });
    expect(withoutKey.status).toBe(409);
  });
});

describe('Idempotency-Key on intake, voice reports and inbound texts', () => {
  let leadCounter = 0;
  const lead = () => {
    leadCounter++;
    return {
      external_id: `idem-${Date.now()}-${leadCounter}`,
      name: 'Dana Whitfield',
      phone: `+1415555${String(leadCounter).padStart(4, '0')}`,
    };
  };

  it('replays lead_id and stl_call_id of an intake retried with its key (without it, the retry is a duplicate)', async () => {
    const body = lead();
    const key = newKey('intake');
    const first = await post(INGEST, body, { idempotencyKey: key });
    const retry = await post(INGEST, body, { idempotencyKey: key });
    const withoutKey = await post(INGEST, body);

    expect(first).toMatchObject({ status: 201, replayed: null });
    expect(retry).toMatchObject({ status: 201, replayed: 'true' });
    expect(retry.body).toMatchObject({ lead_id: first.body.lead_id, stl_call_id: first.body.stl_call_id });
    expect(withoutKey.status).toBe(409);
  });

  it('does not store the 503 of a queue outage: the retry with the same key queues the call and answers 201', async () => {
    const body = lead();
    const key = newKey('outage');
    jest.spyOn(service.queue('outreach-calls'), 'send').mockRejectedValueOnce(new Error('queue unavailable'));
    const down = await post(INGEST, body, { idempotencyKey: key });
    const retry = await post(INGEST, body, { idempotencyKey: key });
    const again = await post(INGEST, body, { idempotencyKey: key });

    expect(down.status).toBe(503);
    expect(retry).toMatchObject({ status: 201, replayed: null });
    expect(retry.body).toMatchObject({ lead_id: down.body.lead_id, stl_call_id: down.body.stl_call_id });
    expect(again).toMatchObject({ status: 201, replayed: 'true', text: retry.text });
  });

  it('replays a voice report and an inbound text posted again with their keys', async () => {
    const report = {
      message: {
        type: 'end-of-call-report',
        call: { id: newKey('call'), type: 'inboundPhoneCall', customer: { number: '+14155550100' } },
        transcript: 'Customer: I would like to book a plumber tomorrow at 10 am.',
        analysis: { structuredData: { bookingIntent: true } },
      },
    };
    const reportKey = newKey('report');
    const firstReport = await post('/v1/responder/webhook', report, { idempotencyKey: reportKey });
    const retriedReport = await post('/v1/responder/webhook', report, { idempotencyKey: reportKey });
    expect(firstReport.status).toBe(201);
    expect(retriedReport).toMatchObject({ status: 201, replayed: 'true', text: firstReport.text });

    const inbound = { from: '+13125550199', body: 'HELP', message_id: newKey('sms') };
    const inboundKey = newKey('inbound');
    const firstText = await post('/v1/messaging/sms/inbound', inbound, { idempotencyKey: inboundKey });
    const retriedText = await post('/v1/messaging/sms/inbound', inbound, { idempotencyKey: inboundKey });
    expect(firstText.status).toBe(200);
    expect(retriedText).toMatchObject({ status: 200, replayed: 'true', text: firstText.text });
  });
});
