import { atLoad } from '#shared/lazy';
import { NANP_ZONES_TEXT } from './nanp-zones';

/**
 * Where a NANP number's holder probably is: libphonenumber's time-zone map for +1 (area codes,
 * and longer prefixes where an area code spans zones), longest prefix first. Several zones come
 * back where the map cannot tell (e.g. 208 Idaho: Boise and Los Angeles). Outside +1, or for an
 * unknown prefix, the team's zone is used.
 */
// Built at load, not on first use: every campaign create and send reads it (atLoad: a function that never calls candidateZones drops it).
const ZONES_BY_PREFIX = /* @__PURE__ */ atLoad(() => {
  const table = new Map<string, readonly string[]>();
  for (const group of NANP_ZONES_TEXT.split(';')) {
    const [zones = '', prefixes = ''] = group.split(':');
    const list = zones.split(',');
    for (const prefix of prefixes.split(' ')) table.set(prefix, list);
  }
  return table;
});

export function candidateZones(e164: string, fallbackZone: string): readonly string[] {
  if (!e164.startsWith('+1') || e164.length !== 12) return [fallbackZone];
  const national = e164.slice(2);
  for (let len = 6; len >= 3; len--) {
    const zones = ZONES_BY_PREFIX.get(national.slice(0, len));
    if (zones) return zones;
  }
  return [fallbackZone];
}
