import { canonicalLead, unifiedLead } from '#shared/contracts/leads';
import type { OutreachState } from '#shared/domain/intake/outreach';
import type { LeadRecord } from '#shared/domain/leads';
import { presentCanonicalLead, presentUnifiedLead } from '#shared/presenters/leads';

/** The leads feeds' items from a stored lead: the mapping, the nulls of each version, and nothing beyond the contract. */

const lead: LeadRecord = {
  id: '0b6f3c1e-5d2a-4c8b-9e7f-1a2b3c4d5e6f',
  lead_id: 42,
  team_id: 1,
  type: 'web_chat',
  datetime: '2026-03-01T12:00:00.000Z',
  status: 'new',
  customer_name: 'Ada',
  customer_phone: null,
  customer_phone_raw: 'call the shop',
  customer_email: null,
  lead_content: { message: 'leaking tap' },
  agent: null,
  referrer_url: null,
  attribution: { utm_source: 'google', utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null, gclid: null },
  external_id: 'crm-1',
  source: 'website',
  outreach: null,
  appointment: null,
};

const outreach: OutreachState = {
  stl_call_id: 7,
  status: 'queued',
  scheduling_mode: 'always',
  due_at: '2026-03-01T12:00:00.000Z',
  attempt: 1,
  max_attempts: 3,
  retry_spacing_minutes: 30,
  provider_call_id: null,
  last_attempt_at: null,
  claim_token: 'delivery-1#1',
  dispatched: true,
  outcome: null,
  completed_at: null,
  reason: null,
};

describe('presentUnifiedLead', () => {
  it('answers empty strings for what the lead lacks, and the raw phone only when there is one', () => {
    const data = presentUnifiedLead(lead);
    expect(unifiedLead().parse(data)).toEqual(data);
    expect(data).toMatchObject({ customer_phone: '', customer_phone_raw: 'call the shop', customer_email: '', agent: '' });
    expect(data.attribution).toEqual({ utm_source: 'google', utm_medium: '', utm_campaign: '', gclid: '', wbraid: '', gbraid: '' });
    expect(presentUnifiedLead({ ...lead, customer_phone_raw: null })).not.toHaveProperty('customer_phone_raw');
  });

  it('leaves out what the v0 item does not carry', () => {
    const data = presentUnifiedLead({ ...lead, outreach }) as Record<string, unknown>;
    for (const member of ['lead_id', 'team_id', 'status', 'external_id', 'source', 'outreach', 'appointment']) {
      expect(data).not.toHaveProperty(member);
    }
  });
});

describe('presentCanonicalLead', () => {
  it('maps the stored lead to the v1 item, nulls kept', () => {
    const data = presentCanonicalLead(lead);
    expect(canonicalLead().parse(data)).toEqual(data);
    expect(data).toMatchObject({
      created_at: lead.datetime,
      customer: { name: 'Ada', phone: null, phone_raw: 'call the shop', email: null },
      attribution: { utm_source: 'google', wbraid: null, gbraid: null },
      outreach: null,
    });
  });

  it('publishes the outreach lifecycle but not the worker’s claim or the dispatch bookkeeping', () => {
    const data = presentCanonicalLead({ ...lead, outreach });
    expect(data.outreach).toMatchObject({ stl_call_id: 7, status: 'queued', attempt: 1, max_attempts: 3 });
    expect(data.outreach).not.toHaveProperty('claim_token');
    expect(data.outreach).not.toHaveProperty('dispatched');
  });
});
