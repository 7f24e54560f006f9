import { IANAZone } from 'luxon';
import { schedulerSettingsSchema } from '#shared/domain/scheduler-settings-schema';

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

// The members refine one bare string and one integer, and a visit's length and the slots' spacing
// are one schema: each place they sit is checked, and named, on its own, with its own default.
describe('scheduler settings members built on shared schemas', () => {
  const firstIssue = (extra: Record<string, unknown>) => {
    const parsed = schedulerSettingsSchema.safeParse({ ...settings('America/Chicago'), ...extra });
    const issue = parsed.success ? null : parsed.error.issues[0];
    return issue ? { path: issue.path.join('.'), message: issue.message } : null;
  };

  it('fills each booking member with its own default', () => {
    expect(schedulerSettingsSchema.parse(settings('America/Chicago'))).toMatchObject({
      slot_minutes: 60,
      interval_minutes: 60,
      lead_time_minutes: 120,
      days_ahead: 14,
      capacity_per_slot: 1,
      allowed_origins: [],
    });
    expect(schedulerSettingsSchema.parse({ ...settings('UTC'), slot_minutes: 90 })).toMatchObject({
      slot_minutes: 90,
      interval_minutes: 60,
    });
  });

  it.each([
    ['slot_minutes', { slot_minutes: 4 }],
    ['interval_minutes', { interval_minutes: 721 }],
    ['interval_minutes', { interval_minutes: 30.5 }],
    ['lead_time_minutes', { lead_time_minutes: -1 }],
    ['days_ahead', { days_ahead: 0 }],
    ['capacity_per_slot', { capacity_per_slot: 101 }],
    ['name', { name: '  ' }],
    ['services.0', { services: ['x'.repeat(101)] }],
    ['service_areas.0', { service_areas: [7] }],
    ['allowed_origins.0', { allowed_origins: ['https://example.com/path'] }],
  ])('refuses a malformed %s, naming it', (path, extra) => {
    expect(firstIssue(extra)?.path).toBe(path);
  });

  it('keeps each member’s own message', () => {
    expect(firstIssue({ allowed_origins: ['ftp://x'] })?.message).toBe(
      'must be an origin such as https://example.com or http://127.0.0.1:*',
    );
    expect(firstIssue({ time_zone: 'Nowhere/Else' })?.message).toBe('must be an IANA time zone such as America/Chicago');
    expect(firstIssue({ name: 'Main ' })).toBeNull();
  });
});
