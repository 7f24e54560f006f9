import { type CountryCode, type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { PHONE_METADATA_JSON } from './phone-metadata';

let parsedMetadata: MetadataJson | undefined;

/**
 * libphonenumber's full ('max') metadata, the same the `libphonenumber-js/max` entry binds less
 * the fields only formatting reads (toE164 formats nothing): kept as JSON text and parsed on first
 * use, because the package's own copy is a 150 KB object literal that costs every cold start
 * about 6 ms (bin/phone-metadata.ts; docs/benchmarks.md). Memoized without a call at module load,
 * so a bundle that never normalizes a number drops the text.
 */
function metadata(): MetadataJson {
  parsedMetadata ??= JSON.parse(PHONE_METADATA_JSON) as MetadataJson;
  return parsedMetadata;
}

/**
 * Normalizes a phone number to E.164 with libphonenumber (full metadata, so validity is checked
 * against real number ranges). Numbers without a country code are read in the default region.
 * Returns null when the input is not a valid number.
 */
export function toE164(raw: string, defaultRegion: string = 'US'): string | null {
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed.length > 40) return null;
  const parsed = parsePhoneNumberFromString(
    trimmed,
    { defaultCountry: defaultRegion.toUpperCase() as CountryCode, extract: false },
    metadata(),
  );
  if (!parsed?.isValid()) return null;
  return parsed.number;
}
