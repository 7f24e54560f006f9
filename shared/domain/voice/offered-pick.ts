import { DateTime } from 'luxon';
import type { TimeMention } from './requested-time';

/**
 * The one of several offered times an answer picks, read by conversation-times.ts: by hour ("11 is
 * better", "ten"), weekday ("the Friday one"), part of the day ("the afternoon one") or place ("the
 * first", "the later one").
 */

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** "ten" → "10", so an answer picks an offered hour said as a word. */
const hoursInDigits = (text: string) =>
  text.replace(new RegExp(`\\b(${NUMBER_WORDS.join('|')})\\b`, 'gi'), (w) => String(NUMBER_WORDS.indexOf(w.toLowerCase()) + 1));

export function pickOffered<T extends { readonly mention: TimeMention }>(
  answer: string,
  offered: readonly T[],
  timezone: string,
): T | null {
  if (offered.length === 1) return offered[0] ?? null;
  const local = (p: T) => (p.mention.at ? DateTime.fromISO(p.mention.at, { zone: timezone }) : null);
  const hour = /\b(\d{1,2})(?::(\d{2}))?\b/.exec(hoursInDigits(answer));
  if (hour) {
    const h = Number(hour[1]) % 12;
    const m = Number(hour[2] ?? 0);
    const byHour = offered.filter((p) => (local(p)?.hour ?? -1) % 12 === h && local(p)?.minute === m);
    if (byHour.length === 1) return byHour[0] ?? null;
  }
  const weekday = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i.exec(answer)?.[1]?.toLowerCase();
  if (weekday) {
    const byDay = offered.filter((p) => DateTime.fromISO(p.mention.date).setLocale('en-US').toFormat('cccc').toLowerCase() === weekday);
    if (byDay.length === 1) return byDay[0] ?? null;
  }
  const part = /\b(morning|afternoon|evening)\b/i.exec(answer)?.[1]?.toLowerCase();
  if (part) {
    const inPart = offered.filter((p) => {
      const hour = local(p)?.hour ?? -1;
      return part === 'morning' ? hour >= 0 && hour < 12 : part === 'afternoon' ? hour >= 12 && hour < 17 : hour >= 17;
    });
    if (inPart.length === 1) return inPart[0] ?? null;
  }
  if (/\b(first|earlier|earliest)\b/i.test(answer)) return offered[0] ?? null;
  if (/\b(last|second|later|latest)\b/i.test(answer) && offered.length === 2) return offered[1] ?? null;
  return null;
}
