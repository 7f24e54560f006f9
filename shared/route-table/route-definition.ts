import type { ANY_KEY, KeyType, Permission } from '#shared/auth/permissions';

// The types of the route table's rows, kept beside the rows (shared/route-table/*.ts) that need them;
// shared/routes.ts assembles the rows into ROUTES and re-exports these types.

export type Surface = 'read' | 'platform' | 'intake';
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface RouteDefinition<Id extends string = string> {
  /** Stable identifier, also the OpenAPI operationId and the key of the route's contract. */
  readonly id: Id;
  readonly method: HttpMethod;
  /** API Gateway resource path with {param} placeholders. */
  readonly path: string;
  readonly surface: Surface;
  /** Folder under functions/ holding handler.ts. */
  readonly functionName: string;
  /** Permission the key must hold; ANY_KEY: any valid key; null for public routes (no authorizer). */
  readonly permission: Permission | typeof ANY_KEY | null;
  /** Key types allowed on the route; every type when absent. */
  readonly keyTypes?: readonly KeyType[];
  /**
   * DynamoDB tables the function reads or writes. A POST that creates something lists the
   * `idempotency` table (readwrite): it honours `Idempotency-Key` (see isIdempotent).
   */
  readonly tables: readonly { readonly table: TableName; readonly access: 'read' | 'readwrite' }[];
  /**
   * The function streams its answer (Lambda response streaming, API Gateway `responseTransferMode:
   * STREAM`, up to 200 MB) rather than returning it whole (6 MB); its handler is built with
   * shared/http/response-stream.ts. Not with caching or compression.
   */
  readonly streamsResponse?: true;
  /** Queues and services the function sends to, so the stack configures and grants exactly those. */
  readonly uses?: readonly ResourceUse[];
  readonly summary: string;
  readonly tag: string;
}

export type TableName =
  | 'teams'
  | 'sessions'
  | 'rollups'
  | 'leads'
  | 'calls'
  | 'campaigns'
  | 'idempotency'
  | 'limits'
  | 'webhooks'
  | 'outbox'
  | 'audit-log'
  | 'exports';

/** An outbound dependency of a function: a queue by name, or a service. */
export type ResourceUse =
  | 'outreach-calls'
  | 'campaign-sends'
  | 'event-bus'
  | 'scheduler'
  | 'voice-provider'
  | 'sms-provider'
  | 'coach-evaluations'
  | 'call-evaluator'
  | 'responder-model'
  | 'voice-recordings'
  | 'webhook-deliveries'
  | 'webhooks'
  | 'widget-followups'
  | 'appointment-texts'
  | 'manage-links'
  | 'exports'
  | 'export-files'
  | 'export-downloads'
  | 'export-removals'
  | 'data-deletions'
  | 'retention-sweeps';
