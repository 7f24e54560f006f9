import { type MessagePort, workerData } from 'node:worker_threads';
import { type BuildOptions, build } from 'esbuild';
import { oneChunkAtLoad } from './function-bundle';

/** What `buildFunctionBundleSync` (function-bundle.ts) hands this worker. */
interface BundleRequest {
  /** functionBuildOptions without its plugin, which cannot cross to a worker. */
  readonly options: BuildOptions;
  readonly projectRoot: string;
  readonly entry: string;
  /** Set to 1 once the build settled: the caller waits on it. */
  readonly done: Int32Array;
  /** Where the build's outcome goes. */
  readonly port: MessagePort;
}

const request = workerData as BundleRequest;
build({ ...request.options, plugins: [oneChunkAtLoad(request.projectRoot, request.entry)] })
  .then(
    () => request.port.postMessage({ error: null }),
    (error: Error) => request.port.postMessage({ error: error.message }),
  )
  .finally(() => {
    Atomics.store(request.done, 0, 1);
    Atomics.notify(request.done, 0);
  });
