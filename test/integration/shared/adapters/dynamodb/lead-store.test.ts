import { randomUUID } from 'node:crypto';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoLeadStore, fromLeadItem, toLeadItem } from '#shared/adapters/dynamodb/lead-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { CallRecord } from '#shared/domain/calls';
import { LEAD_TYPES, type LeadRecord } from '#shared/domain/leads';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';

let dynamo: LocalDynamo;
let leads: DynamoLeadStore;
let calls: DynamoCallStore;

beforeAll(async () => {
  dynamo = await startEmulator();
  leads = new DynamoLeadStore(getDocumentClient(), physicalTableName('leads'));
  calls = new DynamoCallStore(getDocumentClient(), physicalTableName('calls'));
});
afterAll(() => dynamo.stop());

function lead(teamId: number, i: number, overrides: Partial<LeadRecord> = {}): LeadRecord {
  return {
    id: randomUUID(),
    lead_id: null,
    team_id: teamId,
    type: LEAD_TYPES[i % LEAD_TYPES.length] as LeadRecord['type'],
    datetime: new Date(Date.UTC(2026, 5, 1, 0, i)).toISOString(),
    status: 'new',
    customer_name: null,
    customer_phone: null,
    customer_email: null,
    lead_content: { i },
    agent: null,
    referrer_url: null,
    attribution: { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null, gclid: null },
    external_id: null,
    source: null,
    outreach: null,
    appointment: null,
    ...overrides,
  };
}

describe('DynamoLeadStore', () => {
  it('pages by offset through every lead exactly once, newest first', async () => {
    await leads.putLeads(Array.from({ length: 23 }, (_, i) => lead(1, i)));
    const seen: number[] = [];
    for (let offset = 0; ; offset += 5) {
      const rows = await leads.listLeadsByOffset({ teamId: 1, offset, limit: 5 });
      seen.push(...rows.slice(0, 5).map((r) => Number(r.lead_content.i)));
      if (rows.length <= 5) break;
    }
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => 22 - i));
  });

  it('returns nothing past the end and never more than limit + 1 rows', async () => {
    expect(await leads.listLeadsByOffset({ teamId: 1, offset: 100, limit: 5 })).toEqual([]);
    expect(await leads.listLeadsByOffset({ teamId: 1, offset: 0, limit: 5 })).toHaveLength(6);
  });

  it('filters by type through the type index, with offsets', async () => {
    const rows = await leads.listLeadsByOffset({ teamId: 1, type: 'text', offset: 1, limit: 100 });
    expect(rows.every((r) => r.type === 'text')).toBe(true);
    expect(rows.map((r) => Number(r.lead_content.i))).toEqual([13, 8, 3]);
  });

  it('finds a lead by external_id in the cursor feed', async () => {
    await leads.putLeads([lead(2, 1, { external_id: 'crm-42' }), lead(2, 2)]);
    const rows = await leads.listLeads({ teamId: 2, externalId: 'crm-42', limit: 10 });
    expect(rows.map((r) => r.lead.external_id)).toEqual(['crm-42']);
  });
});

describe('DynamoCallStore', () => {
  function call(i: number, type: string): CallRecord {
    return {
      call_id: `call_${i}`,
      team_id: 5,
      provider_call_id: `prov_${i}`,
      type,
      direction: 'inbound',
      customer: { name: null, phone: null },
      started_at: new Date(Date.UTC(2026, 5, 1, 1, i)).toISOString(),
      ended_at: null,
      duration_seconds: 60,
      transcript: 'hello',
      summary: null,
      recording_url: null,
      analysis: { call_reason: null, sentiment: null, booking_intent: null, urgency: null },
      ended_reason: null,
      cost: null,
      appointment_id: null,
      ticket_id: null,
      lead_id: null,
      stl_call_id: null,
      created_at: new Date(Date.UTC(2026, 5, 1, 1, i)).toISOString(),
    };
  }

  it('lists calls of a type within a date range, newest first', async () => {
    await calls.putCalls([call(1, 'inboundPhoneCall'), call(2, 'webCall'), call(3, 'inboundPhoneCall'), call(4, 'inboundPhoneCall')]);
    const rows = await calls.listCallsByOffset({
      teamId: 5,
      type: 'inboundPhoneCall',
      start: '2026-06-01T01:01:00.000Z',
      end: '2026-06-01T01:04:00.000Z',
      offset: 0,
      limit: 10,
    });
    expect(rows.map((r) => r.call_id)).toEqual(['call_3', 'call_1']);
  });

  // The lead's members share one schema per kind (ADR 0199): each still refuses by its own path.
  it.each([
    ['id', 7, 'id'],
    ['customer_phone', 5, 'customer_phone'],
    ['customer_phone_raw', 5, 'customer_phone_raw'],
    ['lead_content', 'x', 'lead_content'],
    ['appointment', 'x', 'appointment'],
    [
      'attribution',
      { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: 3, utm_content: null, gclid: null },
      'attribution.utm_term',
    ],
    [
      'attribution',
      { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null, gclid: null, gbraid: 1 },
      'attribution.gbraid',
    ],
  ])('refuses a stored lead whose %s is malformed, naming the member', (member, value, where) => {
    const item = { ...toLeadItem(lead(1, 0)), [member]: value };
    expect(() => fromLeadItem(item)).toThrow(`stored lead item is malformed at ${where}: `);
  });

  it('refuses a stored outreach whose shared members are malformed, naming the member', () => {
    const outreach = {
      stl_call_id: 4,
      status: 'queued',
      scheduling_mode: 'always',
      due_at: '2026-06-01T00:00:00.000Z',
      attempt: 1,
      max_attempts: 3,
      retry_spacing_minutes: 10,
      provider_call_id: null,
      last_attempt_at: null,
      outcome: null,
      completed_at: null,
      reason: null,
    } as const;
    const item = toLeadItem(lead(1, 0));
    expect(fromLeadItem({ ...item, outreach }).outreach).toEqual(outreach);
    expect(() => fromLeadItem({ ...item, outreach: { ...outreach, claim_token: 9 } })).toThrow('malformed at outreach.claim_token: ');
    expect(() => fromLeadItem({ ...item, outreach: { ...outreach, attempt: '1' } })).toThrow('malformed at outreach.attempt: ');
    expect(() => fromLeadItem({ ...item, outreach: { ...outreach, reason: 1 } })).toThrow('malformed at outreach.reason: ');
  });
});
