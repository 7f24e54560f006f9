import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { FaultInjector, parseFaults } from '../../local/faults/injector';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';
process.env.SMS_SEND_RATE_PER_SECOND = '0';

/**
 * A bounded soak under the everyday faults: intakes, the voice reports of their calls, a campaign
 * and reads, through the local gateway, with DynamoDB throttling and losing transaction conflicts,
 * the bus refusing entries, the voice provider failing and the SMS provider throttling, all at
 * once. Callers behave as documented (a 503 is repeated after its Retry-After). Then the ledger:
 * every intake answered 2xx has its lead, its call placed once and its events (the lead's, its
 * call's call.processed and coach_evaluation.completed) published under one event id each; every campaign recipient is settled once and the campaign's completion published;
 * no answer was a 500, and every 503 said when to come back. SOAK_REPORT=1 prints the ledger.
 */
const MIX = 'dynamodb.throttle:0.05,dynamodb.conflict:0.02,eventbridge.refuse:0.1,voice.5xx:0.3,sms.throttle:0.1';
const SEED = Number(process.env.FAULTS_SEED ?? 2027);
const INTAKES = 30;
const RECIPIENTS = 40;
const READS = 30;
const INGEST = '/api/outbound/speed-to-lead/ingest';
const CAMPAIGN = '/v1/messaging/sms/campaign';

type Json = Record<string, unknown>;
interface Answer {
  readonly status: number;
  readonly body: Json;
  /** Every answer the caller got on the way, 503s included. */
  readonly seen: readonly { status: number; retryAfter: string | null }[];
}

let service: LocalService;
let fixture: TenancyFixture;
let key: string;
const gatewayStatuses: number[] = [];

beforeAll(async () => {
  const faults = new FaultInjector(parseFaults(MIX), SEED);
  service = await startLocalService({
    port: 0,
    dataDir: undefined,
    seed: false,
    faults,
    simulateCallReports: true,
    callReportDelayMs: 100,
    queueVisibilityTimeoutSeconds: 0.2,
    streamBatchingWindowSeconds: 0.05,
    onRequest: (request) => {
      if (request.status !== null) gatewayStatuses.push(request.status);
    },
  });
  fixture = await createTenancyFixture();
  key = await fixture.createKey('enterprise', ['write:leads', 'write:calls', 'write:sms_campaigns', 'read:leads', 'read:calls']);
}, 120_000);
afterAll(() => service?.stop());

/** A caller as docs/faults.md asks: a 503 is repeated after its Retry-After, up to 10 times. */
async function call(method: 'GET' | 'POST', path: string, body?: Json): Promise<Answer> {
  const seen: { status: number; retryAfter: string | null }[] = [];
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${service.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${key}`,
        'x-workspace-id': fixture.teams.own.workspaceId,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    seen.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
    if (res.status !== 503 || attempt === 10) return { status: res.status, body: text ? (JSON.parse(text) as Json) : {}, seen };
    await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000));
  }
}

/** Up to `limit` of the tasks at a time. */
async function pooled<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await (tasks[index] as () => Promise<T>)();
      }
    }),
  );
  return results;
}

const events = (type: string, where: (detail: Json) => boolean) =>
  service.eventBus.published.filter((e) => e['detail-type'] === type && where(e.detail as Json));
const distinctIds = (list: readonly { detail: Json }[]) => new Set(list.map((e) => e.detail.event_id)).size;

it('loses nothing and does nothing twice under throttles, conflicts, a refusing bus and failing providers', async () => {
  const intakes = pooled(
    Array.from(
      { length: INTAKES },
      (_, i) => () =>
        // Even last digits: the sandbox customer answers the first call, so each outreach completes here.
        call('POST', INGEST, { phone: `+1415777${String(i).padStart(3, '0')}2`, name: `Soak ${i}`, external_id: `soak-${i}` }),
    ),
    4,
  );
  const campaign = call('POST', CAMPAIGN, {
    campaign_type: 'marketing',
    recipients: Array.from({ length: RECIPIENTS }, (_, i) => ({ phone: `+1415888${String(i).padStart(3, '0')}4`, name: `R${i}` })),
    message_template: 'Hi {name}, tune-ups are 20% off this week.',
    settings: { respect_quiet_hours: false },
  });
  const reads = pooled(
    Array.from(
      { length: READS },
      (_, i) => () =>
        i % 2 === 0 ? call('GET', `/api/v1/teams/${fixture.teams.own.id}/leads?limit=20`) : call('GET', '/api/calls?limit=20'),
    ),
    2,
  );
  const [ingested, started, read] = await Promise.all([intakes, campaign, reads]);
  await service.settle();

  // Intakes: each answered 201, with its lead, one call and its events.
  const intake = new DynamoIntakeStore(getDocumentClient(), physicalTableName('leads'));
  const ledger = [];
  for (const answer of ingested) {
    expect(answer.status).toBe(201);
    const stlCallId = answer.body.stl_call_id as number;
    const leadId = answer.body.lead_id as number;
    const lead = await intake.getLeadByStlCallId(stlCallId);
    const calls = service.voice.calls.filter((c) => c.request.metadata.stl_call_id === stlCallId);
    const of = (detail: Json) => detail.stl_call_id === stlCallId;
    const created = events('lead.created', of);
    const completed = events('lead.completed', of);
    const booked = events('lead.booking_created', of);
    const processed = events('call.processed', of);
    const callId = processed[0]?.detail.call_id;
    const evaluated = events('coach_evaluation.completed', (detail) => callId !== undefined && detail.call_id === callId);
    ledger.push({
      lead_id: leadId,
      answers: answer.seen.map((s) => s.status).join('>'),
      lead: lead ? lead.outreach?.outcome : 'MISSING',
      calls: calls.length,
      'lead.created': `${created.length}/${distinctIds(created)}`,
      'lead.booking_created': `${booked.length}/${distinctIds(booked)}`,
      'lead.completed': `${completed.length}/${distinctIds(completed)}`,
      'call.processed': `${processed.length}/${distinctIds(processed)}`,
      'coach_evaluation.completed': `${evaluated.length}/${distinctIds(evaluated)}`,
    });
    expect(lead?.lead_id).toBe(leadId);
    expect(calls).toHaveLength(1);
    expect(lead?.outreach).toMatchObject({ status: 'completed' });
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(distinctIds(created)).toBe(1);
    expect(completed.length).toBeGreaterThanOrEqual(1);
    expect(distinctIds(completed)).toBe(1);
    expect(distinctIds(booked)).toBe(lead?.appointment ? 1 : 0);
    // The sandbox customer answers, so every call has a transcript and is evaluated.
    expect(processed.length).toBeGreaterThanOrEqual(1);
    expect(distinctIds(processed)).toBe(1);
    expect(evaluated.length).toBeGreaterThanOrEqual(1);
    expect(distinctIds(evaluated)).toBe(1);
  }

  // The campaign: every recipient settled once, the counts add up, one completion under one id.
  expect(started.status).toBe(202);
  const campaignId = (started.body.data as Json).campaign_id as string;
  const stored = await new DynamoCampaignStore(getDocumentClient(), physicalTableName('campaigns')).getCampaign(campaignId);
  const counts = stored?.counts ?? { sent: 0, failed: 0, opted_out: 0, unconfirmed: 0 };
  const texts = service.sms.sent.filter((t) => t.to.startsWith('+1415888'));
  const completions = events('sms_campaign.completed', (d) => (d.data as Json).campaign_id === campaignId);
  expect(stored?.status).toBe('completed');
  expect(counts.sent + counts.failed + counts.opted_out + counts.unconfirmed).toBe(RECIPIENTS);
  expect(new Set(texts.map((t) => t.to)).size).toBe(texts.length);
  expect(texts.length).toBe(counts.sent);
  expect(completions.length).toBeGreaterThanOrEqual(1);
  expect(distinctIds(completions)).toBe(1);

  // Reads answer 200 (after any 503), and nothing anywhere answered 500; every 503 said when to come back.
  for (const answer of read) expect(answer.status).toBe(200);
  const all = [...ingested, started, ...read].flatMap((a) => a.seen);
  expect(all.filter((s) => s.status === 503 && s.retryAfter === null)).toEqual([]);
  expect(gatewayStatuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);

  if (process.env.SOAK_REPORT === '1') {
    const count = (status: number) => gatewayStatuses.filter((s) => s === status).length;
    process.stdout.write(
      [
        `Soak under FAULTS=${MIX} FAULTS_SEED=${SEED}`,
        `faults injected: ${JSON.stringify(await service.injectedFaults())}`,
        `gateway answers: ${gatewayStatuses.length} (500: ${count(500)}, 503: ${count(503)}); client 503s, all with Retry-After: ${all.filter((s) => s.status === 503).length}`,
        `campaign ${campaignId}: ${stored?.status}, ${JSON.stringify(counts)}, ${texts.length} texts to ${new Set(texts.map((t) => t.to)).size} numbers, sms_campaign.completed copies/ids ${completions.length}/${distinctIds(completions)}`,
        `reads: ${read.length} answered ${[...new Set(read.map((r) => r.status))].join(', ')}`,
        'intakes (answers seen; outcome; calls placed; events copies/ids):',
        ...ledger.map((row) => `  ${JSON.stringify(row)}`),
        '',
      ].join('\n'),
    );
  }
}, 300_000);
