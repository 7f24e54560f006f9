import type * as z from 'zod';
import { lazy } from '#shared/lazy';
import type { RouteDefinition, RouteId } from '#shared/routes';

/**
 * A route's contract: everything a request may carry and everything the route answers, declared
 * once. The handler factory (shared/http/handler.ts) validates every input from it in a `before`
 * middleware and, under test, checks every success body against it; the OpenAPI generator
 * (shared/openapi/document.ts) walks it. Contracts are keyed by route id (shared/contracts/index.ts);
 * the route table itself stays free of schemas so the authorizer's bundle stays small. A contract
 * carries its route's row, taken from its area's rows (shared/route-table/), so a function loads
 * that area's rows and not the whole table (shared/routes.ts).
 *
 * What a route answers (success responses, error bodies, the documented form of a body) is only
 * read by the generator and the test-time check, never by a deployed function: those schemas are
 * `ResponseSchema`s, built on first use (`responseSchema`), so no function builds them at cold start.
 */
export interface RouteContract<Id extends RouteId = RouteId> {
  readonly routeId: Id;
  /** The route's row of the route table (its surface, permission, tables), set by defineContract. */
  readonly route: RouteDefinition<Id>;
  /** Path parameters (strings in, typed out). */
  readonly path?: InputSchema;
  /** Query parameters (strings in, typed out). */
  readonly query?: InputSchema;
  /**
   * Request headers, keyed by the name the document shows (matched case-insensitively). Their
   * messages are written whole (see shared/contracts/headers.ts), as some predate the `field: `
   * prefix of query and body messages.
   */
  readonly headers?: z.core.$ZodObject;
  readonly body?: BodyContract;
  /** Success responses by status. Under test, a handler answering anything else fails. */
  readonly responses: Readonly<Record<number, ResponseSchema>>;
  /**
   * Client errors beyond those every route has (400 for invalid input, 401, 403, 404, and 413 and
   * 415 for a body), by status: what they mean, and their body's schema when it is more specific
   * than the surface's error body.
   */
  readonly errors?: Readonly<Record<number, ErrorContract>>;
  /** The media type of the success responses when they are not JSON (the handler answers a base64 body). @default 'application/json' */
  readonly responseMediaType?: string;
}

export interface BodyContract {
  /** Validates the JSON object the safe parser (shared/http/json-body.ts) returned. */
  readonly schema: InputSchema;
  /** The largest body accepted, in bytes (413 beyond). */
  readonly maxBytes: number;
  /** false: the route takes no body, and one that is sent is parsed as safely, then ignored. @default true */
  readonly required?: boolean;
  /**
   * What the document shows, when `schema` validates in steps JSON Schema cannot state (the voice
   * report: its type first, then the report for that type). Built from the same schemas, on first use.
   */
  readonly documentedAs?: ResponseSchema;
}

export type ErrorContract = string | { readonly description: string; readonly schema: ResponseSchema };

/**
 * A schema only the OpenAPI generator and the test-time response check read: a function that
 * builds it on its first call and returns that same instance after (the generator names
 * components by identity).
 */
export type ResponseSchema<T extends z.core.$ZodType = z.ZodType> = () => T;

/** zod's classic API, the one response schemas are written in (their chained `.describe()`, `.optional()`). */
export type ResponseZod = typeof z;

let responseZod: ResponseZod | undefined;

/**
 * Hands the classic API to the response builders. Only the document generator, the tests and the
 * local gateway (which checks answers under test) build response schemas, and each calls this
 * once; a deployed function's contracts then import `zod/mini` for their inputs and never `zod`
 * itself (ADR 0183: the classic module costs a function 3.5–6 ms of import CPU even when it builds
 * nothing with it).
 */
export function provideResponseZod(z: ResponseZod): void {
  responseZod = z;
}

/**
 * Declares a schema built on first use (see ResponseSchema), with the classic API handed over.
 * Written `/* @__PURE__ *\/ responseSchema(...)`, as `atLoad` is: a function none of whose routes
 * answers with the schema bundles none of its code (a contract module declares its whole area's).
 */
export function responseSchema<T extends z.core.$ZodType>(build: (z: ResponseZod) => T): ResponseSchema<T> {
  return lazy(() => {
    if (!responseZod) throw new Error('response schemas are built once zod is handed over (provideResponseZod)');
    return build(responseZod);
  });
}

/**
 * A request schema (path, query, body), or the builder of one, run on the route's first request
 * (`onFirstRequest`). A function that serves several routes (functions/widget-api) loads every
 * route's contract; with builders it builds the inputs of the routes it is asked for, not all of
 * them at cold start. A schema shared by contracts is one builder, so it is built once.
 */
export type InputSchema<T extends z.core.$ZodType = z.core.$ZodType> = T | FirstRequest<T>;

/** Builds a request schema on the route's first request, the same instance after (see InputSchema). */
export type FirstRequest<T extends z.core.$ZodType = z.core.$ZodType> = () => T;

/** Declares a request schema built on the route's first request (see InputSchema). */
export function onFirstRequest<T extends z.core.$ZodType>(build: () => T): FirstRequest<T> {
  return lazy(build);
}

function isFirstRequest<T extends z.core.$ZodType>(schema: InputSchema<T>): schema is FirstRequest<T> {
  return typeof schema === 'function';
}

/** The schema a contract's input member declares, built now if it is built on first request. */
export function schemaOf<T extends z.core.$ZodType>(schema: InputSchema<T>): T {
  return isFirstRequest(schema) ? schema() : schema;
}

/** A contract as declared: everything but its route's row, which defineContract finds. */
type ContractDeclaration<Id extends RouteId> = Omit<RouteContract<Id>, 'route'>;

/**
 * Declares a contract, keeping its literal types (route id, schemas) for the handler's input, and
 * gives it its route's row from `rows`, the rows of the route's area (the compiler refuses a route
 * id that is not among them).
 */
export function defineContract<const R extends readonly RouteDefinition<RouteId>[], const C extends ContractDeclaration<R[number]['id']>>(
  rows: R,
  contract: C,
): C & { readonly route: RouteDefinition<C['routeId']> } {
  return { ...contract, route: rowOf(rows, contract.routeId) };
}

function rowOf<Id extends RouteId>(rows: readonly RouteDefinition<RouteId>[], id: Id): RouteDefinition<Id> {
  for (const row of rows) if (isRowOf(row, id)) return row;
  throw new Error(`no row ${id} among the rows given to its contract`);
}

function isRowOf<Id extends RouteId>(row: RouteDefinition<RouteId>, id: Id): row is RouteDefinition<Id> {
  return row.id === id;
}

/** The output of an optional schema member of a contract, `{}` when the contract has none. */
type OutputOf<S> = S extends FirstRequest<infer T> ? z.output<T> : S extends z.core.$ZodType ? z.output<S> : Record<string, never>;

export type PathOf<C extends RouteContract> = OutputOf<C['path']>;
export type QueryOf<C extends RouteContract> = OutputOf<C['query']>;
export type HeadersOf<C extends RouteContract> = OutputOf<C['headers']>;
export type BodyOf<C extends RouteContract> = C['body'] extends BodyContract ? OutputOf<C['body']['schema']> : undefined;

/**
 * A whole number as the document writes it, digits grouped as in en-US: `262,144`. By hand, not
 * with toLocaleString: descriptions are built at load (the OpenAPI function builds the document
 * there), and a process's first Intl number format costs about 12 ms (docs/benchmarks.md: cold import).
 */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A size in the units the document states limits in: `256 KB (262,144 bytes)`. */
export function formatBytes(bytes: number): string {
  const exact = `${formatCount(bytes)} bytes`;
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB (${exact})`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB (${exact})`;
  return exact;
}
