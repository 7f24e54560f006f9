import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { NANP_KEY_LENGTH, NANP_PREFIX_RECORDS, NANP_RECORD_COUNT, NANP_RECORD_LENGTH } from '#shared/domain/sms/nanp-zones';
import { candidateZones } from '#shared/domain/sms/quiet-hours';
import { REPOSITORY_ROOT } from '../../../../support/import-graph';

/**
 * candidateZones searches the +1 time-zone map in sorted text records (nanp-zones.ts, for cold start):
 * every number must get the zones the JSON map gives, longest prefix first.
 */
const MAP = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'shared', 'domain', 'sms', 'nanp-timezones.json'), 'utf8')) as Record<
  string,
  string[]
>;

/** The lookup as it read the JSON map before the text form. */
function reference(e164: string, fallbackZone: string): string[] {
  if (!e164.startsWith('+1') || e164.length !== 12) return [fallbackZone];
  for (let len = 6; len >= 3; len--) {
    const zones = MAP[e164.slice(2, 2 + len)];
    if (zones) return zones;
  }
  return [fallbackZone];
}

describe('candidateZones', () => {
  it('holds every prefix of the JSON map and no other (after changing it: npx tsx bin/nanp-timezones.ts)', () => {
    const records = NANP_PREFIX_RECORDS.match(new RegExp(`.{${NANP_RECORD_LENGTH}}`, 'g')) ?? [];
    expect(records.join('')).toBe(NANP_PREFIX_RECORDS);
    expect([NANP_RECORD_LENGTH, records.length]).toEqual([NANP_KEY_LENGTH + 1, NANP_RECORD_COUNT]);
    // Sorted, as the binary search needs, and each prefix once.
    expect(records).toEqual([...records].sort());
    const prefixes = records.map((record) => record.slice(0, NANP_KEY_LENGTH).trim());
    expect(prefixes.sort()).toEqual(Object.keys(MAP).sort());
  });

  it('answers as the JSON map for a number under every prefix, its neighbours and unknown area codes', () => {
    let checked = 0;
    for (const prefix of Object.keys(MAP)) {
      for (const digit of ['0', '5', '9']) {
        const national = `${prefix}${digit.repeat(10 - prefix.length)}`;
        const neighbour = `${prefix.slice(0, -1)}${(Number(prefix.at(-1)) + 1) % 10}${'1'.repeat(10 - prefix.length)}`;
        for (const e164 of [`+1${national}`, `+1${neighbour}`]) {
          expect({ e164, zones: candidateZones(e164, 'Europe/Paris') }).toEqual({ e164, zones: reference(e164, 'Europe/Paris') });
          checked += 1;
        }
      }
    }
    expect(checked).toBe(Object.keys(MAP).length * 6);
  });

  it('gives several zones where the map cannot tell, and the team’s zone outside +1 or for an unknown prefix', () => {
    expect(candidateZones('+12085550100', 'UTC')).toEqual(['America/Boise', 'America/Los_Angeles']);
    expect(candidateZones('+442071838750', 'Europe/London')).toEqual(['Europe/London']);
    expect(candidateZones('+1208555010', 'UTC')).toEqual(['UTC']);
    expect(candidateZones('+19995550100', 'Asia/Tokyo')).toEqual(['Asia/Tokyo']);
  });
});
