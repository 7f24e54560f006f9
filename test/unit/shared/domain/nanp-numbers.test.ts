import fc from 'fast-check';
import examples from 'libphonenumber-js/examples.mobile.json';
import maxMetadata from 'libphonenumber-js/metadata.max.json';
import { e164Reader, readE164 } from '#shared/domain/e164-reader';
import { nanpE164 } from '#shared/domain/nanp-numbers';
import { NANP_PLANS } from '#shared/domain/nanp-plans-data';
import { referenceE164 } from '../../../support/phone-reference';

/**
 * A well-formed +1 number is read by libphonenumber's +1 plans without the package
 * (shared/domain/nanp-numbers.ts): the plans must be the installed package's, every number it
 * decides must get the package's own answer, and whatever it leaves undecided goes to the package.
 */

type Plan = unknown[];
const metadata = maxMetadata as unknown as { country_calling_codes: Record<string, string[]>; countries: Record<string, Plan> };
const NANP_REGIONS = metadata.country_calling_codes['1'] ?? [];

/** Ten digits in the groups people write, with or without +1 or 1, any digits (invalid area codes and exchanges too). */
const wellFormed = fc
  .tuple(
    fc.constantFrom('', '+1', '1', '+1 ', '1 ', '1-', '+1-', '+1.'),
    fc.stringMatching(/^[0-9]{3}$/),
    fc.stringMatching(/^[0-9]{3}$/),
    fc.stringMatching(/^[0-9]{4}$/),
    fc.constantFrom(['', '', ''], [' ', ' ', ''], ['-', '-', ''], ['.', '.', ''], ['', '-', '('], [' ', '-', '(']),
    fc.constantFrom('', ' ', '  '),
  )
  .map(([prefix, area, exchange, line, [first, second, paren], pad]) => {
    const areaPart = paren === '(' ? `(${area})` : area;
    return `${pad}${prefix}${areaPart}${first}${exchange}${second}${line}${pad}`;
  });

/** Area codes the plans know, so that valid numbers are drawn often. */
const knownArea = fc.constantFrom(...['212', '415', '312', '416', '604', '876', '787', '340', '671', '800', '888', '900', '242', '809']);
const likelyValid = fc
  .tuple(fc.constantFrom('', '+1 ', '1 '), knownArea, fc.stringMatching(/^[2-9][0-9]{2}$/), fc.stringMatching(/^[0-9]{4}$/))
  .map(([prefix, area, exchange, line]) => `${prefix}(${area}) ${exchange}-${line}`);

describe('North American numbers without the phone library', () => {
  it('reads the installed package’s +1 plans (after upgrading libphonenumber-js: npx tsx bin/phone-metadata.ts)', () => {
    expect(NANP_PLANS.map((plan) => plan.region)).toEqual(NANP_REGIONS);
    for (const plan of NANP_PLANS) {
      const source = metadata.countries[plan.region] ?? [];
      expect(plan.nationalPattern).toBe(source[2]);
      expect(plan.leadingDigits).toBe(source[10] || null);
      const types = ((source[11] ?? []) as ([string, number[]?] | 0)[]).filter(
        (type): type is [string, number[]?] => Array.isArray(type) && type[0] !== '',
      );
      expect(plan.types).toEqual(types.map(([pattern, lengths]) => ({ pattern, lengths: lengths ?? source[3] })));
    }
  });

  it('answers every well-formed number as libphonenumber-js/max does, in the regions it decides, and leaves the others undecided', () => {
    let decided = 0;
    let valid = 0;
    fc.assert(
      fc.property(fc.oneof(wellFormed, likelyValid), fc.constantFrom('US', 'us', 'CA', 'GB', 'JM', 'XX'), (raw, region) => {
        const answer = nanpE164(raw, region);
        const plusOne = raw.trim().startsWith('+1');
        if (plusOne || region.toUpperCase() === 'US') expect(answer).not.toBeUndefined();
        else expect(answer).toBeUndefined();
        if (answer === undefined) return;
        decided += 1;
        expect({ raw, region, answer }).toEqual({ raw, region, answer: referenceE164(raw, region) });
        if (answer !== null) valid += 1;
      }),
      { numRuns: 20_000, seed: 20_261_129 },
    );
    expect(decided).toBeGreaterThan(10_000);
    expect(valid).toBeGreaterThan(2_000);
  });

  it('reads every +1 region’s example number, national and international, as valid', () => {
    for (const region of NANP_REGIONS) {
      const national = (examples as Record<string, string>)[region] ?? '';
      expect(national).toMatch(/^\d{10}$/);
      const international = `+1 ${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
      expect(nanpE164(international, 'GB')).toBe(`+1${national}`);
      expect(nanpE164(national, 'US')).toBe(referenceE164(national, 'US'));
    }
  });

  it.each([
    ['letters', '1-800-FLOWERS'],
    ['an extension', '212-555-0123 x12'],
    ['another country', '+44 20 7946 0958'],
    ['eleven digits after +1', '+1 212 555 01234'],
    ['an international prefix', '011 44 20 7946 0958'],
    ['two separators in a row', '212--555-0123'],
  ])('leaves %s to the package', (_what, raw) => {
    expect(nanpE164(raw, 'US')).toBeUndefined();
  });
});

describe('reading numbers to E.164', () => {
  it('answers any text as libphonenumber-js/max does, whether the +1 plans or the package decide it', async () => {
    const raws = fc.sample(fc.oneof(wellFormed, likelyValid, fc.string({ maxLength: 30 }), fc.stringMatching(/^\+?[0-9]{3,16}$/)), {
      numRuns: 2_000,
      seed: 20_261_130,
    });
    for (const region of ['US', 'CA', 'GB']) {
      const read = await e164Reader(raws, region);
      for (const raw of raws) expect({ raw, region, answer: read(raw) }).toEqual({ raw, region, answer: referenceE164(raw, region) });
    }
    expect(await readE164('+44 20 7946 0958', 'US')).toBe('+442079460958');
    expect(await readE164('(212) 555-0123', 'US')).toBe(referenceE164('(212) 555-0123'));
  });

  it('refuses a number the reader was not made for, rather than answering it unread', async () => {
    const read = await e164Reader(['2125550123'], 'US');
    expect(() => read('2125550124')).toThrow('not made for');
  });
});
