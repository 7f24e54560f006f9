import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { postRawJson } from '../support/post-json';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';
process.env.SMS_SEND_RATE_PER_SECOND = '0';

/**
 * The bodies that answered 500 (and lost the lead or the report) before input was parsed safely,
 * each through the local gateway: big integers, non-finite numbers, prototype keys, deep nesting,
 * records too large to store, inherited merge variables, and the empty recording URL of an
 * unanswered call.
 */

const INGEST = '/api/outbound/speed-to-lead/ingest';
const WEBHOOK = '/v1/responder/webhook';
const CAMPAIGN = '/v1/messaging/sms/campaign';

type Json = Record<string, unknown>;

let service: LocalService;
let fixture: TenancyFixture;
let key: string;
let intake: DynamoIntakeStore;
let phoneCounter = 0;
/** A fresh US number ending in an even digit. */
const phone = () => `+1415555${String(++phoneCounter).padStart(3, '0')}0`;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, queueVisibilityTimeoutSeconds: 0.05 });
  fixture = await createTenancyFixture();
  key = await fixture.createKey('enterprise', ['write:leads', 'write:calls', 'write:sms_campaigns']);
  intake = new DynamoIntakeStore(getDocumentClient(), physicalTableName('leads'));
});
afterAll(() => service?.stop());

function post(path: string, raw: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
  return postRawJson(`${service.url}${path}`, raw, {
    authorization: `Bearer ${key}`,
    'x-workspace-id': fixture.teams.own.workspaceId,
    ...headers,
  });
}

const rawPayload = (lead: { lead_content: unknown } | null) => (lead?.lead_content as { raw_payload?: Json } | undefined)?.raw_payload;

const intakeError = (field: string) => ({ success: false, code: 'invalid_request', field, request_id: expect.any(String) });

describe('intake bodies that used to answer 500', () => {
  it('keeps an integer above 2^53 as its exact decimal text and stores the lead', async () => {
    const res = await post(INGEST, `{"phone":"${phone()}","name":9007199254740993,"external_id":12345678901234567}`);

    expect(res.status).toBe(201);
    const lead = await intake.getLeadByStlCallId(res.body.stl_call_id as number);
    expect(lead?.customer_name).toBe('9007199254740993');
    expect(lead?.external_id).toBe('12345678901234567');
    expect(rawPayload(lead)).toMatchObject({ name: '9007199254740993' });
  });

  it('keeps numbers DynamoDB cannot store (1e16, 1e-200) as their text', async () => {
    const res = await post(INGEST, `{"phone":"${phone()}","budget":1e16,"ratio":1e-200,"tiny":1e-400}`);

    expect(res.status).toBe(201);
    const lead = await intake.getLeadByStlCallId(res.body.stl_call_id as number);
    expect(rawPayload(lead)).toMatchObject({ budget: '1e16', ratio: '1e-200', tiny: '1e-400' });
  });

  it('refuses 1e309 with a 400 naming its path', async () => {
    const res = await post(INGEST, `{"phone":"${phone()}","quote":{"amount":1e309}}`);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(intakeError('quote.amount'));
  });

  it.each([
    ['__proto__ at the top', '"__proto__":{"admin":true}', '__proto__'],
    ['__proto__ nested', '"contact":{"__proto__":{"admin":true}}', 'contact.__proto__'],
    ['__proto__ escaped', '"contact":[{"\\u005f_proto__":{}}]', 'contact[0].__proto__'],
    ['constructor', '"constructor":"Acme Builders"', 'constructor'],
    ['constructor.prototype', '"a":{"constructor":{"prototype":{"x":1}}}', 'a.constructor'],
    ['prototype', '"prototype":1', 'prototype'],
  ])('refuses a prototype key (%s) with a 400 naming the path', async (_, member, field) => {
    const res = await post(INGEST, `{"phone":"${phone()}",${member}}`);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(intakeError(field));
  });

  it('refuses 10,000 levels of nesting with a 400 naming the body and the limit', async () => {
    const res = await post(INGEST, `{"phone":"${phone()}","a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(intakeError('body'));
    expect(res.body.error).toContain('at most 24 levels');
  });

  it('refuses a 100,000-element array whose lead is over the item budget with a 413, in test mode too', async () => {
    const raw = `{"phone":"${phone()}","a":[${Array.from({ length: 100_000 }, (_, i) => i % 10).join(',')}]}`;
    expect(Buffer.byteLength(raw)).toBeLessThan(256 * 1024);

    const test = await post(INGEST, raw, { 'x-test-mode': 'true' });
    const real = await post(INGEST, raw);

    for (const res of [test, real]) {
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ success: false, code: 'payload_too_large', request_id: expect.any(String) });
      expect(res.body.error).toContain('384 KB budget');
    }
  });
});

describe('voice webhook bodies that used to answer 500 or 400', () => {
  const report = (message: string) => `{"message":{"type":"end-of-call-report","call":{"id":"call_${++phoneCounter}"${message}}}`;

  it.each([
    ['message.call.duration', report(',"duration":9007199254740993}')],
    ['message.cost', report('},"cost":9007199254740993')],
    ['message.cost', report('},"cost":1e16')],
    ['message.call.duration', report(',"duration":1e16}')],
  ])('refuses %s beyond 2^53 with a 400 naming it', async (field, raw) => {
    const res = await post(WEBHOOK, raw);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'invalid_request', field, request_id: expect.any(String) });
  });

  it('stores a no-answer report whose recordingUrl is empty and closes the outreach attempt', async () => {
    const lead = await post(INGEST, `{"phone":"${phone()}","name":"Nobody Home"}`);
    expect(lead.status).toBe(201);
    const stlCallId = lead.body.stl_call_id as number;
    await service.settle();
    const placed = service.voice.calls.find((c) => c.request.metadata.stl_call_id === stlCallId);
    expect(placed).toBeDefined();

    const res = await post(
      WEBHOOK,
      JSON.stringify({
        message: {
          type: 'end-of-call-report',
          call: { id: placed?.providerCallId, type: 'outboundPhoneCall', metadata: placed?.request.metadata },
          endedReason: 'customer-did-not-answer',
          recordingUrl: '',
          stereoRecordingUrl: '',
          summary: '',
          artifact: { transcript: '', recordingUrl: '', messages: [] },
          analysis: { summary: '', structuredData: { callReason: '', sentiment: '' } },
          cost: 0,
        },
      }),
    );

    expect(res.status).toBe(201);
    const stored = await intake.getLeadByStlCallId(stlCallId);
    expect(stored?.outreach).toMatchObject({ status: 'completed', outcome: 'no_answer' });
  });

  it.each([
    ['10 KB', 'w'.repeat(10_240)],
    ['129 characters', 'w'.repeat(129)],
  ])('refuses an X-Workspace-ID of %s with a 400 naming the header, before it reaches any DynamoDB key', async (_size, workspace) => {
    const res = await post(WEBHOOK, report('}'), { 'x-workspace-id': workspace });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'invalid_request', field: 'x-workspace-id', request_id: expect.any(String) });
  });
});

describe('SMS campaign templates naming inherited members', () => {
  const campaign = (template: string, extra: Json = {}) =>
    JSON.stringify({
      campaign_type: 'marketing',
      recipients: [{ phone: phone(), name: 'Ana' }],
      message_template: template,
      settings: { respect_quiet_hours: false },
      ...extra,
    });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'refuses {%s} with no such custom field as an unknown variable like {promo} (400 naming it), preflight and real',
    async (name) => {
      for (const extra of [{ preflight: true }, {}]) {
        const res = await post(CAMPAIGN, campaign(`Hi {${name}}`, extra));

        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, error: 'invalid_request', field: 'message_template' });
        expect(res.body.message).toContain(`{${name}} is missing`);
      }
    },
  );

  it('sends the fallback to a recipient lacking {constructor} when one is given', async () => {
    const res = await post(CAMPAIGN, campaign('Hi {constructor}', { preflight: true, fallback_message: 'Hi {name}' }));

    expect(res.status).toBe(200);
    expect((res.body.data as { recipients: { message: string; used_fallback: boolean }[] }).recipients[0]).toMatchObject({
      used_fallback: true,
      message: expect.stringMatching(/^Hi Ana/),
    });
  });

  it('uses a custom field named toString like any other', async () => {
    const raw = JSON.stringify({
      campaign_type: 'marketing',
      recipients: [{ phone: phone(), custom_fields: { toString: 'furnace' } }],
      message_template: 'Your {toString} is due',
      preflight: true,
    });
    const res = await post(CAMPAIGN, raw);

    expect(res.status).toBe(200);
    expect((res.body.data as { recipients: { message: string }[] }).recipients[0]?.message).toMatch(/^Your furnace is due/);
  });

  it('refuses a campaign whose segmentation is over the item budget with a 413, preflight and real', async () => {
    const segmentation = { tags: Array.from({ length: 4_000 }, (_, i) => `tag-${i}-${'x'.repeat(120)}`) };
    for (const extra of [{ preflight: true, segmentation }, { segmentation }]) {
      const res = await post(CAMPAIGN, campaign('Hi {name}', extra));

      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ success: false, error: 'payload_too_large' });
      expect(res.body.message).toContain('384 KB budget');
    }
  });
});

describe('campaign cancel and inbound texts', () => {
  it('refuses a cancel body with a prototype key (400) and ignores a plain one', async () => {
    const created = await post(CAMPAIGN, JSON.stringify({ ...JSON.parse(campaignBody()), schedule_time: inAnHour() }));
    expect(created.status).toBe(202);
    const id = (created.body.data as { campaign_id: string }).campaign_id;

    const refused = await post(`${CAMPAIGN}/${id}/cancel`, '{"__proto__":{}}');
    const cancelled = await post(`${CAMPAIGN}/${id}/cancel`, '{"reason":"typo"}');

    expect(refused).toMatchObject({ status: 400, body: { field: '__proto__' } });
    expect(cancelled).toMatchObject({ status: 200, body: { data: { status: 'cancelled' } } });
  });

  it('takes inbound message ids sent as integers above 2^53 with every digit (two ids one apart stay two messages)', async () => {
    const from = phone();
    const send = (id: string) => post('/v1/messaging/sms/inbound', `{"from":"${from}","body":"hello","message_id":${id}}`);

    const first = await send('12345678901234567890');
    const next = await send('12345678901234567891');
    const again = await send('12345678901234567890');

    expect(first).toMatchObject({ status: 200, body: { data: { duplicate: false } } });
    expect(next).toMatchObject({ status: 200, body: { data: { duplicate: false } } });
    expect(again).toMatchObject({ status: 200, body: { data: { duplicate: true } } });
  });

  it.each(['Hi {constructor}', 'constructor', '__proto__', 'toString', 'stop constructor'])(
    'answers the inbound text %p as an ordinary reply, not a 500',
    async (text) => {
      const answer = await post('/v1/messaging/sms/inbound', JSON.stringify({ from: phone(), body: text }));

      expect(answer).toMatchObject({ status: 200, body: { data: { action: 'reply', duplicate: false } } });
    },
  );
});

function campaignBody(): string {
  return JSON.stringify({ campaign_type: 'marketing', recipients: [{ phone: phone(), name: 'Ana' }], message_template: 'Hi {name}' });
}

function inAnHour(): string {
  return new Date(Date.now() + 3_600_000).toISOString();
}
