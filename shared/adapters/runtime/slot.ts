import { envVar, inLocalFunctionScope } from '#shared/config';
import type { ResourceUse } from '#shared/routes';
import { RESOURCE_USE_ENV } from './resource-env';

/**
 * Where handlers get an outbound adapter. In AWS the adapter is built on first use from the
 * function's environment (set by the stack); the local runtime and tests put their own adapter in
 * the slot before any handler runs. One module per port, so each function bundles only the SDK
 * clients it uses. Domain code only ever sees the port.
 *
 * A function gets an adapter only when its environment declares the resource behind it
 * (RESOURCE_USE_ENV: the variables the stack sets for each resource the function's route or worker
 * row `uses`): otherwise `get` throws, naming the resource and the row to fix. The check runs wherever there is a function environment to check: in
 * AWS (the slot still holds its AWS builder) and in the local runtime, which runs each function
 * in its own declared environment (local/runtime/function-environment.ts). A test that puts its own
 * adapter in a slot and calls a handler directly runs in no function's environment: not checked.
 */
export interface AdapterSlot<K, T> {
  get(key: K): T;
  use(build: (key: K) => T): void;
  reset(): void;
}

export function adapterSlot<K, T>(resourceOf: (key: K) => ResourceUse, buildForAws: (key: K) => T): AdapterSlot<K, T> {
  let build = buildForAws;
  const instances = new Map<K, T>();
  return {
    get(key) {
      if (build === buildForAws || inLocalFunctionScope()) assertDeclared(resourceOf(key));
      let instance = instances.get(key);
      if (instance === undefined) {
        instance = build(key);
        instances.set(key, instance);
      }
      return instance;
    },
    use(localBuild) {
      build = localBuild;
      instances.clear();
    },
    reset() {
      build = buildForAws;
      instances.clear();
    },
  };
}

export function assertDeclared(use: ResourceUse): void {
  const missing = RESOURCE_USE_ENV[use].filter((name) => envVar(name) === undefined);
  if (missing.length === 0) return;
  throw new Error(
    `the function's environment does not declare its use of ${use} (${missing.join(', ')} not set): ` +
      `add '${use}' to the uses of its route row (shared/route-table/) or worker row (shared/workers/definitions.ts)`,
  );
}
