import { fromSessionItem, toSessionItem } from '#shared/adapters/dynamodb/session-items';
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
});
