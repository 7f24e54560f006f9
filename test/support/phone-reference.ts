import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** What toE164 answered when it imported `libphonenumber-js/max`: the package's own reading, the answer every reader of numbers must give. */
export function referenceE164(raw: string, defaultRegion = 'US'): string | null {
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed.length > 40) return null;
  const parsed = parsePhoneNumberFromString(trimmed, { defaultCountry: defaultRegion.toUpperCase() as CountryCode, extract: false });
  if (!parsed?.isValid()) return null;
  return parsed.number;
}
