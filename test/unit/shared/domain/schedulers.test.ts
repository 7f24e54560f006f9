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

// open and close share one schema (ADR 0195): each is checked, and named, on its own.
describe('scheduler settings hours', () => {
  const withMonday = (monday: unknown) => ({ ...settings('America/Chicago'), hours: { ...settings('UTC').hours, monday } });
  const issueOf = (monday: unknown) => {
    const parsed = schedulerSettingsSchema.safeParse(withMonday(monday));
    return parsed.success ? null : { path: parsed.error.issues[0]?.path.join('.'), message: parsed.error.issues[0]?.message };
  };

  it('reads a day open before it closes', () => {
    expect(issueOf({ open: '08:00', close: '17:30' })).toBeNull();
  });

  it.each([
    ['hours.monday.open', { open: '8:00', close: '17:00' }, 'must be a time HH:MM (00:00 to 23:59)'],
    ['hours.monday.close', { open: '08:00', close: '24:00' }, 'must be a time HH:MM (00:00 to 23:59)'],
    ['hours.monday.open', { open: '17:00', close: '08:00' }, 'open must be before close'],
  ])('refuses %s of %j, saying why', (path, monday, message) => {
    expect(issueOf(monday)).toEqual({ path, message });
  });
});
