import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import * as path from 'node:path';

/**
 * `npm start` as a separate process (its own process group), so a test can SIGKILL the whole
 * service — gateway, workers, embedded DynamoDB — mid-work and start it again on the same folder.
 */
export interface ServiceProcess {
  readonly url: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Kills the process group with the signal and resolves once the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

const ROOT = path.join(__dirname, '..', '..');
// A first start seeds the demo and waits for its rollups: over a minute on 2 busy cores.
const STARTUP_TIMEOUT_MS = 180_000;
/**
 * Variables a test process sets for its own in-process services; a child must choose its own. And
 * npm's (`npm test` sets npm_lifecycle_event, which names the command the service prints).
 */
const INHERITED_EXCLUDED = /^(TABLE_|DYNAMODB_ENDPOINT$|CURSOR_SECRET$|AWS_REGION$|JEST_|SMS_SEND_RATE_PER_SECOND$|npm_)/;

/** Starts `script` (default `npm start`'s local/cli/start.ts; it must print `listening on <url>`) with tsx. */
export function startServiceProcess(
  dataDir: string,
  env: Record<string, string> = {},
  script = 'local/cli/start.ts',
): Promise<ServiceProcess> {
  return spawnServiceProcess(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [script], dataDir, env);
}

/** Starts any command that runs the service (`npm run dev`) in the project folder, as startServiceProcess does. */
export async function spawnServiceProcess(
  command: string,
  args: readonly string[],
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServiceProcess> {
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: serviceEnv(dataDir, env),
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`service did not start in time:\n${out}`)), STARTUP_TIMEOUT_MS);
    const check = () => {
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(deadline);
        child.stdout?.off('data', check);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(deadline);
      reject(new Error(`service exited with ${code} before listening:\n${out}`));
    });
  });
  return {
    url,
    output: () => out,
    async kill(signal) {
      killGroup(child, signal);
      await exited;
    },
  };
}

/** The environment a service child gets: this process's, less what it must choose itself, plus the test's. */
export function serviceEnv(dataDir: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !INHERITED_EXCLUDED.test(name)));
  return { ...inherited, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', LOG_REQUESTS: 'false', ...env };
}

/**
 * A TCP port free now on 127.0.0.1: a test that restarts `npm start` on the same folder passes it
 * as PORT to both starts, so the service keeps its public address across the restart, as a
 * deployed one does (links it sent before the restart, such as a recovery text's, still work).
 */
export async function freeListenPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1' }, resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP port was assigned');
  return address.port;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}
