import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type ServiceProcess, serviceEnv, spawnServiceProcess, startServiceProcess } from '../support/service-process';

/**
 * The local loop as a developer meets it: `npm start` says what it is doing while it seeds, then
 * where everything is (and the admin CLI line it prints works), logs one line per request without
 * key material, refuses a busy port in one line naming PORT, `npm run demo:reset` refuses a folder
 * in use and empties it once stopped, and `npm run dev` restarts when a watched file changes.
 */

const ROOT = path.join(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const SEEDED_START_MS = 240_000;

const dirs: string[] = [];
const running: ServiceProcess[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'local-loop-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const service of running) await service.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/** Runs `tsx <args>` in the project folder to its end. */
function run(args: readonly string[], dataDir: string, env: Record<string, string> = {}): Promise<Finished> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(TSX, [...args], { cwd: ROOT, env: serviceEnv(dataDir, env), timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr, ms: Date.now() - started });
    });
  });
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function occupy(): Promise<Server> {
  const server = createServer();
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const portOf = (server: Server) => (server.address() as { port: number }).port;
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('a busy port', () => {
  it('is one line on stderr naming PORT and a free port, exit code 1, before anything slow starts', async () => {
    const server = await occupy();
    const dataDir = path.join(tempDir(), 'data');
    try {
      const port = portOf(server);
      const result = await run(['local/cli/start.ts'], dataDir, { PORT: String(port) });

      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(new RegExp(`^port ${port} is in use \\(another npm start\\?\\); set PORT=\\d+ npm start$`)),
      ]);
      expect(result.stderr + result.stdout).not.toMatch(/EADDRINUSE|\n\s+at /);
      // Refused before the embedded DynamoDB or the seed: nothing written.
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await close(server);
    }
  });

  it('names DYNAMODB_PORT when that one, set explicitly, is taken', async () => {
    const server = await occupy();
    try {
      const port = portOf(server);
      const result = await run(['local/cli/start.ts'], path.join(tempDir(), 'data'), { PORT: '0', DYNAMODB_PORT: String(port) });

      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toMatch(
        new RegExp(`^port ${port} is in use \\(another npm start\\?\\); set DYNAMODB_PORT=\\d+ npm start$`),
      );
    } finally {
      await close(server);
    }
  });
});

describe('npm start on a fresh data folder', () => {
  let dataDir: string;
  let service: ServiceProcess;
  let key: string;

  beforeAll(async () => {
    dataDir = tempDir();
    service = await startServiceProcess(dataDir, { LOG_REQUESTS: 'true' });
    running.push(service);
    key = (JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as { keys: { key: string }[] }).keys[1]?.key ?? '';
  }, SEEDED_START_MS);

  it('prints progress while seeding, then the summary: endpoint, admin CLI line, data folder, counts, keys', () => {
    const out = service.output();
    const listening = out.indexOf('listening on');
    const progress = out.slice(0, listening);

    expect(progress).toMatch(/^seeding demo data: teams, intake configurations$/m);
    expect(progress).toMatch(/^seeding demo data: sessions (\d[\d,]*)\/\1$/m);
    expect(progress).toMatch(/^seeding demo data: analytics rollups/m);
    const summary = out.slice(listening);
    const dynamo = /^ {2}DynamoDB +(http:\/\/127\.0\.0\.1:\d+)$/m.exec(summary)?.[1];
    expect(dynamo).toBeDefined();
    expect(summary).toContain(`  admin CLI     DYNAMODB_ENDPOINT=${dynamo} npm run admin -- team list\n`);
    expect(summary).toContain(`  data folder   ${dataDir}  (DATA_DIR=${dataDir} npm run demo:reset`);
    expect(summary).toContain(`  demo keys     ${path.join(dataDir, 'demo-credentials.json')}`);
    expect(summary).toMatch(
      /^ {2}demo data +seeded now: 5 teams, 4 keys, [\d,]+ sessions, [\d,]+ booking requests, [\d,]+ leads, [\d,]+ calls,/m,
    );
    expect(summary).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ \(npm start, ready in /);
    // Short: the summary is a dozen lines, none wider than a wide terminal.
    const lines = summary.split('\n').filter((line) => line.startsWith('  '));
    expect(lines.length).toBeLessThanOrEqual(12);
  });

  it('prints an admin CLI line that reaches the running service', async () => {
    const dynamo = /DYNAMODB_ENDPOINT=(\S+) npm run admin -- team list/.exec(service.output())?.[1] ?? '';
    const result = await run(['bin/admin.ts', 'team', 'list'], dataDir, { DYNAMODB_ENDPOINT: dynamo });

    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Summit Plumbing');
  });

  it('logs exactly one line per request, with method, path, status, duration and the key prefix only', async () => {
    const before = service.output().length;
    const res = await fetch(`${service.url}/api/teams?limit=5&cursor=c2VjcmV0`, { headers: { authorization: `Bearer ${key}` } });
    await res.arrayBuffer();
    await until(() => service.output().slice(before).includes('/api/teams'), 'the request line');

    const lines = service
      .output()
      .slice(before)
      .split('\n')
      .filter((line) => line.includes('/api/teams'));
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^\\d{2}:\\d{2}:\\d{2} GET /api/teams\\?limit=5&cursor=… ${res.status} \\d+ ms ${key.slice(0, 12)}…$`),
      ),
    ]);
    expect(service.output()).not.toContain(key);
    expect(service.output()).not.toContain('c2VjcmV0');
  });

  it('refuses a demo reset while it runs, and leaves the folder whole', async () => {
    const result = await run(['local/cli/reset.ts'], dataDir);

    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/in use by a running service \(npm start or npm run dev\): stop it, then reset$/);
    expect(existsSync(path.join(dataDir, 'demo-credentials.json'))).toBe(true);
  });

  it('npm run dev starts on the same data (kept, not seeded again) and restarts when a watched file changes', async () => {
    await service.kill('SIGTERM');
    running.splice(running.indexOf(service), 1);

    const dev = await spawnServiceProcess('npm', ['run', '--silent', 'dev'], dataDir);
    running.push(dev);
    expect(dev.output()).toMatch(/listening on \S+ \(npm run dev, ready in /);
    expect(dev.output()).toMatch(/^ {2}demo data +kept from the last run$/m);
    expect(dev.output()).not.toContain('seeding demo data');

    // A change under local/ (the modification time is enough for the watcher): stopped cleanly, started again.
    const watched = path.join(ROOT, 'local', 'cli', 'startup-summary.ts');
    const now = new Date();
    utimesSync(watched, now, now);
    await until(() => (dev.output().match(/listening on/g) ?? []).length >= 2, 'the restart after a change', 90_000);
    expect(dev.output()).toMatch(/SIGTERM: stopping/);

    await dev.kill('SIGTERM');
    running.splice(running.indexOf(dev), 1);
  }, 150_000);

  it('npm run demo:reset, once stopped, removes the tables and keys so the next start seeds again', async () => {
    const result = await run(['local/cli/reset.ts'], dataDir);

    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/removed .*demo-credentials\.json.*dynamodb/);
    expect(existsSync(path.join(dataDir, 'dynamodb'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'demo-credentials.json'))).toBe(false);
  });
});
