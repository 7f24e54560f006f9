import { NANP_PLANS, type NanpPlan } from './nanp-plans-data';

/**
 * A well-formed North American (+1) number read to E.164 by libphonenumber's own +1 plans
 * (nanp-plans-data.ts, generated from the package's metadata), without the package: what the texting
 * and intake functions read on nearly every request, so the package (38 KB of code and its 110 KB
 * of metadata text) is loaded only for a number this does not decide
 * (docs/adr/0211-north-american-numbers-without-the-phone-library-at-load.md).
 *
 * It decides only the shapes whose reading has no alternative: ten digits in the usual groups,
 * after `+1`, or, in the US region, after nothing or a `1`; validity then follows libphonenumber's
 * own steps (getCountryByNationalNumber, getNumberType): the first region whose leading digits the
 * number starts with decides, else the first whose number types it matches. Any other text
 * (letters, extensions, other countries, other regions' national forms) is left to the package;
 * test/unit/shared/domain/nanp-numbers.test.ts holds every answer to the package's.
 */

/** `+1` or (US region only) `1` or nothing, then 3, 3 and 4 digits, the first three maybe in parentheses, groups split by one space, dot or dash. */
const WELL_FORMED = /^(\+1|1)?[ .-]?(?:\((\d{3})\)|(\d{3}))[ .-]?(\d{3})[ .-]?(\d{4})$/;

const compiled = new Map<string, RegExp>();
function pattern(source: string, anchored: boolean): RegExp {
  const key = `${anchored ? '^' : ''}${source}`;
  let regex = compiled.get(key);
  if (!regex) {
    regex = new RegExp(anchored ? `^(?:${source})$` : source);
    compiled.set(key, regex);
  }
  return regex;
}

/** libphonenumber's getNumberType is defined: the national pattern and one type's pattern and length match. */
function hasType(national: string, plan: NanpPlan): boolean {
  if (!pattern(plan.nationalPattern, true).test(national)) return false;
  return plan.types.some((type) => type.lengths.includes(national.length) && pattern(type.pattern, true).test(national));
}

/** libphonenumber's validity of a +1 national number: the region it belongs to, and a type of that region's. */
export function isValidNanpNumber(national: string): boolean {
  for (const plan of NANP_PLANS) {
    if (plan.leadingDigits !== null) {
      if (national.search(pattern(plan.leadingDigits, false)) === 0) return hasType(national, plan);
    } else if (hasType(national, plan)) return true;
  }
  return false;
}

/**
 * The E.164 form of a well-formed +1 number, null when it is well-formed but no valid number, and
 * undefined when this does not decide (the package does).
 */
export function nanpE164(raw: string, defaultRegion: string): string | null | undefined {
  const match = WELL_FORMED.exec(raw.trim());
  if (!match) return undefined;
  if (match[1] !== '+1' && defaultRegion.toUpperCase() !== 'US') return undefined;
  const national = `${match[2] ?? match[3]}${match[4]}${match[5]}`;
  return isValidNanpNumber(national) ? `+1${national}` : null;
}
