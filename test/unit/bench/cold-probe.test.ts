import { roundOrder } from '../../../bench/cold-probe';

const bundles = (names: string[]) => names.map((name) => ({ name }));
const names = (order: readonly { name: string }[]) => order.map((b) => b.name);

describe('roundOrder', () => {
  it('measures each bundle once a round when no reference is repeated', () => {
    expect(names(roundOrder(bundles(['a', 'b', 'lean'])))).toEqual(['a', 'b', 'lean']);
  });

  it('measures the repeated reference again after every `every` other bundles', () => {
    const order = names(roundOrder(bundles(['a', 'b', 'c', 'd', 'e', 'lean']), { name: 'lean', every: 2 }));
    expect(order).toEqual(['a', 'b', 'lean', 'c', 'd', 'lean', 'e', 'lean']);
  });

  it('counts the others from the reference’s own place in the round', () => {
    const order = names(roundOrder(bundles(['a', 'lean', 'b', 'c', 'd']), { name: 'lean', every: 2 }));
    expect(order).toEqual(['a', 'lean', 'b', 'c', 'lean', 'd']);
  });

  it('keeps every bundle of the round, each other bundle exactly once', () => {
    const input = bundles(Array.from({ length: 66 }, (_, i) => `f${i}`).concat('lean'));
    const order = names(roundOrder(input, { name: 'lean', every: 8 }));
    expect(order.filter((n) => n !== 'lean')).toEqual(names(input).filter((n) => n !== 'lean'));
    expect(order.filter((n) => n === 'lean')).toHaveLength(9);
  });

  it('leaves the round alone when the named reference is not among the bundles', () => {
    expect(names(roundOrder(bundles(['a', 'b']), { name: 'lean', every: 1 }))).toEqual(['a', 'b']);
  });
});
