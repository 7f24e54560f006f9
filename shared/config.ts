/**
 * A function's environment. In AWS it is process.env, which holds exactly what the stack gave the
 * function (lib/: the tables, resources and cursor key its route or worker rows declare). The local
 * runtime runs every function in one process, so while one function loads or runs it installs a
 * lookup that answers that function's own environment (local/runtime/function-environment.ts): a table or
 * resource the function's rows do not declare is missing there too, and the same read fails locally
 * as it would in AWS.
 */
type EnvironmentLookup = (name: string) => string | undefined;

let currentScope: () => EnvironmentLookup | undefined = () => undefined;

/** Installs the local runtime's per-function lookup (undefined outside a function: process.env is read). */
export function setFunctionEnvironmentScope(scope: () => EnvironmentLookup | undefined): void {
  currentScope = scope;
}

/** Whether the local runtime has put one function's own environment in force (never in AWS, where process.env is that environment). */
export function inLocalFunctionScope(): boolean {
  return currentScope() !== undefined;
}

/** A variable of the function's environment (see above); undefined when unset or empty. */
export function envVar(name: string): string | undefined {
  const scoped = currentScope();
  const value = scoped ? scoped(name) : process.env[name];
  return value === '' ? undefined : value;
}

/** Reads a required environment variable once, at module load, failing fast when it is missing. */
export function requireEnv(name: string): string {
  const value = envVar(name);
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
}
