import type { CustomerInfo, SessionRecord, SessionStatus } from '#shared/domain/sessions';
import { attributionFor } from './attribution';
import { addDays, iso, LocalCalendar, weekdayOf } from './calendar';
import { person, pickIssue, type ServiceArea, serviceAreasFor, type Trade } from './catalog';
import { Random } from './random';

/** Scheduling-widget sessions: the funnel each session reaches, its customer and its booking. */

export interface GeneratorOptions {
  readonly teamId: number;
  /** IANA zone of the team: hours of day and calendar days are local to it. */
  readonly timezone: string;
  readonly count: number;
  /** Records spread over the last `days` days before `now`. */
  readonly days: number;
  readonly seed: number;
  /** @default new Date() — pass a fixed instant for reproducible output. */
  readonly now?: Date;
  /** @default 'home_services' */
  readonly trade?: Trade;
  /** @default serviceAreasFor(timezone) */
  readonly serviceAreas?: readonly ServiceArea[];
}

/** Funnel stages in order; a session reaches a prefix of them. */
const FUNNEL = ['session_started', 'issue_selected', 'booking_started', 'customer_info_completed', 'booking_completed'] as const;

const STATUS_MIX: readonly (readonly [SessionStatus, number])[] = [
  ['booked', 35],
  ['dropped_off', 45],
  ['pending', 20],
];

/** The last funnel stage (index into FUNNEL) reached by sessions that did not book. */
const DROPPED_STAGE_MIX: readonly (readonly [number, number])[] = [
  [0, 30],
  [1, 35],
  [2, 20],
  [3, 15],
];
const PENDING_STAGE_MIX: readonly (readonly [number, number])[] = [
  [0, 15],
  [1, 30],
  [2, 30],
  [3, 25],
];

/** Seconds from the previous event to each stage. */
const STAGE_GAP_SECONDS: readonly (readonly [number, number])[] = [
  [0, 0],
  [5, 90],
  [20, 240],
  [30, 300],
  [3, 60],
];

/** The widget marks a session abandoned after 30 minutes without activity. */
const ABANDON_AFTER_SECONDS = 30 * 60;

export const SLOT_TIMES = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];

/**
 * Sessions of one team, oldest first. Status mix ≈ 35 % booked, 45 % dropped_off, 20 % pending.
 * Events follow the funnel with increasing instants: booked sessions reach booking_completed
 * (completed_at is its instant); dropped_off sessions stop at an earlier stage and end with
 * session_abandoned 30 minutes later; pending sessions stop at an earlier stage with nothing after.
 * last_activity_at is the customer's last event (the abandonment is the widget's, not theirs).
 */
export function generateSessions(options: GeneratorOptions): SessionRecord[] {
  const rng = new Random(options.seed);
  const trade = options.trade ?? 'home_services';
  const areas = options.serviceAreas ?? serviceAreasFor(options.timezone);
  const calendar = new LocalCalendar(options.now ?? new Date(), options.timezone, options.days);
  const sessions: SessionRecord[] = [];

  for (let i = 0; i < options.count; i++) {
    const start = calendar.pick(rng);
    const status = rng.weighted(STATUS_MIX);
    const reached = status === 'booked' ? 4 : rng.weighted(status === 'dropped_off' ? DROPPED_STAGE_MIX : PENDING_STAGE_MIX);
    const issue = pickIssue(rng, trade, start);
    const area = rng.pick(areas);
    const customer = person(rng, area);

    const events: { event_type: string; created_at: string }[] = [];
    let t = start.ms;
    for (let stage = 0; stage <= reached; stage++) {
      const [min, max] = STAGE_GAP_SECONDS[stage] as readonly [number, number];
      if (stage > 0) t += rng.int(min, max) * 1000 + rng.int(0, 999);
      events.push({ event_type: FUNNEL[stage] as string, created_at: iso(t) });
    }
    const lastCustomerActivity = t;
    if (status === 'dropped_off') {
      t += (ABANDON_AFTER_SECONDS + rng.int(0, 59)) * 1000 + rng.int(0, 999);
      events.push({ event_type: 'session_abandoned', created_at: iso(t) });
    }

    let customer_info: CustomerInfo = { name: null, email: null, phone: null, address: null };
    if (reached >= 3) {
      customer_info = {
        name: customer.name,
        email: rng.chance(0.93) ? customer.email : null,
        phone: customer.phone,
        address: customer.address,
      };
    } else if (reached === 2 && rng.chance(0.4)) {
      // Started the contact form, left before finishing it.
      customer_info = { name: customer.name, email: null, phone: customer.phone, address: null };
    }

    let selected_date: string | null = null;
    let selected_time: string | null = null;
    if (reached >= 2) {
      const urgent = issue.job === 'Emergency service';
      let day = addDays(start.date, urgent ? rng.int(0, 1) : rng.int(start.hour < 12 ? 0 : 1, 7));
      if (weekdayOf(day) === 7 && !urgent) day = addDays(day, 1);
      selected_date = day;
      const earliestSlot = day === start.date ? start.hour + 2 : 0;
      const slots = SLOT_TIMES.filter((s) => Number(s.slice(0, 2)) >= earliestSlot);
      selected_time = slots.length > 0 ? rng.pick(slots) : '16:00';
    }

    const { utm, google_ads } = attributionFor(rng, trade, issue);
    const booked = status === 'booked';
    const [low, high] = issue.value;
    sessions.push({
      session_id: `ses_${rng.hex(24)}`,
      team_id: options.teamId,
      scheduler_id: options.teamId * 10 + (rng.chance(0.85) ? 1 : 2),
      status,
      customer_info,
      issue_type: reached >= 1 ? issue.issue : null,
      job_type: reached >= 1 ? issue.job : null,
      selected_date,
      selected_time,
      utm,
      google_ads,
      st_job_id: booked && rng.chance(0.6) ? rng.int(48_000_000, 49_999_999) : null,
      started_at: iso(start.ms),
      completed_at: booked ? iso(t) : null,
      last_activity_at: iso(lastCustomerActivity),
      events,
      service_area: reached >= 1 ? area.city : null,
      conversion_value: booked ? Math.round((low + rng.float() * (high - low)) / 5) * 5 : null,
    });
  }
  return sessions.sort((a, b) => (a.started_at < b.started_at ? -1 : a.started_at > b.started_at ? 1 : 0));
}
