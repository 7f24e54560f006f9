import nanpTimezones from './nanp-timezones.json';

/**
 * Where a NANP number's holder probably is: libphonenumber's time-zone map for +1 (area codes,
 * and longer prefixes where an area code spans zones), longest prefix first. Several zones come
 * back where the map cannot tell (e.g. 208 Idaho: Boise and Los Angeles). Outside +1, or for an
 * unknown prefix, the team's zone is used.
 */
const table = nanpTimezones as Record<string, string[]>;

export function candidateZones(e164: string, fallbackZone: string): string[] {
  if (!e164.startsWith('+1') || e164.length !== 12) return [fallbackZone];
  const national = e164.slice(2);
  for (let len = 6; len >= 3; len--) {
    const zones = table[national.slice(0, len)];
    if (zones) return zones;
  }
  return [fallbackZone];
}
