import { type MessagePort, workerData } from 'node:worker_threads';
import { type BuildOptions, build } from 'esbuild';
import { functionBundlePlugins } from './function-bundle';

/** What `buildFunctionBundleSync` (function-bundle.ts) hands this worker once. */
interface WorkerSetup {
  /** Set to 1 once a build settled: the caller waits on it. */
  readonly done: Int32Array;
  /** Where the builds come from and their outcomes go. */
  readonly port: MessagePort;
}

/** One build: functionBuildOptions without its plugins, which cannot cross to a worker. */
interface BundleRequest {
  readonly options: BuildOptions;
  readonly projectRoot: string;
  readonly entry: string;
}

const { done, port } = workerData as WorkerSetup;
port.on('message', (request: BundleRequest) => {
  build({ ...request.options, plugins: functionBundlePlugins(request.projectRoot, request.entry) })
    .then(
      () => port.postMessage({ error: null }),
      (error: Error) => port.postMessage({ error: error.message }),
    )
    .finally(() => {
      Atomics.store(done, 0, 1);
      Atomics.notify(done, 0);
    });
});
