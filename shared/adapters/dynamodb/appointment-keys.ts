import type { AppointmentStatus } from '#shared/domain/appointments/appointment';
import { teamPk } from './keys';

/**
 * Appointments live in the leads table (a visit belongs to a lead, and both channels that make
 * visits already write that table in the same request): one item per appointment at
 * `APPOINTMENT#<id>` / `APPOINTMENT`, addressed by id alone, since the platform routes name an
 * appointment without its team and the manage link carries only its id. Two indexes list a team's
 * visits by start, newest first: `appointmentsByStart` (`apptPk = TEAM#<t>#APPOINTMENTS`) and, per
 * status, `appointmentsByStatus` (`apptStatusPk = TEAM#<t>#APPOINTMENTS#<status>`); per customer's
 * number, `appointmentsByPhone` (`apptPhonePk = TEAM#<t>#APPOINTMENTS#PHONE#<e164>`, sparse: a
 * reply to a text finds the number's next visit); all sorted by `apptSk = <starts_at>#<team>#<id>`. A moved or re-statused visit is one UpdateItem; the indexes
 * follow. The change feed (`appointmentChanges`, ADR 0147) reads `apptPk` by `apptChangeSk =
 * <updated_at>#<team>#<id>`; visits written before it lack that key and enter the feed when they next change.
 */
export const APPOINTMENT_INDEXES = {
  byStart: { name: 'appointmentsByStart', partitionKeyName: 'apptPk' },
  byStatus: { name: 'appointmentsByStatus', partitionKeyName: 'apptStatusPk' },
  byPhone: { name: 'appointmentsByPhone', partitionKeyName: 'apptPhonePk' },
  byChange: { name: 'appointmentChanges', partitionKeyName: 'apptPk' },
  sortKeyName: 'apptSk',
  changeSortKeyName: 'apptChangeSk',
} as const;

export function appointmentKey(appointmentId: string): { pk: string; sk: 'APPOINTMENT' } {
  return { pk: `APPOINTMENT#${appointmentId}`, sk: 'APPOINTMENT' };
}

export function appointmentsPk(teamId: number, status?: AppointmentStatus): string {
  return `${teamPk(teamId)}#APPOINTMENTS${status ? `#${status}` : ''}`;
}

/** The partition of a team's visits for one number (E.164). */
export function appointmentsByPhonePk(teamId: number, phone: string): string {
  return `${appointmentsPk(teamId)}#PHONE#${phone}`;
}
