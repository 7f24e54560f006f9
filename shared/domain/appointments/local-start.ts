import { localDateTime } from '#shared/domain/local-days';
import type { Appointment } from './appointment';

/**
 * The visit's local date (YYYY-MM-DD) and time (HH:mm) in its zone, with Intl alone: the
 * appointments list reads nothing else of a time-zone library, and luxon costs its cold start
 * about 4 ms (docs/adr/0168-cold-start-breakdown-and-zod-mini.md).
 */
export function localStart(appointment: Pick<Appointment, 'starts_at' | 'time_zone'>): { date: string; time: string } {
  return localDateTime(Date.parse(appointment.starts_at), appointment.time_zone);
}
