import {
  NANP_GROUP_CODE_BASE,
  NANP_KEY_LENGTH,
  NANP_PREFIX_RECORDS,
  NANP_RECORD_COUNT,
  NANP_RECORD_LENGTH,
  NANP_ZONE_GROUPS,
} from './nanp-zones';

/** The record at `at` against the key, as string comparison orders them, reading the text in place. */
function compareRecord(at: number, key: string): number {
  for (let i = 0; i < NANP_KEY_LENGTH; i++) {
    const difference = NANP_PREFIX_RECORDS.charCodeAt(at + i) - key.charCodeAt(i);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * Where a key's record is (its index), or where it would be (`-(insertion point) - 1`): a binary
 * search of the sorted records from `low` on, in the text itself.
 */
function findRecord(key: string, low: number): number {
  let from = low;
  let to = NANP_RECORD_COUNT - 1;
  while (from <= to) {
    const middle = (from + to) >>> 1;
    const order = compareRecord(middle * NANP_RECORD_LENGTH, key);
    if (order === 0) return middle;
    if (order < 0) from = middle + 1;
    else to = middle - 1;
  }
  return -from - 1;
}

function zonesAt(index: number): readonly string[] {
  const code = NANP_PREFIX_RECORDS.charCodeAt(index * NANP_RECORD_LENGTH + NANP_KEY_LENGTH);
  return NANP_ZONE_GROUPS[code - NANP_GROUP_CODE_BASE] ?? [];
}

/**
 * Where a NANP number's holder probably is: libphonenumber's time-zone map for +1 (area codes,
 * and longer prefixes where an area code spans zones), longest prefix first. Several zones come
 * back where the map cannot tell (e.g. 208 Idaho: Boise and Los Angeles). Outside +1, or for an
 * unknown prefix, the team's zone is used.
 *
 * The map is searched in its text (nanp-zones.ts), so no function builds a table of its 2,043
 * prefixes at load (about 0.5 ms of every cold start). An area code's longer prefixes sort right
 * after it (a key is padded with spaces, which sort first), so one search answers a number whose
 * area code is not split, and a split one searches only from there on.
 */
export function candidateZones(e164: string, fallbackZone: string): readonly string[] {
  if (!e164.startsWith('+1') || e164.length !== 12) return [fallbackZone];
  const national = e164.slice(2);
  const area = national.slice(0, 3);
  const areaIndex = findRecord(area.padEnd(NANP_KEY_LENGTH, ' '), 0);
  const next = areaIndex >= 0 ? areaIndex + 1 : -areaIndex - 1;
  if (next < NANP_RECORD_COUNT && NANP_PREFIX_RECORDS.startsWith(area, next * NANP_RECORD_LENGTH)) {
    for (let len = 6; len >= 4; len--) {
      const index = findRecord(national.slice(0, len).padEnd(NANP_KEY_LENGTH, ' '), next);
      if (index >= 0) return zonesAt(index);
    }
  }
  return areaIndex >= 0 ? zonesAt(areaIndex) : [fallbackZone];
}
