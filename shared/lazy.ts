/**
 * A value built on its first call and returned as is on every later call: what a function needs
 * only on some requests, or never in production, is not built at cold start. Used for the
 * contracts' response schemas (only the OpenAPI generator and the test-time response check read
 * them) and for the libraries only some code paths use (README, Benchmarks: cold import).
 */
export function lazy<T>(build: () => T): () => T {
  let built: { readonly value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}
