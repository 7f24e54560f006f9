import { type ChildProcess, fork } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GeneratorMessage, GeneratorReply, LoadResult, LoadSpec } from './load-generator';

/** Drives the load generator process (bench/load-generator.ts) from the process under test. */
export class LoadClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: LoadResult) => void; reject: (e: Error) => void }>();

  private constructor(
    private readonly child: ChildProcess,
    /** The generator's process id, reported beside the figures. */
    readonly pid: number,
  ) {
    child.on('message', (message: GeneratorReply) => {
      if (message.type === 'ready') return;
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.type === 'result') waiter.resolve(message.result);
      else waiter.reject(new Error(`load generator: ${message.message}`));
    });
    child.on('exit', (code) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`load generator exited with code ${code}`));
      this.pending.clear();
    });
  }

  static async start(): Promise<LoadClient> {
    const child = fork(path.join(__dirname, 'load-generator.ts'), [], {
      execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const pid = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('load generator did not start within 20 s')), 20_000);
      child.once('message', (message: GeneratorReply) => {
        clearTimeout(timer);
        if (message.type === 'ready') resolve(message.pid);
        else reject(new Error('load generator sent an unexpected first message'));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`load generator exited with code ${code} before it was ready`));
      });
    });
    return new LoadClient(child, pid);
  }

  run(spec: LoadSpec): Promise<LoadResult> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const message: GeneratorMessage = { type: 'run', id, spec };
      this.child.send(message);
    });
  }

  stop(): void {
    if (this.child.connected) this.child.disconnect();
    if (this.child.exitCode === null) this.child.kill();
  }
}
