import { existsSync, readFileSync, renameSync } from 'node:fs';
import * as path from 'node:path';
import { log } from '#shared/logging/logger';
import type { MessageQueue, QueueName } from '#shared/ports/message-queue';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { RuntimeStateStore, StateRow } from './state';

export interface Schedule {
  name: string;
  at: string;
  queue: QueueName;
  body: Record<string, unknown>;
}

const STATE_PK = 'SCHEDULES';
/** Where schedules lived before the state store; imported once, then renamed. */
const LEGACY_FILE = 'schedules.json';

/**
 * The local stand-in for EventBridge Scheduler one-time schedules. With a state store, a schedule
 * is stored before `scheduleMessage` resolves and deleted only after its message is on its queue,
 * so schedules survive a crash and one that fell due meanwhile fires on `restore()`; like
 * EventBridge Scheduler this is at least once (a crash between the send and the delete sends it
 * again, and the workers are idempotent). Without a store, schedules live in memory (tests).
 */
export class LocalScheduler implements OneTimeScheduler {
  private schedules = new Map<string, Schedule>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly queues: (name: QueueName) => MessageQueue,
    private readonly state?: RuntimeStateStore,
  ) {}

  /**
   * Loads stored schedules (and, once, the `schedules.json` of an older data folder) and arms the
   * timer: overdue ones fire at once.
   */
  async restore(dataDir?: string): Promise<number> {
    if (this.state) {
      const legacy = dataDir ? path.join(dataDir, LEGACY_FILE) : null;
      if (legacy && existsSync(legacy)) {
        const saved = JSON.parse(readFileSync(legacy, 'utf8')) as Schedule[];
        await this.state.put(STATE_PK, saved.map(toRow));
        renameSync(legacy, `${legacy}.imported`);
      }
      for (const row of await this.state.list(STATE_PK)) {
        const schedule = fromRow(row);
        if (schedule && !this.schedules.has(schedule.name)) this.schedules.set(schedule.name, schedule);
      }
    }
    this.arm();
    return this.schedules.size;
  }

  async scheduleMessage(input: { name: string; at: Date; queue: QueueName; body: Record<string, unknown> }): Promise<void> {
    if (this.schedules.has(input.name)) return;
    const schedule: Schedule = { name: input.name, at: input.at.toISOString(), queue: input.queue, body: input.body };
    await this.state?.put(STATE_PK, [toRow(schedule)]);
    this.schedules.set(input.name, schedule);
    this.arm();
  }

  async cancel(name: string): Promise<void> {
    if (!this.schedules.has(name)) return;
    await this.state?.delete(STATE_PK, [name]);
    this.schedules.delete(name);
  }

  pending(): readonly Schedule[] {
    return [...this.schedules.values()];
  }

  /** Runs every schedule due at or before `now` (tests use it to move time forward). */
  async runDue(now: Date = new Date()): Promise<number> {
    const due = [...this.schedules.values()].filter((s) => Date.parse(s.at) <= now.getTime());
    if (due.length === 0) return 0;
    // Taken out of the map before sending, so the timer and a caller running at once never send
    // one twice; a schedule whose send fails goes back, to be tried on the next run. The stored row
    // is deleted only once its message is on the queue.
    for (const s of due) this.schedules.delete(s.name);
    let sent = 0;
    try {
      for (const s of due) {
        await this.queues(s.queue).send([{ body: s.body }]);
        await this.state?.delete(STATE_PK, [s.name]);
        sent++;
      }
    } catch (error) {
      for (const s of due.slice(sent)) if (!this.schedules.has(s.name)) this.schedules.set(s.name, s);
      throw error;
    }
    return sent;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Sets the timer for the next due schedule (no sooner than `minDelayMs`, used after a failure). */
  private arm(minDelayMs = 0): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    if (this.schedules.size === 0) return;
    let next = Number.POSITIVE_INFINITY;
    for (const s of this.schedules.values()) next = Math.min(next, Date.parse(s.at));
    // Timers cap at ~24.8 days; re-arm at most every hour.
    const delay = Math.min(Math.max(minDelayMs, next - Date.now()), 3_600_000);
    this.timer = setTimeout(() => {
      this.runDue().then(
        () => this.arm(),
        (error: unknown) => {
          log('error', 'local scheduler failure', { error: error instanceof Error ? error.message : String(error) });
          this.arm(1000);
        },
      );
    }, delay);
    this.timer.unref?.();
  }
}

function toRow(s: Schedule): StateRow {
  return { sk: s.name, at: s.at, queue: s.queue, body: s.body };
}

function fromRow(row: StateRow): Schedule | null {
  const { sk, at, queue, body } = row;
  if (typeof at !== 'string' || typeof queue !== 'string' || typeof body !== 'object' || body === null) {
    log('error', 'local schedule row unreadable; skipped', { name: sk });
    return null;
  }
  return { name: sk, at, queue: queue as QueueName, body: body as Record<string, unknown> };
}

const DAY_MS = 86_400_000;

/**
 * The local stand-in for the stack's recurring `rate(1 day)` schedules (WorkerDefinition.daily):
 * each daily worker's message is put on its queue at start, then once a day while the runtime runs.
 * Like EventBridge Scheduler, a run is at least once and may be missed while nothing runs; the
 * workers are idempotent. Returns the stop.
 */
export function startDailyRuns(
  workers: readonly { readonly queue: QueueName; readonly daily?: Readonly<Record<string, unknown>> }[],
  queues: (name: QueueName) => MessageQueue,
): () => void {
  const daily = workers.flatMap((w) => (w.daily ? [{ queue: w.queue, body: { ...w.daily } }] : []));
  const run = () => {
    for (const { queue, body } of daily) {
      queues(queue)
        .send([{ body }])
        .catch((error: unknown) => log('warn', 'daily run not sent', { queue, error: String(error) }));
    }
  };
  if (daily.length === 0) return () => {};
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
