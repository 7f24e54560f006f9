import { nextAllowedInstant, type SchedulingConfig } from '#shared/domain/intake/scheduling';

const weekdays9to5 = {
  monday: [{ start: '09:00', end: '17:00' }],
  tuesday: [{ start: '09:00', end: '17:00' }],
  wednesday: [{ start: '09:00', end: '17:00' }],
  thursday: [{ start: '09:00', end: '17:00' }],
  friday: [{ start: '09:00', end: '17:00' }],
};

function config(overrides: Partial<SchedulingConfig>): SchedulingConfig {
  return { mode: 'business_hours', timezone: 'America/New_York', business_hours: weekdays9to5, custom_windows: {}, ...overrides };
}

const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('nextAllowedInstant', () => {
  it('calls at once in always mode', () => {
    expect(iso(nextAllowedInstant(config({ mode: 'always' }), at('2026-11-22T03:00:00Z')))).toBe('2026-11-22T03:00:00.000Z');
  });

  it('calls at once inside business hours', () => {
    // Tuesday 10:00 in New York (EST, UTC-5)
    expect(iso(nextAllowedInstant(config({}), at('2026-11-24T15:00:00Z')))).toBe('2026-11-24T15:00:00.000Z');
  });

  it('waits for Monday 09:00 when a lead arrives on Saturday', () => {
    expect(iso(nextAllowedInstant(config({}), at('2026-11-21T18:00:00Z')))).toBe('2026-11-23T14:00:00.000Z');
  });

  it('treats the end of a window as closed', () => {
    // Tuesday 17:00 New York → Wednesday 09:00
    expect(iso(nextAllowedInstant(config({}), at('2026-11-24T22:00:00Z')))).toBe('2026-11-25T14:00:00.000Z');
  });

  it('resolves the next opening across the spring-forward change', () => {
    // Friday 2026-03-06 18:00 EST → Monday 2026-03-09 09:00 EDT (UTC-4)
    expect(iso(nextAllowedInstant(config({}), at('2026-03-06T23:00:00Z')))).toBe('2026-03-09T13:00:00.000Z');
  });

  it('resolves the next opening across the fall-back change', () => {
    // Saturday 2026-10-31 12:00 EDT → Monday 2026-11-02 09:00 EST (UTC-5)
    expect(iso(nextAllowedInstant(config({}), at('2026-10-31T16:00:00Z')))).toBe('2026-11-02T14:00:00.000Z');
  });

  it('starts a window that begins in the skipped hour at the first valid instant', () => {
    const cfg = config({ mode: 'custom', custom_windows: { sunday: [{ start: '02:30', end: '04:00' }] } });
    // Sunday 2026-03-08 01:00 EST; 02:30 does not exist that day → 03:30 EDT = 07:30Z
    expect(iso(nextAllowedInstant(cfg, at('2026-03-08T06:00:00Z')))).toBe('2026-03-08T07:30:00.000Z');
  });

  it('honours a custom window that crosses midnight, from the day it started', () => {
    const cfg = config({ mode: 'custom', custom_windows: { friday: [{ start: '22:00', end: '06:00' }] } });
    // Saturday 2026-11-28 02:00 New York is inside Friday's 22:00–06:00 window
    expect(iso(nextAllowedInstant(cfg, at('2026-11-28T07:00:00Z')))).toBe('2026-11-28T07:00:00.000Z');
    // Saturday 07:00 is past it → next Friday 22:00
    expect(iso(nextAllowedInstant(cfg, at('2026-11-28T12:00:00Z')))).toBe('2026-12-05T03:00:00.000Z');
  });

  it('calls after hours at once outside business hours and at closing time inside them', () => {
    const cfg = config({ mode: 'after_hours' });
    expect(iso(nextAllowedInstant(cfg, at('2026-11-24T23:30:00Z')))).toBe('2026-11-24T23:30:00.000Z');
    expect(iso(nextAllowedInstant(cfg, at('2026-11-24T15:00:00Z')))).toBe('2026-11-24T22:00:00.000Z');
  });

  it('returns null when business hours are empty', () => {
    expect(nextAllowedInstant(config({ business_hours: {} }), at('2026-11-24T15:00:00Z'))).toBeNull();
  });

  it('returns null for after_hours when business hours never end', () => {
    const allDay = { start: '00:00', end: '00:00' };
    const cfg = config({
      mode: 'after_hours',
      business_hours: {
        monday: [allDay],
        tuesday: [allDay],
        wednesday: [allDay],
        thursday: [allDay],
        friday: [allDay],
        saturday: [allDay],
        sunday: [allDay],
      },
    });
    expect(nextAllowedInstant(cfg, at('2026-11-24T15:00:00Z'))).toBeNull();
  });
});
