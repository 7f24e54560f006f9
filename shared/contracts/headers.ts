import * as z from 'zod/mini';
import { WORKSPACE_ID_MAX_LENGTH } from '#shared/domain/tenancy';
import { IDEMPOTENCY_KEY_FIELD, MAX_IDEMPOTENCY_KEY_LENGTH } from '#shared/http/idempotency-key';
import { parseHeaders } from '#shared/http/validation';
import { atLoad } from '#shared/lazy';
import { integerText } from '#shared/schemas/params';

/**
 * The request headers routes read, each described once: the handler factory validates them from
 * the contracts (in `before`), handlers read the typed values, and the OpenAPI document lists them.
 * A contract spreads the members it takes into its `headers` object, keyed by the name the
 * document shows; the factory looks each one up case-insensitively.
 *
 * Each member is built `atLoad` (shared/lazy.ts): a function builds only the headers its contract
 * takes.
 *
 * Header messages are written whole (parseHeaders does not prefix them with the field): most name
 * the header first, like query and body messages; the workspace one predates that form and clients
 * see it as it is.
 */

const TEAM_ID_MESSAGE = 'x-team-id: must be a positive integer';

/** v0 team selection: multi-team keys name the team here (or in the team_id query parameter). */
export const teamSelectionHeader = /* @__PURE__ */ atLoad(() => ({
  'x-team-id': z.optional(
    z.pipe(
      integerText(z.string().check(z.trim(), z.regex(/^\d{1,15}$/, { error: TEAM_ID_MESSAGE }))),
      z.number().check(z.gte(1, { error: TEAM_ID_MESSAGE })),
    ),
  ),
}));

const WORKSPACE_REQUIRED = 'X-Workspace-ID header is required: it names the team (workspace) the request is for';

/** The platform surface names its team by workspace; which team, and whether the key reaches it, is resolved per request. */
export const workspaceHeader = /* @__PURE__ */ atLoad(() => ({
  'x-workspace-id': z
    .string({ error: WORKSPACE_REQUIRED })
    .check(
      z.trim(),
      z.minLength(1, { error: WORKSPACE_REQUIRED }),
      z.maxLength(WORKSPACE_ID_MAX_LENGTH, { error: `x-workspace-id: must be at most ${WORKSPACE_ID_MAX_LENGTH} characters` }),
    ),
}));

/** Intake test mode: `true` or `1` (read by the handler, with the test_mode query parameter as the alternative). */
export const testModeHeader = /* @__PURE__ */ atLoad(() => ({ 'x-test-mode': z.optional(z.string()) }));

/** Campaign preflight: `true` (the body's `"preflight": true` is the alternative). */
export const preflightHeader = /* @__PURE__ */ atLoad(() => ({ 'x-preflight': z.optional(z.string()) }));

const KEY_EMPTY = `${IDEMPOTENCY_KEY_FIELD}: must not be empty`;

/**
 * `Idempotency-Key` (shared/http/idempotency.ts): on the POSTs whose route row lists the
 * idempotency table. 1–255 characters, not blank; the key is used as sent (not trimmed).
 */
export const idempotencyKeyHeader = /* @__PURE__ */ atLoad(
  () =>
    ({
      [IDEMPOTENCY_KEY_FIELD]: z.optional(
        z.string().check(
          z.minLength(1, { error: KEY_EMPTY }),
          z.refine((key) => key.trim() !== '', { error: KEY_EMPTY }),
          z.maxLength(MAX_IDEMPOTENCY_KEY_LENGTH, {
            error: (issue) =>
              `${IDEMPOTENCY_KEY_FIELD}: must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters (got ${String((issue.input as string).length)})`,
          }),
        ),
      ),
    }) as const,
);

const idempotencyKeyHeaders = /* @__PURE__ */ atLoad(() => z.object(idempotencyKeyHeader));

/** The key a request carries (undefined without one), read with the contract's own header schema. */
export function idempotencyKeyOf(headers: Readonly<Record<string, string>>): string | undefined {
  return parseHeaders(idempotencyKeyHeaders, headers)[IDEMPOTENCY_KEY_FIELD];
}
