import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * Normalizes a phone number to E.164 with libphonenumber (full metadata, so validity is checked
 * against real number ranges). Numbers without a country code are read in the default region.
 * Returns null when the input is not a valid number.
 */
export function toE164(raw: string, defaultRegion: string = 'US'): string | null {
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed.length > 40) return null;
  const parsed = parsePhoneNumberFromString(trimmed, { defaultCountry: defaultRegion.toUpperCase() as CountryCode, extract: false });
  if (!parsed?.isValid()) return null;
  return parsed.number;
}
