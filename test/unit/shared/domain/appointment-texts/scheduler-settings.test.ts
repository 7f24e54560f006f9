import fc from 'fast-check';
import { followThroughMembers } from '#shared/domain/appointment-texts/follow-through-members';
import {
  formatDuration,
  parseDuration,
  parseReminderOffsets,
  reminderOffsetsInForce,
} from '#shared/domain/appointment-texts/scheduler-settings';

describe('follow-through durations', () => {
  it('reads minutes and hours, in any case, and nothing else', () => {
    expect(parseDuration('24h')).toBe(1440);
    expect(parseDuration(' 90M ')).toBe(90);
    for (const text of ['2d', '1.5h', 'h', '-2h', '', '2 hours', '1e3m']) expect(parseDuration(text)).toBeNull();
  });

  it('writes any whole number of minutes so that it reads back the same (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999 }), (minutes) => expect(parseDuration(formatDuration(minutes))).toBe(minutes)));
  });

  it('reads offsets as a list, none as no reminders, and names the part that is not a duration', () => {
    expect(parseReminderOffsets('24h,2h')).toEqual({ offsets: [1440, 120] });
    expect(parseReminderOffsets('NONE')).toEqual({ offsets: [] });
    expect(parseReminderOffsets('24h, 2 days')).toEqual({ error: expect.stringContaining("'2 days'") });
  });

  it('answers any text with offsets or an error, never a throw (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const read = parseReminderOffsets(text);
        if ('offsets' in read) expect(read.offsets.every((m) => Number.isInteger(m) && m >= 0)).toBe(true);
        else expect(read.error).toMatch(/not a duration/);
      }),
    );
  });

  it('keeps offsets largest first, refuses repeats, and defaults to 24h and 2h before the visit', () => {
    const offsets = followThroughMembers.reminder_offsets_minutes;
    expect(offsets.parse([30, 1440, 120])).toEqual([1440, 120, 30]);
    expect(offsets.parse(undefined)).toEqual([1440, 120]);
    expect(offsets.safeParse([120, 120]).success).toBe(false);
    expect(offsets.safeParse([0]).success).toBe(false);
    expect(followThroughMembers.change_cutoff_minutes.parse(undefined)).toBe(120);
    expect(followThroughMembers.recovery.parse(undefined)).toBe('text');
  });

  it('holds each integer member to its own range though both refine one integer', () => {
    const { reminder_offsets_minutes: offsets, change_cutoff_minutes: cutoff } = followThroughMembers;
    expect(cutoff.parse(0)).toBe(0);
    expect(cutoff.safeParse(-1).success).toBe(false);
    expect(cutoff.safeParse(1.5).success).toBe(false);
    expect(cutoff.safeParse(31 * 24 * 60 + 1).success).toBe(false);
    expect(offsets.safeParse([0]).error?.issues[0]?.path).toEqual([0]);
    expect(offsets.safeParse([2.5]).success).toBe(false);
    expect(offsets.parse([31 * 24 * 60])).toEqual([31 * 24 * 60]);
  });

  it('takes the appointment’s scheduler’s offsets, else the team’s first scheduler’s, else the defaults', () => {
    const schedulers = [
      { scheduler_id: 9, reminder_offsets_minutes: [60] },
      { scheduler_id: 3, reminder_offsets_minutes: [] },
      { scheduler_id: 5, reminder_offsets_minutes: [2880, 30] },
    ];
    expect(reminderOffsetsInForce(schedulers, 5)).toEqual([2880, 30]);
    expect(reminderOffsetsInForce(schedulers, null)).toEqual([]);
    expect(reminderOffsetsInForce(schedulers, 42)).toEqual([]);
    expect(reminderOffsetsInForce([], null)).toEqual([1440, 120]);
  });
});
