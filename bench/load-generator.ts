import { Agent, request } from 'node:http';
import { type BodySpec, bodyBuilder } from './payloads';

/**
 * The load generator, run in its own process (forked by load-client.ts) so that building requests
 * and parsing responses does not compete with the service for its event loop. A closed loop:
 * `concurrency` workers on one keep-alive agent, each sending its next request when the previous
 * one answered. Requests that start during the warm-up are not recorded. Bounded by time and by
 * request count. Talks only to the URL it is given (127.0.0.1).
 */

export interface LoadSpec {
  readonly label: string;
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Readonly<Record<string, string>>;
  readonly body: BodySpec;
  readonly concurrency: number;
  readonly warmupMs: number;
  readonly durationMs: number;
  /** Upper bound on requests (warm-up included). */
  readonly maxRequests: number;
  readonly requestTimeoutMs: number;
}

export interface LoadResult {
  readonly label: string;
  readonly concurrency: number;
  /** Requests recorded (started after the warm-up). */
  readonly requests: number;
  readonly warmupRequests: number;
  readonly seconds: number;
  readonly rps: number;
  readonly latencyMs: { readonly p50: number; readonly p90: number; readonly p99: number; readonly max: number; readonly mean: number };
  readonly statuses: Readonly<Record<string, number>>;
  /** Recorded requests that failed (non-2xx or transport error). */
  readonly failures: number;
  readonly sampleFailure: string | null;
  readonly meanResponseBytes: number;
  readonly meanRequestBytes: number;
  /** This process's CPU over the recorded window, as a share of one core. */
  readonly generatorCpuShare: number;
  readonly generatorPid: number;
  readonly stoppedBy: 'time' | 'count';
}

export type GeneratorMessage = { readonly type: 'run'; readonly id: number; readonly spec: LoadSpec };
export type GeneratorReply =
  | { readonly type: 'ready'; readonly pid: number }
  | { readonly type: 'result'; readonly id: number; readonly result: LoadResult }
  | { readonly type: 'error'; readonly id: number; readonly message: string };

interface Outcome {
  status: number;
  bytes: number;
  error?: string;
  body?: string;
}

function send(agent: Agent, spec: LoadSpec, body: string | undefined): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...spec.headers };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    const req = request(spec.url, { method: spec.method, headers, agent }, (res) => {
      const status = res.statusCode ?? 0;
      let bytes = 0;
      const keep: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (status >= 300 && bytes < 2000) keep.push(chunk);
      });
      res.on('end', () =>
        resolve({ status, bytes, body: keep.length > 0 ? Buffer.concat(keep).toString('utf8').slice(0, 300) : undefined }),
      );
      res.on('error', (error) => resolve({ status: 0, bytes, error: error.message }));
    });
    req.setTimeout(spec.requestTimeoutMs, () => req.destroy(new Error(`no answer within ${spec.requestTimeoutMs} ms`)));
    req.on('error', (error) => resolve({ status: 0, bytes: 0, error: error.message }));
    req.end(body);
  });
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: spec.concurrency });
  const build = bodyBuilder(spec.body);
  const started = performance.now();
  const measureFrom = started + spec.warmupMs;
  const stopAt = measureFrom + spec.durationMs;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let issued = 0;
  let warmupRequests = 0;
  let failures = 0;
  let sampleFailure: string | null = null;
  let responseBytes = 0;
  let requestBytes = 0;
  let lastEnd = measureFrom;
  let cpuAtMeasure: NodeJS.CpuUsage | null = null;
  let stoppedBy: 'time' | 'count' = 'time';

  const worker = async () => {
    for (;;) {
      const now = performance.now();
      if (now >= stopAt) return;
      if (issued >= spec.maxRequests) {
        stoppedBy = 'count';
        return;
      }
      const index = issued++;
      const body = build(index);
      const t0 = performance.now();
      const outcome = await send(agent, spec, body);
      const t1 = performance.now();
      if (t0 < measureFrom) {
        warmupRequests++;
        continue;
      }
      cpuAtMeasure ??= process.cpuUsage();
      latencies.push(t1 - t0);
      lastEnd = Math.max(lastEnd, t1);
      const key = outcome.status === 0 ? 'error' : String(outcome.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
      responseBytes += outcome.bytes;
      requestBytes += body ? Buffer.byteLength(body) : 0;
      if (outcome.status < 200 || outcome.status >= 300) {
        failures++;
        sampleFailure ??= outcome.error ?? `${outcome.status} ${outcome.body ?? ''}`.trim();
      }
    }
  };
  // The CPU baseline is taken when the first recorded request completes; close enough for a share.
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  const cpu = process.cpuUsage(cpuAtMeasure ?? undefined);
  agent.destroy();

  const seconds = Math.max(0.001, (lastEnd - measureFrom) / 1000);
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
  return {
    label: spec.label,
    concurrency: spec.concurrency,
    requests: sorted.length,
    warmupRequests,
    seconds,
    rps: sorted.length / seconds,
    latencyMs: {
      p50: at(50),
      p90: at(90),
      p99: at(99),
      max: sorted[sorted.length - 1] ?? Number.NaN,
      mean: sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length),
    },
    statuses,
    failures,
    sampleFailure,
    meanResponseBytes: responseBytes / Math.max(1, sorted.length),
    meanRequestBytes: requestBytes / Math.max(1, sorted.length),
    generatorCpuShare: (cpu.user + cpu.system) / 1000 / (seconds * 1000),
    generatorPid: process.pid,
    stoppedBy,
  };
}

// When forked: serve runs over IPC until the parent goes away.
if (process.send) {
  const reply = (message: GeneratorReply) => process.send?.(message);
  process.on('message', (message: GeneratorMessage) => {
    if (message.type !== 'run') return;
    runLoad(message.spec).then(
      (result) => reply({ type: 'result', id: message.id, result }),
      (error: unknown) => reply({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
  reply({ type: 'ready', pid: process.pid });
}
