import { lazy } from '#shared/lazy';
import { nanpE164 } from './nanp-numbers';

/**
 * libphonenumber and its 'max' metadata (about 200 KB), imported with the first number the +1
 * plans do not decide (nanp-numbers.ts).
 */
const phoneLibrary = lazy(() => import('./phone'));

/** A reader of numbers to E.164, as phone.ts's toE164 reads them (null: not a valid number). */
export type E164Reader = (raw: string) => string | null;

/**
 * A reader of these numbers in the region for numbers without a country code: a well-formed +1
 * number is read by libphonenumber's +1 plans alone (nanp-numbers.ts), and the package is imported
 * only when one of them is anything else, so a function whose requests carry North American
 * numbers never loads it (docs/adr/0211-north-american-numbers-without-the-phone-library-at-load.md).
 * The reader answers only the numbers it was made for.
 */
export async function e164Reader(raws: readonly string[], region: string): Promise<E164Reader> {
  const read = new Map<string, string | null>();
  const undecided: string[] = [];
  for (const raw of raws) {
    const answer = nanpE164(raw, region);
    if (answer === undefined) undecided.push(raw);
    else read.set(raw, answer);
  }
  if (undecided.length > 0) {
    const { toE164 } = await phoneLibrary();
    for (const raw of undecided) read.set(raw, toE164(raw, region));
  }
  return (raw) => {
    const answer = read.get(raw);
    if (answer === undefined) throw new Error('e164Reader: a number it was not made for');
    return answer;
  };
}

/** One number to E.164 (null: not a valid number), the package imported only when the +1 plans do not decide. */
export async function readE164(raw: string, region: string): Promise<string | null> {
  return (await e164Reader([raw], region))(raw);
}
