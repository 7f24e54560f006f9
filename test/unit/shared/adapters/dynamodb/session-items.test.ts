import { fromSessionItem } from '#shared/adapters/dynamodb/session-item-read';
import { toSessionItem } from '#shared/adapters/dynamodb/session-items';
import { session } from '../../../../support/factories';

/** A session row read back: validated against the stored shape, and only the record's own fields kept. */
describe('fromSessionItem', () => {
  const placement = { enterpriseId: 1, isTest: false };

  it('reads back the record it was written from, without keys, placement or the widget’s attributes', () => {
    const record = session({ status: 'booked', completed_at: '2026-03-01T12:10:00.000Z', service_area: 'North', conversion_value: 120 });
    const item = { ...toSessionItem(record, placement), token_hash: 'secret', widget: { page_url: null }, version: 3 };
    expect(fromSessionItem(item)).toEqual(record);
  });

  it('reads a row written before service_area and conversion_value were kept as null for both', () => {
    const { service_area: _a, conversion_value: _c, ...older } = toSessionItem(session(), placement);
    expect(fromSessionItem(older)).toMatchObject({ service_area: null, conversion_value: null });
  });

  it('refuses a row that is not a session, naming the attribute', () => {
    const item = { ...toSessionItem(session(), placement), status: 'lost' };
    expect(() => fromSessionItem(item)).toThrow(/stored session item is malformed at status/);
  });

  // The members share one schema per kind (ADR 0195): each place a shared schema sits still names
  // its own path, and optional members stay optional wherever the shared instance is used.
  it.each([
    ['customer_info.phone', { customer_info: { name: null, email: null, phone: 5, address: null } }],
    ['utm.content', { utm: { source: null, medium: null, campaign: null, term: null, content: 7 } }],
    ['google_ads.gbraid', { google_ads: { gclid: null, wbraid: null, gbraid: false } }],
    ['events.0.created_at', { events: [{ event_type: 'started', created_at: null }] }],
    ['st_job_id', { st_job_id: '12' }],
    ['conversion_value', { conversion_value: 'a lot' }],
    ['qualified_drop_off', { qualified_drop_off: false }],
  ])('refuses a malformed %s, naming it', (path, change) => {
    const item = { ...toSessionItem(session(), placement), ...change };
    expect(() => fromSessionItem(item)).toThrow(`stored session item is malformed at ${path}`);
  });

  it('keeps each flag written as true and reads an absent one as not set', () => {
    const recovered = session({ recovered: true });
    expect(fromSessionItem(toSessionItem(recovered, placement))).toEqual(recovered);
    const read = fromSessionItem({ ...toSessionItem(session(), placement), qualified_drop_off: true });
    expect(read).toMatchObject({ qualified_drop_off: true });
    expect(read).not.toHaveProperty('recovered');
  });
});
