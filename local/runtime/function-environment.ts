import { AsyncLocalStorage } from 'node:async_hooks';
import { TABLES, tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { CURSOR_SECRET_ENV, CURSOR_SURFACES, RATE_LIMIT_ENV, RESOURCE_USE_ENV } from '#shared/adapters/runtime/resource-env';
import { AUTHORIZER_TABLES } from '#shared/auth/authorizer-settings';
import { setFunctionEnvironmentScope } from '#shared/config';
import { isRateLimited, type ResourceUse, ROUTES, type TableName } from '#shared/routes';
import { STREAM_CONSUMERS, WORKERS } from '#shared/workers/definitions';

/**
 * Each function of the local runtime runs with the environment the stack gives it, not the whole
 * process's. The stack (lib/) gives a function `TABLE_<NAME>` for each table its route or worker
 * rows list, the variables of each resource its rows `use` (RESOURCE_USE_ENV), and CURSOR_SECRET_ID on the
 * surfaces that issue cursors; nothing else of those. Here, while a function's module loads and
 * while it runs, those resource variables answer only what its rows declare (with the local values:
 * the local tables, the cursor secret, `local` for a used resource, whose adapter slot holds a local
 * adapter);
 * every other variable (LOG_LEVEL, DYNAMODB_ENDPOINT, SMS_*) is read from process.env. So a handler
 * that reaches a table or resource its row does not declare fails in `npm start` and in the tests as it
 * would in AWS (shared/adapters/dynamodb/tables.ts physicalTableName, shared/adapters/runtime/slot.ts).
 *
 * test/infra/function-environment.test.ts checks that these are exactly the variables of each
 * function in the synthesized template.
 */
export interface LocalFunction {
  readonly functionName: string;
  readonly tables: readonly TableName[];
  readonly uses: readonly ResourceUse[];
  readonly cursorSecret: boolean;
  /** Counts requests against the rate limits: the limits table and the RATE_LIMIT_* defaults (shared/http/rate-limit.ts). */
  readonly rateLimited?: boolean;
}

/** Every function the stack deploys, by name: the shared authorizer, one per route function, one per worker and stream consumer. */
export const LOCAL_FUNCTIONS: ReadonlyMap<string, LocalFunction> = buildFunctions();

function buildFunctions(): Map<string, LocalFunction> {
  const functions = new Map<string, LocalFunction>();
  const add = (fn: LocalFunction) => {
    const existing = functions.get(fn.functionName);
    functions.set(
      fn.functionName,
      existing
        ? {
            functionName: fn.functionName,
            tables: [...new Set([...existing.tables, ...fn.tables])],
            uses: [...new Set([...existing.uses, ...fn.uses])],
            cursorSecret: existing.cursorSecret || fn.cursorSecret,
            rateLimited: existing.rateLimited === true || fn.rateLimited === true,
          }
        : fn,
    );
  };
  add({ functionName: 'authorizer', tables: AUTHORIZER_TABLES.map((t) => t.table), uses: [], cursorSecret: false });
  for (const route of ROUTES) {
    add({
      functionName: route.functionName,
      tables: route.tables.map((t) => t.table),
      uses: route.uses ?? [],
      cursorSecret: CURSOR_SURFACES.has(route.surface),
      rateLimited: isRateLimited(route),
    });
  }
  for (const worker of WORKERS) {
    add({ functionName: worker.functionName, tables: worker.tables.map((t) => t.table), uses: worker.uses, cursorSecret: false });
  }
  for (const consumer of STREAM_CONSUMERS) {
    add({
      functionName: consumer.functionName,
      tables: consumer.tables.map((t) => t.table),
      uses: consumer.uses ?? [],
      cursorSecret: false,
    });
  }
  return functions;
}

/** The variables that give a function a resource: present in its environment only when its rows declare the resource. */
const RESOURCE_VARIABLES: ReadonlySet<string> = new Set([
  ...(Object.keys(TABLES) as TableName[]).map(tableNameEnvVar),
  ...Object.values(RESOURCE_USE_ENV).flat(),
  CURSOR_SECRET_ENV,
]);
const RESOURCE_USE_VARIABLES: ReadonlySet<string> = new Set(Object.values(RESOURCE_USE_ENV).flat());

/** The resource variables the stack sets on the function. */
export function declaredVariables(fn: LocalFunction): Set<string> {
  return new Set([
    ...fn.tables.map(tableNameEnvVar),
    ...fn.uses.flatMap((use) => RESOURCE_USE_ENV[use]),
    ...(fn.cursorSecret ? [CURSOR_SECRET_ENV] : []),
    ...(fn.rateLimited ? [tableNameEnvVar('limits'), ...Object.values(RATE_LIMIT_ENV)] : []),
  ]);
}

type Lookup = (name: string) => string | undefined;

const lookups = new Map<string, Lookup>();
const scope = new AsyncLocalStorage<Lookup>();
let installed = false;

function lookupOf(functionName: string): Lookup {
  let lookup = lookups.get(functionName);
  if (!lookup) {
    const fn = LOCAL_FUNCTIONS.get(functionName);
    if (!fn) throw new Error(`no function ${functionName} in the route table, the worker rows or the authorizer`);
    const declared = declaredVariables(fn);
    lookup = (name) => {
      if (!RESOURCE_VARIABLES.has(name)) return process.env[name];
      if (!declared.has(name)) return undefined;
      // Tables and the cursor secret's id as the local service set them; a used resource's adapter slot holds a local adapter.
      return RESOURCE_USE_VARIABLES.has(name) ? (process.env[name] ?? 'local') : process.env[name];
    };
    lookups.set(functionName, lookup);
  }
  return lookup;
}

/**
 * Runs `run` (a handler's module load or one invocation, and everything it awaits) in the function's
 * own environment.
 */
export function runAsFunction<T>(functionName: string, run: () => T): T {
  if (!installed) {
    setFunctionEnvironmentScope(() => scope.getStore());
    installed = true;
  }
  return scope.run(lookupOf(functionName), run);
}

/**
 * Wraps a local adapter (queue, event bus, scheduler, provider sandbox) so its methods, and what
 * they start (timers, deliveries, simulated call reports), run outside the calling function's
 * environment: they stand in for AWS services, which do not run in the function.
 */
export function outsideFunctions<T extends object>(adapter: T): T {
  return new Proxy(adapter, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => scope.exit(() => (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
}
