/**
 * Where handlers get an outbound adapter. In AWS the adapter is built on first use from the
 * function's environment (set by the stack); the local runtime and tests put their own adapter in
 * the slot before any handler runs. One module per port, so each function bundles only the SDK
 * clients it uses. Domain code only ever sees the port.
 */
export interface AdapterSlot<K, T> {
  get(key: K): T;
  use(build: (key: K) => T): void;
  reset(): void;
}

export function adapterSlot<K, T>(buildForAws: (key: K) => T): AdapterSlot<K, T> {
  let build = buildForAws;
  const instances = new Map<K, T>();
  return {
    get(key) {
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
