import type { LeadRecord } from '#shared/domain/leads';
import { schedulerSettingsSchema } from '#shared/domain/scheduler-settings-schema';
import { type SchedulerConfig, type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import type { DomainEvent } from '#shared/ports/event-bus';
import type { StoredWidgetSession, WidgetSessionRef, WidgetSessionStore } from '#shared/ports/widget-session-store';

/**
 * A scheduler of `teamId`: open all day every day in UTC, one place per hour-long slot, the
 * operator's defaults for the rest unless `settings` say otherwise.
 */
export function widgetScheduler(teamId: number, schedulerId: number, settings: Partial<SchedulerSettingsInput> = {}): SchedulerConfig {
  return {
    ...schedulerSettingsSchema.parse({
      name: 'Main',
      services: ['Drain clog'],
      job_types: [],
      service_areas: [],
      time_zone: 'UTC',
      hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '00:00', close: '23:59' }])),
      ...settings,
    }),
    scheduler_id: schedulerId,
    team_id: teamId,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

type Row = StoredWidgetSession & { jobClaimUntil?: string };

/**
 * Widget sessions and the per-slot booking counters in memory, with the DynamoDB store's contract:
 * every write is refused when the session changed since it was read (its version), a booking takes
 * a place in its slot only below the slot's capacity, and a drop-off with recovery writes the
 * session, the recovery lead and its events together or not at all.
 */
export class InMemoryWidgetSessions implements WidgetSessionStore {
  private readonly rows = new Map<string, Row>();
  private readonly slots = new Map<string, Record<string, number>>();
  /** Recovery leads written with a drop-off, and the events due with them (the outbox). */
  readonly recoveryLeads: LeadRecord[] = [];
  readonly outbox: DomainEvent[] = [];

  /** The stored session, if any (a copy). */
  stored(sessionId: string): StoredWidgetSession | undefined {
    const row = this.rows.get(sessionId);
    return row ? structuredClone(row) : undefined;
  }

  async bookedCounts(teamId: number, schedulerId: number, first: string, last: string) {
    const prefix = `${teamId}|${schedulerId}|`;
    const counts = new Map<string, Record<string, number>>();
    for (const [key, day] of this.slots) {
      const date = key.slice(prefix.length);
      if (key.startsWith(prefix) && date >= first && date <= last) counts.set(date, { ...day });
    }
    return counts;
  }

  async createSession(stored: StoredWidgetSession): Promise<void> {
    if (this.rows.has(stored.session.session_id)) throw new Error(`session ${stored.session.session_id} exists`);
    this.rows.set(stored.session.session_id, structuredClone(stored));
  }

  async getSession(ref: WidgetSessionRef): Promise<StoredWidgetSession | null> {
    const row = this.rows.get(ref.sessionId);
    return row && row.session.team_id === ref.teamId ? structuredClone(row) : null;
  }

  async dropOffWithRecovery(
    previous: StoredWidgetSession,
    next: StoredWidgetSession['session'],
    extras: StoredWidgetSession['extras'],
    lead: LeadRecord,
    events: readonly DomainEvent[],
  ): Promise<boolean> {
    if (!this.rewrite(previous, { session: next, extras })) return false;
    this.recoveryLeads.push(lead);
    this.outbox.push(...events);
    return true;
  }

  async updateSession(previous: StoredWidgetSession, next: StoredWidgetSession['session'], extras?: StoredWidgetSession['extras']) {
    return this.rewrite(previous, { session: next, extras: extras ?? previous.extras });
  }

  async claimJob(ref: WidgetSessionRef, until: string, now: string): Promise<boolean> {
    const row = this.rows.get(ref.sessionId);
    if (!row || (row.jobClaimUntil !== undefined && row.jobClaimUntil >= now)) return false;
    this.rows.set(ref.sessionId, { ...row, jobClaimUntil: until });
    return true;
  }

  async markEffectsRecorded(ref: WidgetSessionRef, at: string): Promise<void> {
    this.mark(ref, { effectsRecordedAt: at });
  }

  async markJobFailed(ref: WidgetSessionRef, at: string): Promise<void> {
    this.mark(ref, { jobFailedAt: at });
  }

  async releaseJob(ref: WidgetSessionRef): Promise<void> {
    const row = this.rows.get(ref.sessionId);
    if (row) this.rows.set(ref.sessionId, { ...row, jobClaimUntil: undefined });
  }

  async book(
    previous: StoredWidgetSession,
    next: StoredWidgetSession['session'],
    extras: StoredWidgetSession['extras'],
    slot: { readonly date: string; readonly time: string; readonly capacity: number },
  ) {
    const key = `${next.team_id}|${next.scheduler_id}|${slot.date}`;
    const day = this.slots.get(key) ?? {};
    if ((day[slot.time] ?? 0) >= slot.capacity) return 'slot_full' as const;
    if (!this.rewrite(previous, { session: next, extras })) return 'session_changed' as const;
    this.slots.set(key, { ...day, [slot.time]: (day[slot.time] ?? 0) + 1 });
    return 'booked' as const;
  }

  /** Writes the session over `previous` unless it changed since (its version moved). */
  private rewrite(previous: StoredWidgetSession, next: Pick<StoredWidgetSession, 'session' | 'extras'>): boolean {
    const row = this.rows.get(previous.session.session_id);
    if (!row || row.version !== previous.version) return false;
    this.rows.set(previous.session.session_id, structuredClone({ ...row, ...next, version: row.version + 1 }));
    return true;
  }

  /** A mark of its own, which moves the version too, as the DynamoDB store's does. */
  private mark(ref: WidgetSessionRef, fields: Partial<StoredWidgetSession>): void {
    const row = this.rows.get(ref.sessionId);
    if (!row) throw new Error(`no session ${ref.sessionId}`);
    this.rows.set(ref.sessionId, { ...row, ...fields, version: row.version + 1 });
  }
}
