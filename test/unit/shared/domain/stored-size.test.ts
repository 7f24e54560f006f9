import fc from 'fast-check';
import { assertStorable, ITEM_SIZE_BUDGET_BYTES, itemSize, MAX_ITEM_DEPTH } from '#shared/domain/stored-size';
import { PayloadTooLargeError } from '#shared/errors';

describe('stored item size', () => {
  it('meters names and strings in UTF-8 bytes, numbers by significant digits, booleans and null as 1 byte', () => {
    expect(itemSize({ ab: 'xyz' }).bytes).toBe(2 + 3);
    expect(itemSize({ a: 'é😀' }).bytes).toBe(1 + 2 + 4);
    expect(itemSize({ a: 123 }).bytes).toBe(1 + 3);
    expect(itemSize({ a: 1200 }).bytes).toBe(1 + 2);
    expect(itemSize({ a: 0.000123 }).bytes).toBe(1 + 3);
    expect(itemSize({ a: true, b: null }).bytes).toBe(1 + 1 + 1 + 1);
  });

  it('adds 3 bytes per list or map and 1 byte per element, map keys included', () => {
    expect(itemSize({ l: ['a', 'b'] }).bytes).toBe(1 + 3 + 2 * (1 + 1));
    expect(itemSize({ m: { k: 'v' } }).bytes).toBe(1 + 3 + (1 + 1 + 1));
    expect(itemSize({ m: {} }).depth).toBe(1);
    expect(itemSize({ m: { n: [{}] } }).depth).toBe(3);
  });

  it('skips undefined members as the marshaller does', () => {
    expect(itemSize({ a: undefined, b: [undefined, 'x'] }).bytes).toBe(1 + 3 + 1 + 1);
  });

  it('is at least the UTF-8 length of every string in the item (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const strings: string[] = [];
        const collect = (v: unknown): void => {
          if (typeof v === 'string') strings.push(v);
          else if (Array.isArray(v)) v.forEach(collect);
          else if (v !== null && typeof v === 'object') {
            for (const [k, x] of Object.entries(v)) {
              strings.push(k);
              collect(x);
            }
          }
        };
        collect(value);
        const floor = strings.reduce((sum, s) => sum + Buffer.byteLength(s), 0);
        expect(itemSize({ v: value }).bytes).toBeGreaterThanOrEqual(floor);
      }),
    );
  });

  it('refuses an item over the budget with a 413 naming what and the budget', () => {
    const item = { pk: 'TEAM#1', raw: 'x'.repeat(ITEM_SIZE_BUDGET_BYTES) };
    expect(() => assertStorable(item, 'The lead')).toThrow(PayloadTooLargeError);
    expect(() => assertStorable(item, 'The lead')).toThrow(/^The lead would take .* more than the 384 KB budget/);
    expect(() => assertStorable({ pk: 'TEAM#1', raw: 'x'.repeat(1000) }, 'The lead')).not.toThrow();
  });

  it(`refuses an item nested deeper than DynamoDB's ${MAX_ITEM_DEPTH} levels`, () => {
    let deep: unknown = 1;
    for (let i = 0; i < MAX_ITEM_DEPTH + 1; i++) deep = [deep];
    expect(() => assertStorable({ deep }, 'The record')).toThrow(`nest ${MAX_ITEM_DEPTH + 1} levels deep`);
  });
});
