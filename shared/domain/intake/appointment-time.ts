import { DateTime } from 'luxon';

const LOCAL_FORMATS = [
  'yyyy-MM-dd HH:mm',
  'yyyy-MM-dd HH:mm:ss',
  'M/d/yyyy h:mm a',
  'M/d/yyyy H:mm',
  'M/d/yyyy h:mma',
  'yyyy-MM-dd h:mm a',
];

/**
 * Parses a requested appointment time. ISO 8601 with an offset is taken as is; ISO without one,
 * and the common form formats (`2026-11-25 14:00`, `11/25/2026 2:00 PM`), are read as local time
 * in the team's zone. Returns the UTC instant, or null when the text is not a date-time.
 */
export function parseAppointmentTime(text: string, timezone: string): string | null {
  const trimmed = text.trim();
  let parsed = DateTime.fromISO(trimmed, { zone: timezone, setZone: false });
  if (!parsed.isValid || !/T|\d{2}:\d{2}/.test(trimmed)) {
    parsed = DateTime.invalid('no format');
    for (const format of LOCAL_FORMATS) {
      const candidate = DateTime.fromFormat(trimmed, format, { zone: timezone, locale: 'en-US' });
      if (candidate.isValid) {
        parsed = candidate;
        break;
      }
    }
  }
  return parsed.isValid ? (parsed.toUTC().toISO() as string) : null;
}
