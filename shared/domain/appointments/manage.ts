import type { SchedulerConfig } from '#shared/domain/schedulers';
import { NotFoundError } from '#shared/errors';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import type { StoredAppointment } from './appointment';
import { changeCutoffMinutes } from './change-cutoff';
import { manageTokenMatches, readManageToken } from './manage-token';
import type { ChangeDependencies } from './marks';

/**
 * The customer's side of a visit, reached by its manage link alone (no key, no session): the
 * link's secret is checked against the stored hash in constant time, and an unknown, malformed or
 * wrong link is the same 404, so trying links teaches nothing.
 */
export interface ManageDependencies extends ChangeDependencies {
  readonly tenancy: Pick<TenancyStore, 'getTeam'>;
}

export async function requireManagedAppointment(deps: Pick<ManageDependencies, 'appointments'>, token: string): Promise<StoredAppointment> {
  const read = readManageToken(token);
  const stored = read ? await deps.appointments.getAppointment(read.appointmentId) : null;
  if (!read || !stored || !manageTokenMatches(read.secret, stored.manage)) throw new NotFoundError('No appointment for this link');
  return stored;
}

/** What the manage page shows: the visit, whose it is, and what the customer may still do. */
export interface ManagedAppointment {
  readonly stored: StoredAppointment;
  readonly businessName: string;
  readonly scheduler: SchedulerConfig | null;
  /** The visit started or ended: it is shown, never changed. */
  readonly readOnly: boolean;
  /** It may be moved or cancelled online now (not read-only, and before the cut-off). */
  readonly changeable: boolean;
  readonly cutoffMinutes: number;
}

export async function viewManagedAppointment(deps: ManageDependencies, stored: StoredAppointment, now: Date): Promise<ManagedAppointment> {
  const a = stored.appointment;
  const [team, scheduler] = await Promise.all([
    deps.tenancy.getTeam(a.team_id),
    a.scheduler_id === null ? null : deps.schedulers.getScheduler(a.team_id, a.scheduler_id),
  ]);
  const start = Date.parse(a.starts_at);
  const readOnly = ['cancelled', 'completed', 'no_show'].includes(a.status) || now.getTime() >= start;
  const cutoffMinutes = changeCutoffMinutes(scheduler);
  return {
    stored,
    businessName: scheduler?.name ?? team?.name ?? 'the business',
    scheduler,
    readOnly,
    changeable: !readOnly && now.getTime() < start - cutoffMinutes * 60_000,
    cutoffMinutes,
  };
}
