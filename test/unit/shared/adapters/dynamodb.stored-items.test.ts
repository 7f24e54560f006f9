import { fromCallItem, toCallItem } from '#shared/adapters/dynamodb/call-items';
import { fromLeadItem, toLeadItem, toOutreachItemFields } from '#shared/adapters/dynamodb/lead-store';
import { toOutboxItem } from '#shared/adapters/dynamodb/outbox';
import type { LeadRecord } from '#shared/domain/leads';
import { storedCall } from '../../../support/call-fixture';

/** The stored items of the lead, call and outbox tables: keys beside the members, explicit both ways. */

const lead: LeadRecord = {
  id: '0b6f3c1e-5d2a-4c8b-9e7f-1a2b3c4d5e6f',
  lead_id: 42,
  team_id: 1,
  type: 'web_chat',
  datetime: '2026-03-01T12:00:00.000Z',
  status: 'new',
  customer_name: 'Ada',
  customer_phone: '+12125550199',
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

describe('stored items', () => {
  it('keys a lead and reads it back as it was, absent members left absent', () => {
    const item = toLeadItem(lead);
    expect(item).toMatchObject({ pk: 'TEAM#0000000001', typePk: 'TEAM#0000000001#web_chat', externalPk: 'TEAM#0000000001#crm-1' });
    expect(fromLeadItem(item)).toEqual(lead);
    expect(fromLeadItem(item)).not.toHaveProperty('customer_phone_raw');
    expect(fromLeadItem(item).attribution).not.toHaveProperty('wbraid');
  });

  it('reads only the lead’s members from an item, not its keys or anything else stored beside them', () => {
    const read = fromLeadItem({ ...toLeadItem(lead), legacy_flag: true });
    expect(Object.keys(read).sort()).toEqual(Object.keys(lead).sort());
  });

  it('stores an outreach change under the item’s member names, leaving unset members out', () => {
    expect(toOutreachItemFields({ status: 'placing', claim_token: 'm#1' })).toEqual({ status: 'placing', claim_token: 'm#1' });
  });

  it('keys a call and reads it back as it was', () => {
    const item = toCallItem(storedCall);
    expect(item.callPk).toBe(`TEAM#0000000001#CALL#${storedCall.call_id}`);
    expect(fromCallItem(item)).toEqual(storedCall);
    expect(fromCallItem({ ...item, stray: 1 })).not.toHaveProperty('stray');
  });

  it('refuses a call whose turns are not what the store writes, naming the attribute', () => {
    const item = { ...toCallItem(storedCall), turns: [{ speaker: 'agent', text: 'hi', start_seconds: '0', end_seconds: null }] };
    expect(() => fromCallItem(item)).toThrow('stored call item is malformed at turns.0.start_seconds');
  });

  it('refuses a lead without its team, naming the attribute', () => {
    const { team_id: _t, ...item } = toLeadItem(lead);
    expect(() => fromLeadItem(item)).toThrow('stored lead item is malformed at team_id');
  });

  it('stores an event due, its detail as JSON text', () => {
    const item = toOutboxItem({ type: 'lead.created', detail: { event_id: 'e-1', lead_id: 42 } });
    expect(item).toEqual({
      pk: 'EVENT#e-1',
      event_id: 'e-1',
      type: 'lead.created',
      detail: '{"event_id":"e-1","lead_id":42}',
      state: 'due',
    });
  });
});
