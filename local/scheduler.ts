import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { MessageQueue, QueueName } from '../shared/ports/message-queue';
import type { OneTimeScheduler } from '../shared/ports/scheduler';

interface Schedule {
  name: string;
  at: string;
  queue: QueueName;
  body: Record<string, unknown>;
}

/**
 * The local stand-in for EventBridge Scheduler one-time schedules: schedules are kept in
 * `<dataDir>/schedules.json` (so they survive restarts) and a timer sends each one's message to its
 * queue when due, then deletes it, like ActionAfterCompletion DELETE.
 */
export class LocalScheduler implements OneTimeScheduler {
  private schedules = new Map<string, Schedule>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly queues: (name: QueueName) => MessageQueue,
    private readonly dataDir?: string,
  ) {
    if (dataDir && existsSync(this.file())) {
      const saved = JSON.parse(readFileSync(this.file(), 'utf8')) as Schedule[];
      for (const s of saved) this.schedules.set(s.name, s);
    }
    this.arm();
  }

  async scheduleMessage(input: { name: string; at: Date; queue: QueueName; body: Record<string, unknown> }): Promise<void> {
    if (this.schedules.has(input.name)) return;
    this.schedules.set(input.name, { name: input.name, at: input.at.toISOString(), queue: input.queue, body: input.body });
    this.save();
    this.arm();
  }

  async cancel(name: string): Promise<void> {
    if (this.schedules.delete(name)) this.save();
  }

  pending(): readonly Schedule[] {
    return [...this.schedules.values()];
  }

  /** Runs every schedule due at or before `now` (tests use it to move time forward). */
  async runDue(now: Date = new Date()): Promise<number> {
    const due = [...this.schedules.values()].filter((s) => Date.parse(s.at) <= now.getTime());
    if (due.length === 0) return 0;
    // Taken out before sending, so the timer and a caller running at once never send one twice;
    // a schedule whose send fails goes back, to be tried on the next run.
    for (const s of due) this.schedules.delete(s.name);
    let sent = 0;
    try {
      for (const s of due) {
        await this.queues(s.queue).send([{ body: s.body }]);
        sent++;
      }
    } catch (error) {
      for (const s of due.slice(sent)) if (!this.schedules.has(s.name)) this.schedules.set(s.name, s);
      throw error;
    } finally {
      this.save();
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
    const next = Math.min(...[...this.schedules.values()].map((s) => Date.parse(s.at)));
    // Timers cap at ~24.8 days; re-arm at most every hour.
    const delay = Math.min(Math.max(minDelayMs, next - Date.now()), 3_600_000);
    this.timer = setTimeout(() => {
      this.runDue().then(
        () => this.arm(),
        () => this.arm(1000),
      );
    }, delay);
    this.timer.unref?.();
  }

  private file(): string {
    return path.join(this.dataDir ?? '.', 'schedules.json');
  }

  private save(): void {
    if (!this.dataDir) return;
    mkdirSync(this.dataDir, { recursive: true });
    const tmp = `${this.file()}.tmp`;
    writeFileSync(tmp, JSON.stringify([...this.schedules.values()], null, 2));
    renameSync(tmp, this.file());
  }
}
