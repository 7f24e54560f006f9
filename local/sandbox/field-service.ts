import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { FieldServiceJobRequest, FieldServiceSystem } from '#shared/ports/field-service';

interface SandboxJob {
  readonly job_id: number;
  readonly external_id: string;
  readonly created_at: string;
  readonly request: FieldServiceJobRequest;
}

/**
 * The local field-service system: each job is a line of `<data folder>/sandbox/field-service-jobs.jsonl`
 * (beside the SMS and voice sandboxes' files; in memory without a data folder), found again by
 * its external id, so the worker's exactly-once rule holds across restarts of `npm start`. Job ids
 * count from 90,000,001.
 */
export class SandboxFieldService implements FieldServiceSystem {
  readonly file: string | null;
  private readonly memory: SandboxJob[] = [];

  constructor(dataDir: string | undefined) {
    this.file = dataDir ? path.join(dataDir, 'sandbox', 'field-service-jobs.jsonl') : null;
  }

  /** Every job made so far, oldest first. */
  jobs(): SandboxJob[] {
    if (!this.file) return [...this.memory];
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as SandboxJob);
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
    if (!this.file) this.memory.push(job);
    else {
      mkdirSync(path.dirname(this.file), { recursive: true });
      appendFileSync(this.file, `${JSON.stringify(job)}\n`);
    }
    return job.job_id;
  }
}
