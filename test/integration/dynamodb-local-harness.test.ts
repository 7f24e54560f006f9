import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startDynamoDbLocal } from '../support/dynamodb-local';

/**
 * The DynamoDB Local harness leaves no Java process behind: not after stop(), and not when the
 * process that started it, or that process's parent (a Jest worker, Jest), is SIGKILLed.
 */
const ROOT = path.join(__dirname, '..', '..');
const GONE_WITHIN_MS = 5_000;

interface StarterPids {
  readonly starter: number;
  readonly java: number;
  readonly watchdog: number;
}

describe('DynamoDB Local harness (test/support/dynamodb-local.ts)', () => {
  const leftovers: number[] = [];
  afterEach(() => {
    for (const pid of leftovers.splice(0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });

  it('fails, naming Java 17, when java cannot be run', async () => {
    await expect(startDynamoDbLocal({ java: path.join(ROOT, 'no-such-dir', 'java') })).rejects.toThrow(
      /DynamoDB Local \(the DynamoDB Streams reference suite\) needs Java 17 or newer: `.*java -version` failed \(spawnSync .* ENOENT\)/,
    );
  });

  it('fails, naming Java 17, when java is older', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'old-java-'));
    try {
      const java = path.join(dir, 'java');
      writeFileSync(java, '#!/bin/sh\necho \'openjdk version "11.0.21" 2023-10-17\' >&2\n', { mode: 0o755 });
      await expect(startDynamoDbLocal({ java })).rejects.toThrow(
        /needs Java 17 or newer; `.*java -version` reports: openjdk version "11\.0\.21"/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stop() ends the Java process and its watchdog', async () => {
    const ddb = await startDynamoDbLocal();
    leftovers.push(ddb.pid, ddb.watchdogPid);
    expect(isRunning(ddb.pid)).toBe(true);
    expect(isRunning(ddb.watchdogPid)).toBe(true);
    await ddb.stop();
    expect(isRunning(ddb.pid)).toBe(false);
    await expect(goneWithin(ddb.watchdogPid)).resolves.toBe(true);
  });

  it('the Java process dies when the process that started it is SIGKILLed', async () => {
    const { child, pids } = await startInChild('starter');
    leftovers.push(pids.java, pids.watchdog);
    expect(isRunning(pids.java)).toBe(true);
    child.kill('SIGKILL');
    await expect(goneWithin(pids.java)).resolves.toBe(true);
    await expect(goneWithin(pids.watchdog)).resolves.toBe(true);
  });

  it("the Java process dies when the starter's parent is SIGKILLed (the starter living on)", async () => {
    const { child, pids } = await startInChild('parent of the starter');
    leftovers.push(pids.starter, pids.java, pids.watchdog);
    child.kill('SIGKILL');
    await expect(goneWithin(pids.java)).resolves.toBe(true);
    await expect(goneWithin(pids.watchdog)).resolves.toBe(true);
    expect(isRunning(pids.starter)).toBe(true);
  });
});

/**
 * A Node process that starts DynamoDB Local through the harness and prints the pids; with
 * 'parent of the starter', a Node process that runs that one as its child. Returns the outer one.
 */
async function startInChild(kill: 'starter' | 'parent of the starter'): Promise<{ child: ChildProcess; pids: StarterPids }> {
  const harness = path.join(ROOT, 'test', 'support', 'dynamodb-local.ts');
  const starter = [
    '--require',
    'tsx/cjs',
    '-e',
    `require(${JSON.stringify(harness)}).startDynamoDbLocal().then(
      (d) => { console.log(JSON.stringify({ starter: process.pid, java: d.pid, watchdog: d.watchdogPid })); setInterval(() => {}, 60000); },
      (e) => { console.error(e); process.exit(1); });`,
  ];
  const args =
    kill === 'starter'
      ? starter
      : [
          '-e',
          `require('node:child_process').spawn(process.execPath, ${JSON.stringify(starter)}, { stdio: 'inherit' }); setInterval(() => {}, 60000);`,
        ];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const pids = await new Promise<StarterPids>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = /^\{"starter".*\}$/m.exec(output);
      if (line) resolve(JSON.parse(line[0]) as StarterPids);
    });
    child.once('exit', (code) => reject(new Error(`the starter exited with ${code}:\n${output}`)));
  });
  return { child, pids };
}

/** Whether the process runs (a zombie, dead but not yet reaped, does not). */
function isRunning(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) [ZX]/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || process.platform === 'linux') return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function goneWithin(pid: number, ms = GONE_WITHIN_MS): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isRunning(pid);
}
