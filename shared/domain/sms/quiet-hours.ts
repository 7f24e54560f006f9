import { NANP_GROUP_CODE_BASE, NANP_KEY_LENGTH, NANP_PREFIX_RECORDS, NANP_ZONE_GROUPS } from './nanp-zones';

const RECORD_LENGTH = NANP_KEY_LENGTH + 1;
const RECORD_COUNT = NANP_PREFIX_RECORDS.length / RECORD_LENGTH;

/**
 * The zone list of one prefix, or undefined: a binary search of the sorted records in the text
 * itself, so no function builds a table of the 2,043 prefixes at load (a campaign of 10,000
 * recipients makes at most four searches of eleven steps per number).
 */
function zonesOfPrefix(prefix: string): readonly string[] | undefined {
  const key = prefix.padEnd(NANP_KEY_LENGTH, ' ');
  let low = 0;
  let high = RECORD_COUNT - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = middle * RECORD_LENGTH;
    const found = NANP_PREFIX_RECORDS.slice(at, at + NANP_KEY_LENGTH);
    if (found === key) return NANP_ZONE_GROUPS[NANP_PREFIX_RECORDS.charCodeAt(at + NANP_KEY_LENGTH) - NANP_GROUP_CODE_BASE];
    if (found < key) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/**
 * Where a NANP number's holder probably is: libphonenumber's time-zone map for +1 (area codes,
 * and longer prefixes where an area code spans zones), longest prefix first. Several zones come
 * back where the map cannot tell (e.g. 208 Idaho: Boise and Los Angeles). Outside +1, or for an
 * unknown prefix, the team's zone is used.
 */
export function candidateZones(e164: string, fallbackZone: string): readonly string[] {
  if (!e164.startsWith('+1') || e164.length !== 12) return [fallbackZone];
  const national = e164.slice(2);
  for (let len = 6; len >= 3; len--) {
    const zones = zonesOfPrefix(national.slice(0, len));
    if (zones) return zones;
  }
  return [fallbackZone];
}
