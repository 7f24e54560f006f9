import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import type { PolicyDocument } from '#shared/auth/policy';
import type { GatewayResponseKind } from '#shared/http/gateway-responses';
import { log } from '#shared/logging/logger';
import type { Surface } from '#shared/routes';
import { describeError, isRecord } from './response';

/**
 * The local API Gateway's authorizer cache (local/gateway/server.ts), as API Gateway keeps it:
 *
 * - a result is cached per (surface, identity source) for the surface's TTL (0: not cached; a
 *   surface whose authorizer declares no identity source runs it on every request). Failures (401)
 *   are NOT cached: API Gateway caches them too, but locally it is more useful that a key created
 *   right after a failed attempt works at once;
 * - concurrent first requests with one key share a single authorizer invocation;
 * - a thrown `Unauthorized` → UNAUTHORIZED (401), any other failure or a malformed result →
 *   DEFAULT_5XX;
 * - revocation: with `readEpoch`, an entry remembers the epoch read before its authorizer ran and
 *   is used only while a read of the epoch that started after the request arrived returns the same
 *   value; `key revoke` moves the epoch (the local FlushStageAuthorizersCache). `clear()` flushes too.
 */

/** Bounds memory when many distinct keys are tried (oldest entries are evicted first). */
const MAX_CACHE_ENTRIES = 10_000;

export interface Authorization {
  readonly principalId: string;
  readonly policy: PolicyDocument;
  /** The context as the integration sees it: string values plus principalId. */
  readonly context: Record<string, string>;
  /** policyAllows results by method ARN, so a cached policy is evaluated once per route. */
  readonly decisions: Map<string, boolean>;
}

interface CacheEntry {
  readonly expiresAt: number;
  /** The authorizer-cache epoch read before the authorizer ran. */
  readonly epoch: number;
  readonly authorization: Authorization;
}

interface AuthorizerRun {
  readonly epoch: number;
  readonly outcome: AuthorizerOutcome;
}

export type AuthorizerOutcome =
  | { readonly ok: true; readonly authorization: Authorization }
  | { readonly ok: false; readonly kind: GatewayResponseKind };

export interface AuthorizerCacheOptions {
  /** How long a surface's results are cached, in milliseconds (0: not cached). */
  readonly ttlMsOf: (surface: Surface) => number;
  /** Runs the authorizer function once (a cache miss); its result or throw is judged here. */
  readonly invoke: (event: APIGatewayRequestAuthorizerEvent) => Promise<unknown>;
  /** Reads the authorizer-cache epoch; without it cached entries live until they expire or clear(). */
  readonly readEpoch?: () => Promise<number>;
}

export class AuthorizerCache {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inflight = new Map<string, Promise<AuthorizerRun>>();
  /**
   * Request arrivals and epoch reads share one sequence, so "this read started after that request
   * arrived" is a comparison. Requests may share the latest read only when it started after they
   * arrived: it then reflects every flush that completed before they arrived.
   */
  private sequence = 0;
  private latestEpochRead: { readonly seq: number; readonly value: Promise<number> } | undefined;
  private invocations = 0;
  private cacheHits = 0;

  constructor(private readonly options: AuthorizerCacheOptions) {}

  /** Records a request's arrival: its place in the sequence, which authorize() takes. */
  arrive(): number {
    return ++this.sequence;
  }

  /** `identitySource` null: the surface's authorizer declares none, so it runs on every request. */
  async authorize(
    surface: Surface,
    identitySource: string | null,
    event: APIGatewayRequestAuthorizerEvent,
    arrival: number,
  ): Promise<AuthorizerOutcome> {
    const ttlMs = this.options.ttlMsOf(surface);
    if (identitySource === null || ttlMs === 0) return this.invokeAuthorizer(event);
    const cacheKey = `${surface}\n${identitySource}`;
    const { cache, inflight } = this;
    const hit = cache.get(cacheKey);
    if (hit) {
      if (hit.expiresAt > Date.now() && (await this.isCurrent(hit.epoch, arrival))) {
        this.cacheHits++;
        return { ok: true, authorization: hit.authorization };
      }
      if (cache.get(cacheKey) === hit) cache.delete(cacheKey);
    }
    const pending = inflight.get(cacheKey);
    if (pending) {
      const shared = await pending;
      // An authorization that began before a flush this request comes after is not reused.
      if (!shared.outcome.ok || (await this.isCurrent(shared.epoch, arrival))) return shared.outcome;
    }
    const run = (async (): Promise<AuthorizerRun> => {
      const epoch = await this.epochSince(arrival);
      const outcome = await this.invokeAuthorizer(event);
      if (outcome.ok) {
        if (cache.size >= MAX_CACHE_ENTRIES) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        cache.set(cacheKey, { expiresAt: Date.now() + ttlMs, epoch, authorization: outcome.authorization });
      }
      return { epoch, outcome };
    })();
    inflight.set(cacheKey, run);
    run
      .finally(() => {
        if (inflight.get(cacheKey) === run) inflight.delete(cacheKey);
      })
      .catch(() => undefined);
    return (await run).outcome;
  }

  clear(): void {
    this.cache.clear();
  }

  /** Times the authorizer function actually ran (cache misses), and requests answered from the cache. */
  stats(): { readonly authorizerInvocations: number; readonly authorizerCacheHits: number } {
    return { authorizerInvocations: this.invocations, authorizerCacheHits: this.cacheHits };
  }

  private epochSince(arrival: number): Promise<number> {
    const { readEpoch } = this.options;
    if (!readEpoch) return Promise.resolve(0);
    if (this.latestEpochRead && this.latestEpochRead.seq > arrival) return this.latestEpochRead.value;
    const read = { seq: ++this.sequence, value: readEpoch() };
    this.latestEpochRead = read;
    read.value.catch(() => {
      if (this.latestEpochRead === read) this.latestEpochRead = undefined;
    });
    return read.value;
  }

  private async isCurrent(epoch: number, arrival: number): Promise<boolean> {
    return !this.options.readEpoch || epoch === (await this.epochSince(arrival));
  }

  private async invokeAuthorizer(event: APIGatewayRequestAuthorizerEvent): Promise<AuthorizerOutcome> {
    this.invocations++;
    let result: unknown;
    try {
      result = await this.options.invoke(event);
    } catch (error) {
      if (error instanceof Error && error.message === 'Unauthorized') return { ok: false, kind: 'UNAUTHORIZED' };
      log('error', 'authorizer failed', { requestId: event.requestContext.requestId, error: describeError(error) });
      return { ok: false, kind: 'AUTHORIZER_FAILURE' };
    }
    const authorization = toAuthorization(result);
    if (!authorization) {
      log('error', 'authorizer returned a malformed result', { requestId: event.requestContext.requestId });
      return { ok: false, kind: 'DEFAULT_5XX' };
    }
    return { ok: true, authorization };
  }
}

/**
 * Validates an authorizer result like API Gateway: a principalId, a policy document with
 * statements, and a context of flat scalar values (passed on to the integration as strings).
 */
function toAuthorization(result: unknown): Authorization | null {
  if (!isRecord(result)) return null;
  const { principalId, policyDocument, context } = result as Partial<APIGatewayAuthorizerResult>;
  if (typeof principalId !== 'string' || principalId === '') return null;
  if (!isRecord(policyDocument) || !Array.isArray(policyDocument.Statement)) return null;
  const flat: Record<string, string> = {};
  if (context !== undefined && context !== null) {
    if (!isRecord(context)) return null;
    for (const [k, v] of Object.entries(context)) {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') flat[k] = String(v);
      else if (v !== null && v !== undefined) return null;
    }
  }
  const statements = policyDocument.Statement.map((s) => {
    const resource = (s as { Resource?: unknown }).Resource;
    return { ...s, Resource: Array.isArray(resource) ? resource : [resource] };
  });
  return {
    principalId,
    policy: { ...policyDocument, Statement: statements } as unknown as PolicyDocument,
    context: { ...flat, principalId },
    decisions: new Map(),
  };
}
