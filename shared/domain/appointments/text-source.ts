import { reminderOffsetsInForce } from '#shared/domain/appointment-texts/scheduler-settings';
import type { AppointmentStore } from '#shared/ports/appointment-store';
import type { AppointmentForTexts, AppointmentTextNote, AppointmentTextSource } from '#shared/ports/appointment-text-source';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import type { StoredAppointment } from './appointment';
import { type ManageLinks, manageUrl } from './manage-token';

/**
 * The appointment texts' view of the appointment store: the visit as it is now, addressed and
 * named for a text. The business is named as the manage page names it (the scheduler, else the
 * team). A visit without a phone, or whose manage link can no longer be derived (the key was
 * rotated since it was sealed), has nothing a text could say: it reads as unknown.
 */
export interface AppointmentTextSourceDependencies {
  readonly appointments: Pick<AppointmentStore, 'getAppointment' | 'noteText'>;
  readonly schedulers: Pick<SchedulerConfigStore, 'listSchedulers'>;
  readonly tenancy: Pick<TenancyStore, 'getTeam'>;
  readonly links: Pick<ManageLinks, 'tokenOf'>;
  /** The service's public origin the manage links are under. */
  readonly origin: () => Promise<string>;
}

/** A team has a handful of schedulers: one page holds them all. */
const SCHEDULER_PAGE = 100;

/** The visit as its texts read it; null when a text could not address or link it. */
export async function forTexts(
  deps: Omit<AppointmentTextSourceDependencies, 'appointments'>,
  stored: StoredAppointment,
): Promise<AppointmentForTexts | null> {
  const a = stored.appointment;
  if (a.customer.phone === null) return null;
  const [token, page, team, origin] = await Promise.all([
    deps.links.tokenOf(a.appointment_id, stored.manage),
    deps.schedulers.listSchedulers({ teamId: a.team_id, limit: SCHEDULER_PAGE }),
    deps.tenancy.getTeam(a.team_id),
    deps.origin(),
  ]);
  if (token === null) return null;
  const schedulers = page.map((p) => p.scheduler);
  const own = schedulers.find((s) => s.scheduler_id === a.scheduler_id);
  return {
    notice: {
      teamId: a.team_id,
      appointmentId: a.appointment_id,
      phone: a.customer.phone,
      businessName: own?.name ?? team?.name ?? 'Your service provider',
      service: a.service ?? 'service',
      start: a.starts_at,
      zone: a.time_zone,
      manageUrl: manageUrl(origin, token),
    },
    status: a.status,
    reminderOffsetsMinutes: reminderOffsetsInForce(schedulers, a.scheduler_id),
  };
}

export function appointmentTextSource(deps: AppointmentTextSourceDependencies): AppointmentTextSource {
  return {
    appointment: async (teamId, appointmentId) => {
      const stored = await deps.appointments.getAppointment(appointmentId);
      // An id of another team's visit is no visit of this one.
      if (!stored || stored.appointment.team_id !== teamId) return null;
      return forTexts(deps, stored);
    },
    recordText: async (teamId, appointmentId, note: AppointmentTextNote) => {
      const reason = note.reason === null ? '' : `: ${note.reason}`;
      await deps.appointments.noteText(teamId, appointmentId, {
        key: `${note.purpose}/${note.occurrence}`,
        at: note.at,
        note: `${note.purpose} text ${note.outcome}${reason}`,
      });
    },
  };
}
