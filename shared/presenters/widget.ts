import type * as z from 'zod';
import type {
  bookedAnswer,
  resumedSession,
  sessionAnswer,
  slotTaken,
  startedSession,
  widgetAvailabilityAnswer,
} from '#shared/contracts/widget';
import type { SchedulerConfig } from '#shared/domain/schedulers';
import type { SessionRecord } from '#shared/domain/sessions';
import type { OfferedSlot } from '#shared/domain/widget/availability';
import type { WidgetAvailability } from '#shared/domain/widget/widget-sessions';
import { presentSession } from './sessions';

/** The widget routes' answers (shared/contracts/widget.ts). */
export type StartedSessionBody = z.output<ReturnType<typeof startedSession>>;
export type WidgetAvailabilityBody = z.output<ReturnType<typeof widgetAvailabilityAnswer>>;
export type SessionAnswerBody = z.output<ReturnType<typeof sessionAnswer>>;
export type BookedBody = z.output<ReturnType<typeof bookedAnswer>>;
export type SlotTakenBody = z.output<ReturnType<typeof slotTaken>>;

/** What the widget shows of a scheduler: no one's data, only what the business offers. */
function presentPublicScheduler(s: SchedulerConfig): StartedSessionBody['scheduler'] {
  return {
    team_id: s.team_id,
    scheduler_id: s.scheduler_id,
    name: s.name,
    services: [...s.services],
    job_types: [...s.job_types],
    time_zone: s.time_zone,
    days_ahead: s.days_ahead,
  };
}

/** A started session: its token (shown this once), the session, and the scheduler as the widget shows it. */
export function presentStartedSession(started: {
  readonly token: string;
  readonly session: SessionRecord;
  readonly scheduler: SchedulerConfig;
}): StartedSessionBody {
  return { token: started.token, session: presentSession(started.session), scheduler: presentPublicScheduler(started.scheduler) };
}

/** A session its resume link reopened: the fresh token, the step it was left at, the session and its scheduler. */
export function presentResumedSession(resumed: {
  readonly token: string;
  readonly step: string;
  readonly session: SessionRecord;
  readonly scheduler: SchedulerConfig;
  readonly slot: (OfferedSlot & { readonly date: string }) | null;
}): z.output<ReturnType<typeof resumedSession>> {
  const { slot } = resumed;
  return {
    ...presentStartedSession(resumed),
    step: resumed.step,
    slot: slot && { date: slot.date, time: slot.time, label: slot.label, starts_at: slot.starts_at, remaining: slot.remaining },
  };
}

export function presentAvailability(availability: WidgetAvailability): WidgetAvailabilityBody {
  return {
    time_zone: availability.time_zone,
    first_date: availability.first_date,
    last_date: availability.last_date,
    days: availability.days.map((day) => ({
      date: day.date,
      slots: day.slots.map((slot) => ({ time: slot.time, label: slot.label, starts_at: slot.starts_at, remaining: slot.remaining })),
    })),
  };
}

/** A session read or changed by its token. */
export function presentSessionAnswer(session: SessionRecord): SessionAnswerBody {
  return { session: presentSession(session) };
}

/** The confirmation of a booking, with the message the widget shows (the slot in the scheduler's zone). */
export function presentBooked(session: SessionRecord, booking: { readonly startsAt: string; readonly timeZone: string }): BookedBody {
  return {
    status: 'booked',
    session: presentSession(session),
    starts_at: booking.startsAt,
    message: `Your visit is booked for ${session.selected_date} ${session.selected_time} (${booking.timeZone}).`,
  };
}

/** The slot asked for is full: fresh slots to pick another from. */
export function presentSlotTaken(slot: { readonly date: string; readonly time: string }, availability: WidgetAvailability): SlotTakenBody {
  return {
    error: 'slot_taken',
    message: `time: ${slot.date} ${slot.time} was just taken; pick another slot`,
    field: 'time',
    availability: presentAvailability(availability),
  };
}
