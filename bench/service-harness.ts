import { readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import type { Permission } from '#shared/auth/permissions';
import { createApiKey } from '#shared/domain/key-service';
import { type LocalService, startLocalService } from '../local/cli/service';
import type { DemoCredential } from '../local/demo/keys';
import { type LocalGatewayOptions, loadFunctionHandler } from '../local/gateway/server';
import { LoadClient } from './load-client';
import type { LoadResult, LoadSpec } from './load-generator';
import { installRecorders, type OutboundRecorder } from './outbound-recorders';
import { percentile, round } from './report';

/**
 * The local service as the HTTP sections measure it: in memory, seeded with the demo, every
 * handler wrapped to record its own duration (so gateway overhead and handler time can be told
 * apart), outbound ports pointed at in-process recorders when the local service leaves them on
 * their AWS defaults (nothing leaves 127.0.0.1), and a load generator in its own process.
 */

const MAX_SAMPLES_PER_FUNCTION = 500_000;

export class HandlerTimes {
  private readonly samples = new Map<string, number[]>();

  record(functionName: string, ms: number): void {
    let list = this.samples.get(functionName);
    if (!list) {
      list = [];
      this.samples.set(functionName, list);
    }
    if (list.length < MAX_SAMPLES_PER_FUNCTION) list.push(ms);
  }

  reset(): void {
    this.samples.clear();
  }

  summary(functionName: string): { count: number; p50: number; p99: number } {
    const sorted = [...(this.samples.get(functionName) ?? [])].sort((a, b) => a - b);
    return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  }
}

export interface BenchService {
  readonly service: LocalService;
  readonly url: string;
  readonly credentials: readonly DemoCredential[];
  readonly handlerTimes: HandlerTimes;
  readonly outbound: OutboundRecorder;
  readonly load: LoadClient;
  /** Seconds from nothing to a seeded, listening service. */
  readonly startSeconds: number;
  stop(): Promise<void>;
}

export async function startBenchService(): Promise<BenchService> {
  process.env.LOG_LEVEL ??= 'warn';
  // Load runs send thousands of requests a minute with one key: limits no run reaches, so every
  // request is counted (the limiter's cost is in the figures) and none is refused.
  process.env.RATE_LIMIT_PER_KEY_PER_MINUTE ??= '100000000';
  process.env.RATE_LIMIT_PER_WORKSPACE_PER_HOUR ??= '100000000';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const handlerTimes = new HandlerTimes();
  const loadHandler: LocalGatewayOptions['loadHandler'] = (functionName) => {
    const handler = loadFunctionHandler(functionName);
    return async (event, context) => {
      const started = performance.now();
      try {
        return await handler(event, context);
      } finally {
        handlerTimes.record(functionName, performance.now() - started);
      }
    };
  };

  const started = performance.now();
  const service = await startLocalService({ port: 0, dataDir: undefined, seed: true, loadHandler });
  const startSeconds = (performance.now() - started) / 1000;
  try {
    if (!service.credentialsPath) throw new Error('the local service wrote no demo credentials');
    const credentials = (JSON.parse(readFileSync(service.credentialsPath, 'utf8')) as { keys: DemoCredential[] }).keys;
    rmSync(path.dirname(service.credentialsPath), { recursive: true, force: true });
    const outbound = installRecorders();
    const load = await LoadClient.start();
    return {
      service,
      url: service.url,
      credentials,
      handlerTimes,
      outbound,
      load,
      startSeconds,
      async stop() {
        load.stop();
        await service.stop();
      },
    };
  } catch (error) {
    await service.stop().catch(() => undefined);
    throw error;
  }
}

/**
 * A single-team (`enterprise`) key holding `permission`: a demo key when one holds it, else a key
 * created with the operator's key service against the service's own tables, anchored on the demo
 * keys' team.
 */
export async function keyWith(bench: BenchService, permission: Permission): Promise<{ key: string; teamId: number; source: string }> {
  const demo = singleTeamKey(bench.credentials, permission);
  if (demo) return { key: demo.key, teamId: demo.team_ids[0] as number, source: 'demo credentials' };
  const anchor = bench.credentials.find((k) => k.type === 'enterprise')?.team_ids[0];
  if (anchor === undefined) throw new Error('no single-team demo key to anchor a new key on');
  const { plaintext } = await createApiKey(tenancyStore(), {
    name: `bench ${permission}`,
    type: 'enterprise',
    anchorTeamId: anchor,
    permissions: [permission],
  });
  return { key: plaintext, teamId: anchor, source: 'created with createApiKey' };
}

/** The service's tenancy store (the local service has set TABLE_* and DYNAMODB_ENDPOINT). */
export function tenancyStore(): DynamoTenancyStore {
  return new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
}

/** A single-team (`enterprise`) demo key holding `permission`, or undefined. */
export function singleTeamKey(credentials: readonly DemoCredential[], permission: Permission): DemoCredential | undefined {
  return credentials.find((k) => k.type === 'enterprise' && k.permissions.includes(permission) && k.team_ids.length > 0);
}

/** One request through the service, for sanity checks before a load run. */
export async function fetchOnce(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: init.body ? { 'content-type': 'application/json', ...init.headers } : init.headers,
    body: init.body,
  });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

export async function expectOk(label: string, response: Promise<{ status: number; body: Buffer }>): Promise<Buffer> {
  const { status, body } = await response;
  if (status < 200 || status >= 300) throw new Error(`${label} answered ${status}: ${body.toString('utf8').slice(0, 400)}`);
  return body;
}

// ---------------------------------------------------------------------------------------------
// A measured run: load figures plus what the service process did meanwhile
// ---------------------------------------------------------------------------------------------

export interface MeasuredRun {
  readonly load: LoadResult;
  /** Handler-only durations of the route's function during the run (warm-up included). */
  readonly handler: { count: number; p50: number; p99: number } | null;
  /** CPU of the process under test (main thread, embedded DynamoDB thread, everything) per wall second. */
  readonly serviceCpuShare: number;
  /** Event-loop utilization of the main thread (gateway + handlers). */
  readonly mainThreadElu: number;
  /** CPU of the process under test per request served (warm-up included): steadier than latency on a busy machine. */
  readonly serviceCpuMsPerRequest: number;
}

export async function measuredRun(
  bench: { load: LoadClient; handlerTimes: HandlerTimes } | { load: LoadClient; handlerTimes?: undefined },
  spec: LoadSpec,
  functionName: string | null,
): Promise<MeasuredRun> {
  bench.handlerTimes?.reset();
  const cpu = process.cpuUsage();
  const elu: EventLoopUtilization = performance.eventLoopUtilization();
  const wallStart = performance.now();
  const load = await bench.load.run(spec);
  const wallMs = performance.now() - wallStart;
  const usedCpu = process.cpuUsage(cpu);
  const usedElu = performance.eventLoopUtilization(elu);
  return {
    load,
    handler: functionName && bench.handlerTimes ? bench.handlerTimes.summary(functionName) : null,
    serviceCpuShare: (usedCpu.user + usedCpu.system) / 1000 / wallMs,
    mainThreadElu: usedElu.utilization,
    serviceCpuMsPerRequest: (usedCpu.user + usedCpu.system) / 1000 / Math.max(1, load.requests + load.warmupRequests),
  };
}

export const RUN_COLUMNS = [
  'run',
  'c',
  'requests',
  'req/s',
  'p50 ms',
  'p90 ms',
  'p99 ms',
  'max ms',
  'non-2xx',
  'resp B',
  'handler p50',
  'handler p99',
  'svc CPU',
  'CPU ms/req',
  'main ELU',
  'loadgen CPU',
] as const;

export function runRow(name: string, r: MeasuredRun): (string | number | null)[] {
  const l = r.load;
  return [
    name,
    l.concurrency,
    l.requests,
    round(l.rps, 0),
    round(l.latencyMs.p50, 2),
    round(l.latencyMs.p90, 2),
    round(l.latencyMs.p99, 2),
    round(l.latencyMs.max, 1),
    l.failures,
    round(l.meanResponseBytes, 0),
    r.handler && r.handler.count > 0 ? round(r.handler.p50, 2) : null,
    r.handler && r.handler.count > 0 ? round(r.handler.p99, 2) : null,
    `${Math.round(r.serviceCpuShare * 100)}%`,
    round(r.serviceCpuMsPerRequest, 2),
    `${Math.round(r.mainThreadElu * 100)}%`,
    `${Math.round(l.generatorCpuShare * 100)}%`,
  ];
}

export function runFigures(r: MeasuredRun): Record<string, unknown> {
  return {
    concurrency: r.load.concurrency,
    requests: r.load.requests,
    warmupRequests: r.load.warmupRequests,
    seconds: round(r.load.seconds, 2),
    rps: round(r.load.rps, 1),
    latencyMs: Object.fromEntries(Object.entries(r.load.latencyMs).map(([k, v]) => [k, round(v, 3)])),
    statuses: r.load.statuses,
    failures: r.load.failures,
    sampleFailure: r.load.sampleFailure,
    meanResponseBytes: Math.round(r.load.meanResponseBytes),
    meanRequestBytes: Math.round(r.load.meanRequestBytes),
    handlerMs: r.handler ? { count: r.handler.count, p50: round(r.handler.p50, 3), p99: round(r.handler.p99, 3) } : null,
    serviceCpuShare: round(r.serviceCpuShare, 3),
    serviceCpuMsPerRequest: round(r.serviceCpuMsPerRequest, 3),
    mainThreadElu: round(r.mainThreadElu, 3),
    generatorCpuShare: round(r.load.generatorCpuShare, 3),
    generatorPid: r.load.generatorPid,
    stoppedBy: r.load.stoppedBy,
  };
}

// ---------------------------------------------------------------------------------------------
// The bare reference server
// ---------------------------------------------------------------------------------------------

export interface BareServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** A node:http server in this process answering `body` (JSON, same bytes as the route) to anything. */
export async function startBareServer(body: Buffer): Promise<BareServer> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
