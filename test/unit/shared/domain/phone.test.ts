import fc from 'fast-check';
import examples from 'libphonenumber-js/examples.mobile.json';
import { getCountries } from 'libphonenumber-js/max';
import maxMetadata from 'libphonenumber-js/metadata.max.json';
import { toE164 } from '#shared/domain/phone';
import { PHONE_METADATA_JSON } from '#shared/domain/phone-metadata';
import { referenceE164 } from '../../../support/phone-reference';

/**
 * toE164 reads libphonenumber's 'max' metadata from JSON text without the fields only formatting
 * reads (shared/domain/phone-metadata.ts, for cold start): the text must be the installed
 * package's metadata less those, and every number must get exactly the answer the package's own
 * `libphonenumber-js/max` entry gives.
 */

const REGIONS = getCountries();

describe('toE164', () => {
  it('reads the installed package’s max metadata less formats (after upgrading libphonenumber-js: npx tsx bin/phone-metadata.ts)', () => {
    // A numbering plan's formats (4), national-prefix formatting rule (6), prefix optional when formatting (9).
    const withoutFormatting = (plans: Record<string, unknown[]>) =>
      Object.fromEntries(Object.entries(plans).map(([key, plan]) => [key, plan.map((field, i) => ([4, 6, 9].includes(i) ? 0 : field))]));
    expect(JSON.parse(PHONE_METADATA_JSON)).toEqual({
      ...maxMetadata,
      countries: withoutFormatting(maxMetadata.countries),
      nonGeographic: withoutFormatting(maxMetadata.nonGeographic),
    });
    expect(PHONE_METADATA_JSON.length).toBeLessThan(JSON.stringify(maxMetadata).length * 0.7);
  });

  it('answers as libphonenumber-js/max for every region’s example number, national and international, in every region', () => {
    let valid = 0;
    for (const [country, national] of Object.entries(examples as Record<string, string>)) {
      for (const raw of [
        national,
        `0${national}`,
        `+${international(country, national)}`,
        ` (${national.slice(0, 3)}) ${national.slice(3)} `,
      ]) {
        for (const region of [country, 'US', 'GB']) {
          const answer = toE164(raw, region);
          expect({ raw, region, answer }).toEqual({ raw, region, answer: referenceE164(raw, region) });
          if (answer !== null) valid += 1;
        }
      }
    }
    expect(valid).toBeGreaterThan(REGIONS.length);
  });

  it('answers as libphonenumber-js/max for arbitrary digits, punctuation and prefixes in any region', () => {
    const raw = fc.oneof(
      fc.stringMatching(/^\+?[0-9]{3,16}$/),
      fc.stringMatching(/^\+?1?[ .(-]{0,2}[2-9][0-9]{2}[ .)-]{0,2}[0-9]{3}[ .-]?[0-9]{4}( ?(x|ext\.?) ?[0-9]{1,5})?$/),
      fc.string({ maxLength: 45 }),
    );
    let valid = 0;
    fc.assert(
      fc.property(raw, fc.constantFrom(...REGIONS, 'us', 'XX'), (input, region) => {
        const answer = toE164(input, region);
        expect(answer).toBe(referenceE164(input, region));
        if (answer !== null) valid += 1;
      }),
      { numRuns: 5000, seed: 20_261_101 },
    );
    expect(valid).toBeGreaterThan(250);
  });
});

function international(country: string, national: string): string {
  const code = Object.entries((maxMetadata as { country_calling_codes: Record<string, string[]> }).country_calling_codes).find(
    ([, countries]) => countries.includes(country),
  )?.[0];
  return `${code ?? ''}${national}`;
}
