/**
 * What a scheduler says about following a booking through: when its reminders go (before the
 * visit), until when a customer may move or cancel it themselves, and how a customer who left a
 * booking unfinished is reached again. Durations are written `90m` or `24h` by operators and kept
 * in minutes.
 */

export const RECOVERY_MODES = ['call', 'text', 'both', 'off'] as const;
export type RecoveryMode = (typeof RECOVERY_MODES)[number];

export const FOLLOW_THROUGH_DEFAULTS = {
  reminder_offsets_minutes: [24 * 60, 2 * 60],
  change_cutoff_minutes: 2 * 60,
  recovery: 'text',
} as const satisfies { reminder_offsets_minutes: readonly number[]; change_cutoff_minutes: number; recovery: RecoveryMode };

/** Longest reminder offset and change cutoff: a month before the visit. */
export const MAX_OFFSET_MINUTES = 31 * 24 * 60;
/** More reminders than this would read as spam for one visit. */
export const MAX_REMINDERS = 5;

const DURATION = /^([0-9]{1,6})\s*([mh])$/i;

/** `90m` → 90, `24h` → 1440; null when the text is not a whole number of minutes or hours. */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const [, amount = '', unit = ''] = match;
  return Number(amount) * (unit.toLowerCase() === 'h' ? 60 : 1);
}

/** 1440 → `24h`, 90 → `90m`: whole hours in hours, the rest in minutes (parseDuration reads it back). */
export function formatDuration(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60}h` : `${minutes}m`;
}

/**
 * `24h,2h` → [1440, 120]; `none` → []. Answers an error message naming the part that is not a
 * duration; range and repeats are the schema's to refuse.
 */
export function parseReminderOffsets(text: string): { offsets: number[] } | { error: string } {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'none') return { offsets: [] };
  const offsets: number[] = [];
  for (const part of trimmed.split(',')) {
    const minutes = parseDuration(part);
    if (minutes === null) return { error: `'${part.trim()}' is not a duration such as 24h or 30m (or use none)` };
    offsets.push(minutes);
  }
  return { offsets };
}

/**
 * The reminder offsets an appointment takes when it is made or moved: its scheduler's; for one
 * without a scheduler (or whose scheduler is gone), the team's first scheduler's (lowest id); the
 * defaults when the team has none.
 */
export function reminderOffsetsInForce(
  teamSchedulers: readonly { readonly scheduler_id: number; readonly reminder_offsets_minutes: readonly number[] }[],
  schedulerId: number | null,
): number[] {
  const own = schedulerId === null ? undefined : teamSchedulers.find((s) => s.scheduler_id === schedulerId);
  const first = [...teamSchedulers].sort((a, b) => a.scheduler_id - b.scheduler_id)[0];
  return [...((own ?? first)?.reminder_offsets_minutes ?? FOLLOW_THROUGH_DEFAULTS.reminder_offsets_minutes)];
}
