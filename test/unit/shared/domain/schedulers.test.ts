import { IANAZone } from 'luxon';
import { schedulerSettingsSchema } from '#shared/domain/schedulers';

const settings = (time_zone: string) => ({
  name: 'Main',
  services: ['Repair'],
  job_types: [],
  service_areas: ['Chicago'],
  time_zone,
  hours: { monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null, sunday: null },
});

describe('scheduler settings time zone', () => {
  it('accepts the zones Intl knows, in any case, and refuses others naming time_zone', () => {
    for (const zone of ['America/Chicago', 'europe/paris', 'UTC', 'Etc/GMT+5']) {
      expect(schedulerSettingsSchema.safeParse(settings(zone)).success).toBe(true);
    }
    for (const zone of ['', 'Mars/Olympus_Mons', 'America/Chicago ', 'Central Time']) {
      const parsed = schedulerSettingsSchema.safeParse(settings(zone));
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({ path: ['time_zone'], message: 'must be an IANA time zone such as America/Chicago' }),
      ]);
    }
  });

  it('accepts exactly what luxon accepts, so no stored scheduler stops reading', () => {
    for (const zone of ['America/Chicago', 'Asia/Kolkata', 'EST5EDT', 'utc', '+05:00', 'Nowhere/Else', 'America/', '']) {
      expect({ zone, ok: schedulerSettingsSchema.safeParse(settings(zone)).success }).toEqual({ zone, ok: IANAZone.isValidZone(zone) });
    }
  });
});
