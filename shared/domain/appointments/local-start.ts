import { DateTime } from 'luxon';
import type { Appointment } from './appointment';

/** The visit's local date (YYYY-MM-DD) and time (HH:mm) in its zone. */
export function localStart(appointment: Pick<Appointment, 'starts_at' | 'time_zone'>): { date: string; time: string } {
  const local = DateTime.fromISO(appointment.starts_at, { zone: 'utc' }).setZone(appointment.time_zone);
  return { date: local.toFormat('yyyy-MM-dd'), time: local.toFormat('HH:mm') };
}
