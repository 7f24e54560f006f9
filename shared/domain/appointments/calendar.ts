import { DateTime } from 'luxon';
import type { StoredAppointment } from './appointment';

/**
 * The visit as an iCalendar file (RFC 5545): one VEVENT at the visit's local time with its zone's
 * TZID, and the VTIMEZONE that TZID names (Outlook needs it), built from the zone's offsets in the
 * visit's year. SEQUENCE is the record's version, so a calendar that imported an earlier copy
 * takes a moved or cancelled visit as the newer one.
 */
const CRLF = '\r\n';
const LOCAL = "yyyyMMdd'T'HHmmss";

function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after a space (section 3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 74;
    while (Buffer.byteLength(rest.slice(0, cut)) > 74) cut--;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts.join(`${CRLF} `);
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** The first instant of a new offset in (from, from + span]: narrowed by halves to the minute. */
function changeIn(zone: string, from: DateTime, spanMinutes: number): DateTime {
  let lo = from;
  let span = spanMinutes;
  const before = from.setZone(zone).offset;
  while (span > 1) {
    const half = Math.ceil(span / 2);
    if (lo.plus({ minutes: half }).setZone(zone).offset === before) {
      lo = lo.plus({ minutes: half });
      span -= half;
    } else span = half;
  }
  return lo.plus({ minutes: 1 });
}

/** The instants in a year where the zone's offset changes, day by day then narrowed within the day. */
function transitions(zone: string, year: number): DateTime[] {
  const found: DateTime[] = [];
  let day = DateTime.fromObject({ year, month: 1, day: 1 }, { zone: 'utc' });
  const end = day.plus({ years: 1 });
  while (day < end) {
    const next = day.plus({ days: 1 });
    if (next.setZone(zone).offset !== day.setZone(zone).offset) found.push(changeIn(zone, day, 24 * 60));
    day = next;
  }
  return found;
}

function vtimezone(zone: string, year: number): string[] {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const changes = transitions(zone, year);
  if (changes.length === 0) {
    const offset = offsetText(DateTime.fromObject({ year }, { zone }).offset);
    return [
      ...lines,
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      'END:STANDARD',
      'END:VTIMEZONE',
    ];
  }
  for (const at of changes) {
    const before = at.minus({ minutes: 1 }).setZone(zone).offset;
    const after = at.setZone(zone);
    const kind = after.isInDST ? 'DAYLIGHT' : 'STANDARD';
    // The observance starts at the wall-clock time it begins, read in the offset before it.
    const start = at.setZone('utc').plus({ minutes: before }).toFormat(LOCAL);
    lines.push(`BEGIN:${kind}`, `DTSTART:${start}`, `TZOFFSETFROM:${offsetText(before)}`, `TZOFFSETTO:${offsetText(after.offset)}`);
    lines.push(`TZNAME:${after.offsetNameShort ?? offsetText(after.offset)}`, `END:${kind}`);
  }
  return [...lines, 'END:VTIMEZONE'];
}

export function calendarOf(
  stored: StoredAppointment,
  context: { readonly businessName: string; readonly manageUrl: string | null },
): string {
  const a = stored.appointment;
  const start = DateTime.fromISO(a.starts_at, { zone: 'utc' }).setZone(a.time_zone);
  const end = start.plus({ minutes: a.duration_minutes });
  const stamp = DateTime.fromISO(a.updated_at, { zone: 'utc' }).toFormat(`${LOCAL}'Z'`);
  const summary = a.service ? `${a.service} with ${context.businessName}` : `Visit with ${context.businessName}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//lead-call-scheduling-service//appointments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...vtimezone(a.time_zone, start.year),
    'BEGIN:VEVENT',
    `UID:${a.appointment_id}@lead-call-scheduling-service`,
    `DTSTAMP:${stamp}`,
    `SEQUENCE:${stored.version}`,
    `DTSTART;TZID=${a.time_zone}:${start.toFormat(LOCAL)}`,
    `DTEND;TZID=${a.time_zone}:${end.toFormat(LOCAL)}`,
    `SUMMARY:${escapeText(summary)}`,
    ...(context.manageUrl
      ? [`DESCRIPTION:${escapeText(`See, move or cancel this visit: ${context.manageUrl}`)}`, `URL:${context.manageUrl}`]
      : []),
    ...(a.customer.address ? [`LOCATION:${escapeText(a.customer.address)}`] : []),
    `STATUS:${a.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join(CRLF)}${CRLF}`;
}
