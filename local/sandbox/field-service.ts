import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  FieldServiceError,
  type FieldServiceJobRequest,
  type FieldServiceJobState,
  type FieldServiceSystem,
} from '#shared/ports/field-service';

interface SandboxJob {
  readonly job_id: number;
  readonly external_id: string;
  readonly created_at: string;
  readonly request: FieldServiceJobRequest;
}

/** A change asked of a sandbox job: its appointment moved, or the job cancelled. */
export type SandboxJobChange =
  | { readonly job_id: number; readonly action: 'reschedule'; readonly at: string; readonly starts_at: string; readonly ends_at: string }
  | { readonly job_id: number; readonly action: 'cancel'; readonly at: string; readonly memo: string };

/**
 * The local field-service system: each job is a line of `<data folder>/sandbox/field-service-jobs.jsonl`
 * and each change asked of a job (a reschedule, a cancel) a line of `field-service-changes.jsonl`
 * beside it (beside the SMS and voice sandboxes' files; in memory without a data folder), so the
 * worker's exactly-once rules hold across restarts of `npm start` and tests can count the calls.
 * Job ids count from 90,000,001.
 */
export class SandboxFieldService implements FieldServiceSystem {
  readonly file: string | null;
  readonly changesFile: string | null;
  private readonly memory: SandboxJob[] = [];
  private readonly changeMemory: SandboxJobChange[] = [];

  constructor(dataDir: string | undefined) {
    this.file = dataDir ? path.join(dataDir, 'sandbox', 'field-service-jobs.jsonl') : null;
    this.changesFile = dataDir ? path.join(dataDir, 'sandbox', 'field-service-changes.jsonl') : null;
  }

  /** Every job made so far, oldest first. */
  jobs(): SandboxJob[] {
    return this.file ? readLines<SandboxJob>(this.file) : [...this.memory];
  }

  /** Every change asked so far, oldest first. */
  changes(): SandboxJobChange[] {
    return this.changesFile ? readLines<SandboxJobChange>(this.changesFile) : [...this.changeMemory];
  }

  async findJob(externalId: string): Promise<number | null> {
    return this.jobs().find((job) => job.external_id === externalId)?.job_id ?? null;
  }

  async createJob(request: FieldServiceJobRequest): Promise<number> {
    const job: SandboxJob = {
      job_id: 90_000_001 + this.jobs().length,
      external_id: request.externalId,
      created_at: new Date().toISOString(),
      request,
    };
    if (this.file) appendLine(this.file, job);
    else this.memory.push(job);
    return job.job_id;
  }

  async jobState(jobId: number): Promise<FieldServiceJobState> {
    const job = this.job(jobId);
    const changes = this.changes().filter((c) => c.job_id === jobId);
    const moved = changes.filter((c) => c.action === 'reschedule').at(-1);
    return { startsAt: moved?.starts_at ?? job.request.visit.startsAt, cancelled: changes.some((c) => c.action === 'cancel') };
  }

  async rescheduleJob(jobId: number, visit: { readonly startsAt: string; readonly endsAt: string }): Promise<void> {
    if ((await this.jobState(jobId)).cancelled)
      throw new FieldServiceError('rejected', 'job_cancelled', `Job ${jobId} is cancelled; its appointment cannot be moved`);
    this.record({ job_id: jobId, action: 'reschedule', at: new Date().toISOString(), starts_at: visit.startsAt, ends_at: visit.endsAt });
  }

  async cancelJob(jobId: number, memo: string): Promise<void> {
    this.job(jobId);
    this.record({ job_id: jobId, action: 'cancel', at: new Date().toISOString(), memo });
  }

  private job(jobId: number): SandboxJob {
    const job = this.jobs().find((j) => j.job_id === jobId);
    if (!job) throw new FieldServiceError('rejected', 'job_not_found', `No job ${jobId} in the sandbox`);
    return job;
  }

  private record(change: SandboxJobChange): void {
    if (this.changesFile) appendLine(this.changesFile, change);
    else this.changeMemory.push(change);
  }
}

function readLines<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

function appendLine(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(value)}\n`);
}
