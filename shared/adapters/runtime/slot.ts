import { envVar, inLocalFunctionScope } from '#shared/config';
import type { PortUse } from '#shared/routes';
import { PORT_ENV } from './resource-env';

/**
 * Where handlers get an outbound adapter. In AWS the adapter is built on first use from the
 * function's environment (set by the stack); the local runtime and tests put their own adapter in
 * the slot before any handler runs. One module per port, so each function bundles only the SDK
 * clients it uses. Domain code only ever sees the port.
 *
 * A function gets a port only when its environment declares it (PORT_ENV: the variables the stack
 * sets for a port the function's route or worker row `uses`): otherwise `get` throws, naming the
 * port and the row to fix. The check runs wherever there is a function environment to check: in
 * AWS (the slot still holds its AWS builder) and in the local runtime, which runs each function
 * in its own declared environment (local/runtime/function-environment.ts). A test that puts its own
 * adapter in a slot and calls a handler directly runs in no function's environment: not checked.
 */
export interface AdapterSlot<K, T> {
  get(key: K): T;
  use(build: (key: K) => T): void;
  reset(): void;
}

export function adapterSlot<K, T>(portOf: (key: K) => PortUse, buildForAws: (key: K) => T): AdapterSlot<K, T> {
  let build = buildForAws;
  const instances = new Map<K, T>();
  return {
    get(key) {
      if (build === buildForAws || inLocalFunctionScope()) assertDeclared(portOf(key));
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

export function assertDeclared(port: PortUse): void {
  const missing = PORT_ENV[port].filter((name) => envVar(name) === undefined);
  if (missing.length === 0) return;
  throw new Error(
    `the function's environment does not declare the ${port} port (${missing.join(', ')} not set): ` +
      `add '${port}' to the uses of its route row (shared/route-table/) or worker row (shared/workers/definitions.ts)`,
  );
}
