/**
 * A value built on its first call and returned as is on every later call: what a function needs
 * only on some requests, or never in production, is not built at cold start. Used for the
 * contracts' response schemas (only the OpenAPI generator and the test-time response check read
 * them) and for the libraries only some code paths use (docs/benchmarks.md: cold import).
 */
export function lazy<T>(build: () => T): () => T {
  let built: { readonly value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}

/**
 * Builds a module-level value at load, in a call esbuild may drop: written
 * `/* @__PURE__ *\/ atLoad(() => ...)`, a value that none of a function's code uses is neither
 * built nor bundled in that function. Modules of shared schemas (shared/schemas/, the contracts of
 * an area, a domain's stored-item schema) declare each schema so: a zod schema costs its
 * construction at every cold start of every function that imports the module, used or not
 * (docs/adr/0119-cold-start-build-only-what-requests-need.md). The annotation is what matters; the call only runs `build`.
 */
export function atLoad<T>(build: () => T): T {
  return build();
}
