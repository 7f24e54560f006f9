import { randomUUID } from 'node:crypto';
import type { ManageLinks } from '#shared/domain/appointments/manage-token';
import { phoneNumbers } from '#shared/domain/phone-numbers';
import { nameText, optionalLinesText } from '#shared/domain/plain-text';
import type { SchedulerConfig } from '#shared/domain/schedulers';
import type { CustomerInfo, Session, SessionRecord } from '#shared/domain/sessions';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '#shared/errors';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import type { StoredWidgetSession, WidgetSessionExtras, WidgetSessionStore } from '#shared/ports/widget-session-store';
import { addDays, bookableWindow, datesBetween, type OfferedDay, offeredSlots, requireBookableSlot, slotStartsOf } from './availability';
import { mintSessionToken, readSessionToken, secretMatches } from './session-token';

/**
 * The scheduling widget's sessions: started when the widget opens, their steps recorded as the
 * customer goes, booked once. Every read or change of a session needs its token; a wrong or
 * missing one is a 401 whatever session it names, so a stranger learns nothing from trying.
 */
export interface WidgetDependencies {
  readonly schedulers: Pick<SchedulerConfigStore, 'getScheduler'>;
  readonly tenancy: Pick<TenancyStore, 'getTeam'>;
  readonly sessions: WidgetSessionStore;
  /** Draws the unified lead's integer ids (the intake's counters), once per booking (no other route needs them). */
  readonly leadIds: { nextLeadId(): Promise<number>; nextStlCallId(): Promise<number> };
  /** Seals the booking's appointment manage link, once per booking. */
  readonly manageLinks: Pick<ManageLinks, 'seal'>;
}

/** Steps the widget reports as the customer goes (the start and the booking are recorded by their routes). */
export const WIDGET_STEPS = ['issue_selected', 'booking_started', 'customer_info_completed'] as const;
export type WidgetStep = (typeof WIDGET_STEPS)[number];

/** Attribution members read from the page the widget opened on. */
const UTM = ['source', 'medium', 'campaign', 'term', 'content'] as const;
const CLICK_IDS = ['gclid', 'wbraid', 'gbraid'] as const;
const MAX_PARAMETER = 256;

/** The shortest time a person takes from opening the widget to booking; a faster booking is refused (bots). */
export const MIN_DWELL_MS = 3_000;

export async function requireScheduler(
  deps: Pick<WidgetDependencies, 'schedulers'>,
  teamId: number,
  schedulerId: number,
): Promise<SchedulerConfig> {
  const scheduler = await deps.schedulers.getScheduler(teamId, schedulerId);
  if (!scheduler) throw new NotFoundError(`No scheduler ${schedulerId} of team ${teamId}`);
  return scheduler;
}

/** UTM parameters and Google click ids from the query of the page the widget opened on. */
export function attributionOf(pageUrl: string | null): Pick<Session, 'utm' | 'google_ads'> {
  let params = new URLSearchParams();
  try {
    if (pageUrl) params = new URL(pageUrl).searchParams;
  } catch {
    // An unreadable address carries no attribution; the session still starts.
  }
  const read = (name: string) => {
    const value = params.get(name)?.trim();
    return value ? value.slice(0, MAX_PARAMETER) : null;
  };
  return {
    utm: Object.fromEntries(UTM.map((m) => [m, read(`utm_${m}`)])) as Session['utm'],
    google_ads: Object.fromEntries(CLICK_IDS.map((m) => [m, read(m)])) as Session['google_ads'],
  };
}

/** A session just started: its token (shown once), the session and the scheduler it is for. */
export interface StartedWidgetSession {
  readonly token: string;
  readonly session: SessionRecord;
  readonly scheduler: SchedulerConfig;
}

export async function startWidgetSession(
  deps: Pick<WidgetDependencies, 'schedulers' | 'tenancy' | 'sessions'>,
  input: { teamId: number; schedulerId: number; pageUrl: string | null; referrer: string | null; now: Date },
): Promise<StartedWidgetSession> {
  const scheduler = await requireScheduler(deps, input.teamId, input.schedulerId);
  const team = await deps.tenancy.getTeam(input.teamId);
  if (!team) throw new NotFoundError(`No scheduler ${input.schedulerId} of team ${input.teamId}`);
  const at = input.now.toISOString();
  const sessionId = `ses_${randomUUID().replaceAll('-', '')}`;
  const { token, tokenHash } = mintSessionToken({ teamId: input.teamId, schedulerId: input.schedulerId, startedAt: at, sessionId });
  const session: SessionRecord = {
    session_id: sessionId,
    team_id: input.teamId,
    scheduler_id: input.schedulerId,
    status: 'pending',
    customer_info: { name: null, email: null, phone: null, address: null },
    issue_type: null,
    job_type: null,
    selected_date: null,
    selected_time: null,
    ...attributionOf(input.pageUrl),
    st_job_id: null,
    started_at: at,
    completed_at: null,
    last_activity_at: at,
    events: [{ event_type: 'session_started', created_at: at }],
    service_area: null,
    conversion_value: null,
  };
  const extras: WidgetSessionExtras = {
    page_url: input.pageUrl,
    referrer_url: input.referrer,
    lead_uuid: null,
    lead_id: null,
    stl_call_id: null,
    manage_nonce: null,
    manage_token_hash: null,
  };
  await deps.sessions.createSession({
    session,
    extras,
    tokenHash,
    placement: { enterpriseId: team.enterpriseId, isTest: team.isTest },
    version: 1,
  });
  return { token, session, scheduler };
}

/**
 * The session a token names, when the token is its own; a 401 otherwise (missing, malformed, foreign
 * or unknown alike). The session's row is found without the scheduler, so the token's scheduler is
 * checked against the session's: a holder who rewrites it to another scheduler of the team (whose
 * allowed origins the request would then be judged by) holds no token.
 */
export async function requireTokenSession(
  deps: Pick<WidgetDependencies, 'sessions'>,
  token: string | undefined,
): Promise<StoredWidgetSession> {
  const read = token ? readSessionToken(token) : null;
  const stored = read ? await deps.sessions.getSession(read.ref) : null;
  if (!read || !stored || stored.session.scheduler_id !== read.ref.schedulerId || !secretMatches(read.secret, stored.tokenHash)) {
    throw new UnauthorizedError('x-widget-token: missing, or not the token of a session');
  }
  return stored;
}

/** The slots offered over some local days, and the days the scheduler books at all (today to its last day). */
export interface WidgetAvailability {
  readonly time_zone: string;
  readonly days: readonly OfferedDay[];
  readonly first_date: string;
  readonly last_date: string;
}

/** A week of slots from `from` (default: today in the scheduler's zone), up to the last day it books. */
export async function widgetAvailability(
  deps: Pick<WidgetDependencies, 'schedulers'> & { readonly sessions: Pick<WidgetDependencies['sessions'], 'bookedCounts'> },
  input: { teamId: number; schedulerId: number; from?: string; days?: number; now: Date; scheduler?: SchedulerConfig },
): Promise<WidgetAvailability> {
  // The caller may have read the scheduler already (the route does, to check the origin).
  const scheduler = input.scheduler ?? (await requireScheduler(deps, input.teamId, input.schedulerId));
  const window = bookableWindow(scheduler, input.now);
  const first = input.from && input.from > window.first ? input.from : window.first;
  if (first > window.last) {
    throw new BadRequestError(`from: must be on or before ${window.last} (the last day this scheduler books)`, 'from');
  }
  const wanted = addDays(first, (input.days ?? 7) - 1);
  const [last] = [wanted, window.last].sort() as [string, string];
  const booked = await deps.sessions.bookedCounts(input.teamId, input.schedulerId, first, last);
  return {
    time_zone: scheduler.time_zone,
    days: offeredSlots(scheduler, datesBetween(first, last), booked, input.now),
    first_date: window.first,
    last_date: window.last,
  };
}

function withActivity(session: SessionRecord, eventType: string, at: string): SessionRecord {
  const events = [...session.events];
  // A session that dropped off and comes back is pending again: it may still book.
  if (session.status === 'dropped_off') events.push({ event_type: 'session_resumed', created_at: at });
  events.push({ event_type: eventType, created_at: at });
  return { ...session, status: session.status === 'dropped_off' ? 'pending' : session.status, events, last_activity_at: at };
}

function refuseBooked(stored: StoredWidgetSession): void {
  if (stored.session.status === 'booked') {
    throw new ConflictError('session: already booked', 'session', { session_id: stored.session.session_id });
  }
}

/**
 * Records a step; `issue_selected` sets the issue type (one of the scheduler's services);
 * `booking_started` with the slot picked keeps it (selected_date, selected_time: a slot the
 * scheduler books, not a promise of a place), so a resume link reopens the session on that slot;
 * `customer_info_completed` with the details keeps them on the session at once, read as the
 * booking reads them, so a session left after that step can still be followed up.
 */
export async function recordWidgetStep(
  deps: Pick<WidgetDependencies, 'schedulers' | 'sessions'>,
  input: {
    token: string | undefined;
    step: WidgetStep;
    issueType?: string;
    jobType?: string;
    customer?: BookingInput['customer'];
    date?: string;
    time?: string;
    now: Date;
  },
): Promise<SessionRecord> {
  if (input.customer && input.step !== 'customer_info_completed') {
    throw new BadRequestError('customer_info: only with customer_info_completed', 'customer_info');
  }
  const slot = pickedSlot(input);
  const customer = input.customer ? await readCustomer(input.customer) : null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const stored = await requireTokenSession(deps, input.token);
    refuseBooked(stored);
    let next = withActivity(stored.session, input.step, input.now.toISOString());
    if (input.step === 'issue_selected') {
      const scheduler = await requireScheduler(deps, stored.session.team_id, stored.session.scheduler_id);
      if (!input.issueType) throw new BadRequestError('issue_type: required with issue_selected', 'issue_type');
      requireOneOf(input.issueType, scheduler.services, 'issue_type');
      if (input.jobType !== undefined) requireOneOf(input.jobType, scheduler.job_types, 'job_type');
      next = { ...next, issue_type: input.issueType, job_type: input.jobType ?? next.job_type };
    }
    if (slot) {
      const scheduler = await requireScheduler(deps, stored.session.team_id, stored.session.scheduler_id);
      requireBookableSlot(scheduler, slot.date, slot.time, input.now);
      next = { ...next, selected_date: slot.date, selected_time: slot.time };
    }
    if (customer) next = { ...next, customer_info: customer };
    if (await deps.sessions.updateSession(stored, next)) return next;
  }
  throw new ConflictError('session: changed by another request meanwhile; try again', 'session');
}

/** The slot a `booking_started` step names: both its date and its time, or neither (a 400 naming the one missing). */
function pickedSlot(input: { step: WidgetStep; date?: string; time?: string }): { date: string; time: string } | null {
  const { date, time } = input;
  if (date === undefined && time === undefined) return null;
  const given = date === undefined ? 'time' : 'date';
  if (input.step !== 'booking_started') throw new BadRequestError(`${given}: only with booking_started`, given);
  if (date === undefined) throw new BadRequestError('date: required with time', 'date');
  if (time === undefined) throw new BadRequestError('time: required with date', 'time');
  return { date, time };
}

function requireOneOf(value: string, allowed: readonly string[], field: string): void {
  if (!allowed.includes(value)) throw new BadRequestError(`${field}: must be one of the scheduler's: ${allowed.join(', ')}`, field);
}

export interface BookingInput {
  readonly token: string | undefined;
  readonly issueType: string;
  readonly jobType?: string;
  readonly date: string;
  readonly time: string;
  readonly customer: CustomerInfo & { name: string; phone: string };
  /** The honeypot: a field people never see; anything in it is a bot's. */
  readonly honeypot: string;
  readonly now: Date;
}

/** The customer as kept: name and address without control characters, each still given (plain-text.ts). */
function plainCustomer(customer: BookingInput['customer']): BookingInput['customer'] {
  const name = nameText(customer.name);
  if (name === '') throw new BadRequestError('name: required', 'name');
  const address = optionalLinesText(customer.address);
  if (address === null && customer.address) throw new BadRequestError('address: required', 'address');
  return { ...customer, name, address };
}

/** The details as kept: the phone in E.164 (a 400 naming it when it reads as no number), name and address plain text. */
async function readCustomer(given: BookingInput['customer']): Promise<CustomerInfo> {
  const phone = await (await phoneNumbers()).readE164(given.phone, 'US');
  if (!phone) throw new BadRequestError('phone: must be a phone number, such as (312) 555-0142 or +44 20 7946 0958', 'phone');
  return { ...plainCustomer(given), phone };
}

export type BookingOutcome =
  | { readonly kind: 'booked'; readonly stored: StoredWidgetSession; readonly startsAt: string }
  | { readonly kind: 'slot_taken'; readonly availability: WidgetAvailability };

/**
 * The ids a booking's effects are keyed on (the lead's, the appointment's manage link), drawn once
 * and kept on the session, so a booking done again makes the same lead and appointment.
 */
async function drawBookingIds(deps: WidgetDependencies, stored: StoredWidgetSession): Promise<WidgetSessionExtras> {
  const { extras } = stored;
  const [leadId, stlCallId] =
    extras.lead_id !== null && extras.stl_call_id !== null
      ? [extras.lead_id, extras.stl_call_id]
      : await Promise.all([deps.leadIds.nextLeadId(), deps.leadIds.nextStlCallId()]);
  const seal =
    extras.manage_nonce !== null && extras.manage_token_hash !== null
      ? { nonce: extras.manage_nonce, tokenHash: extras.manage_token_hash }
      : await deps.manageLinks.seal(stored.session.session_id);
  return {
    ...extras,
    lead_uuid: extras.lead_uuid ?? randomUUID(),
    lead_id: leadId,
    stl_call_id: stlCallId,
    manage_nonce: seal.nonce,
    manage_token_hash: seal.tokenHash,
  };
}

/**
 * Books the session's slot: the slot's counter and the booked session are written together, so of
 * customers racing for a slot's last place exactly one books; the others are answered the slot is
 * gone with fresh slots. The lead's ids are drawn before the write and kept on the session, so
 * what the booking then does (the lead, its events, the field-service job) is the same however
 * often it is done again.
 */
export async function bookWidgetSession(deps: WidgetDependencies, input: BookingInput): Promise<BookingOutcome> {
  if (input.honeypot !== '') throw new BadRequestError('website: must be left empty', 'website');
  const customer = await readCustomer(input.customer);
  for (let attempt = 0; attempt < 3; attempt++) {
    const stored = await requireTokenSession(deps, input.token);
    const { session } = stored;
    // A booking asked for again (an answer lost, a retry after a crash) is answered as booked, and
    // its effects are done again: they are idempotent.
    if (session.status === 'booked' && session.selected_date === input.date && session.selected_time === input.time) {
      const scheduler = await requireScheduler(deps, session.team_id, session.scheduler_id);
      const start = slotStartsOf(scheduler, input.date).find((s) => s.time === input.time);
      const startsAt = start ? new Date(start.startMs).toISOString() : (session.completed_at ?? session.started_at);
      return { kind: 'booked', stored, startsAt };
    }
    refuseBooked(stored);
    if (input.now.getTime() - Date.parse(session.started_at) < MIN_DWELL_MS) {
      throw new BadRequestError('session: booked too quickly after the widget opened; wait a few seconds and book again', 'session');
    }
    const scheduler = await requireScheduler(deps, session.team_id, session.scheduler_id);
    requireOneOf(input.issueType, scheduler.services, 'issue_type');
    if (input.jobType !== undefined) requireOneOf(input.jobType, scheduler.job_types, 'job_type');
    const { startsAt } = requireBookableSlot(scheduler, input.date, input.time, input.now);
    const at = input.now.toISOString();
    const booked: SessionRecord = {
      ...withActivity(session, 'booking_completed', at),
      status: 'booked',
      issue_type: input.issueType,
      job_type: input.jobType ?? session.job_type,
      selected_date: input.date,
      selected_time: input.time,
      customer_info: customer,
      completed_at: at,
      // Booked from a session its recovery reached again: the funnel's recovered_bookings.
      ...(stored.extras.recovery ? { recovered: true } : {}),
    };
    const extras = await drawBookingIds(deps, stored);
    const written = await deps.sessions.book(stored, booked, extras, {
      date: input.date,
      time: input.time,
      capacity: scheduler.capacity_per_slot,
    });
    if (written === 'booked') {
      return { kind: 'booked', stored: { ...stored, session: booked, extras, version: stored.version + 1 }, startsAt };
    }
    if (written === 'slot_full') {
      const availability = await widgetAvailability(deps, {
        teamId: session.team_id,
        schedulerId: session.scheduler_id,
        from: input.date,
        now: input.now,
      });
      return { kind: 'slot_taken', availability };
    }
  }
  throw new ConflictError('session: changed by another request meanwhile; try again', 'session');
}
