import type { BookingRequest, DayHours, SchedulerSettingsInput, Weekday } from '#shared/domain/schedulers';
import type { SessionRecord } from '#shared/domain/sessions';
import { iso } from './calendar';
import { issueTypesFor, jobTypesFor, serviceAreasFor, type Trade } from './catalog';
import { Random } from './random';

/**
 * The demo teams' schedulers and the booking requests their booked sessions sent to the
 * field-service system. Sessions carry scheduler_id team × 10 + 1 (the main widget, ≈ 85 %) or
 * + 2 (the emergency line); both offer the team's trade's issue and job types in the service areas
 * of its market (what generateSessions draws from), and their hours cover the slots it books
 * (08:00 to 16:00, urgent jobs any day). Their booking settings are the defaults.
 */
export function demoSchedulers(
  teamId: number,
  teamName: string,
  timezone: string,
  trade: Trade,
): { id: number; settings: SchedulerSettingsInput }[] {
  const common = {
    services: issueTypesFor(trade),
    job_types: jobTypesFor(trade),
    service_areas: serviceAreasFor(timezone).map((a) => a.city),
    time_zone: timezone,
    // A page served from any local port may embed the demo's widgets (the browser tests do).
    allowed_origins: ['http://127.0.0.1:*', 'http://localhost:*'],
  };
  const weekdays = (open: string, close: string, saturday: DayHours, sunday: DayHours): Record<Weekday, DayHours> => ({
    monday: { open, close },
    tuesday: { open, close },
    wednesday: { open, close },
    thursday: { open, close },
    friday: { open, close },
    saturday,
    sunday,
  });
  return [
    {
      id: teamId * 10 + 1,
      settings: {
        name: `${teamName} booking widget`,
        ...common,
        hours: weekdays('07:30', '18:00', { open: '08:00', close: '17:00' }, null),
      },
    },
    {
      id: teamId * 10 + 2,
      settings: {
        name: `${teamName} emergency line`,
        ...common,
        hours: weekdays('00:00', '23:59', { open: '00:00', close: '23:59' }, { open: '00:00', close: '23:59' }),
      },
    },
  ];
}

const FAILURES: readonly (readonly [BookingRequest['error'] & object, number])[] = [
  [{ code: 'slot_unavailable', message: 'The requested arrival window is no longer available' }, 35],
  [{ code: 'customer_match_ambiguous', message: 'Several customers match the phone number; a dispatcher must pick one' }, 25],
  [{ code: 'address_outside_zone', message: 'The service address is outside every configured zone' }, 20],
  [{ code: 'upstream_timeout', message: 'The field-service system did not answer within 30 seconds' }, 20],
];

/**
 * One request per attempt for every booked session, sent right after the booking completed: a
 * session with an st_job_id has a succeeded request creating that job (≈ 10 % after a first attempt
 * that timed out and was retried a minute later); a booked session without one has a failed request
 * with its error and no job.
 */
export function generateBookingRequests(sessions: readonly SessionRecord[], timezone: string, seed: number): BookingRequest[] {
  const rng = new Random(seed);
  const requests: BookingRequest[] = [];
  for (const session of sessions) {
    if (session.status !== 'booked' || !session.completed_at || !session.selected_date || !session.selected_time) continue;
    const base = {
      team_id: session.team_id,
      session_id: session.session_id,
      scheduler_id: session.scheduler_id,
      action: 'create' as const,
      requested_slot: { date: session.selected_date, time: session.selected_time, time_zone: timezone },
    };
    let at = Date.parse(session.completed_at) + rng.int(200, 2000);
    let attempt = 1;
    if (session.st_job_id !== null && rng.chance(0.1)) {
      const answered = at + 30_000;
      requests.push({
        ...base,
        request_id: `bkr_${rng.hex(20)}`,
        attempt,
        status: 'failed',
        st_job_id: null,
        error: { code: 'upstream_timeout', message: 'The field-service system did not answer within 30 seconds' },
        requested_at: iso(at),
        completed_at: iso(answered),
      });
      at = answered + rng.int(30, 90) * 1000;
      attempt = 2;
    }
    const answered = at + rng.int(400, 4000);
    requests.push({
      ...base,
      request_id: `bkr_${rng.hex(20)}`,
      attempt,
      status: session.st_job_id !== null ? 'succeeded' : 'failed',
      st_job_id: session.st_job_id,
      error: session.st_job_id !== null ? null : rng.weighted(FAILURES),
      requested_at: iso(at),
      completed_at: iso(answered),
    });
  }
  return requests;
}
