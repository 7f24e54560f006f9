import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';

/**
 * Query-parameter building blocks. Query strings arrive as strings, so each block parses a string
 * and reports what it expected; messages are prefixed with the field name by parseOrThrow. Each
 * is built `atLoad` (shared/lazy.ts): a function builds only the blocks its contract uses.
 */

/** Schemas that read an integer from text; the API description documents what they pipe into as an integer. */
const integerTexts = new WeakSet<z.core.$ZodType>();

/** Reads an integer from text that `text` accepted (digits only): documented as an integer, not a string. */
export function integerText(text: z.core.$ZodType<string, string>) {
  const schema = z.pipe(
    text,
    z.transform((digits: string) => Number(digits)),
  );
  integerTexts.add(schema);
  return schema;
}

/** Whether a schema is one of integerText's (the OpenAPI generator documents `integerText(...).pipe(n)` as n). */
export function isIntegerText(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && integerTexts.has(schema as z.core.$ZodType);
}

export const integerParam = /* @__PURE__ */ atLoad(() =>
  integerText(z.string().check(z.regex(/^-?\d{1,15}$/, { error: 'must be an integer' }))),
);

export const positiveIdParam = /* @__PURE__ */ atLoad(() =>
  z.pipe(integerParam, z.number().check(z.int(), z.gte(1, { error: 'must be a positive integer' }))),
);

export function limitParam(defaultValue: number, max: number) {
  return z.pipe(
    z.optional(
      z.pipe(integerParam, z.number().check(z.gte(1, { error: 'must be at least 1' }), z.lte(max, { error: `must be at most ${max}` }))),
    ),
    z.transform((v: number | undefined) => v ?? defaultValue),
  );
}

export const offsetParam = /* @__PURE__ */ atLoad(() =>
  z.pipe(
    z.optional(z.pipe(integerParam, z.number().check(z.gte(0, { error: 'must be 0 or greater' })))),
    z.transform((v: number | undefined) => v ?? 0),
  ),
);

/** ISO 8601 date-time with a zone designator (Z or ±hh:mm); normalized to UTC with milliseconds. */
export const dateTimeParam = /* @__PURE__ */ atLoad(() =>
  z.pipe(
    z.string().check(
      z.refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)), {
        error: 'must be an ISO 8601 date-time with a time zone, e.g. 2026-11-01T00:00:00Z',
      }),
    ),
    z.transform((s: string) => new Date(s).toISOString()),
  ),
);

export const booleanParam = /* @__PURE__ */ atLoad(() =>
  z.pipe(
    z.optional(z.enum(['true', 'false'], { error: 'must be true or false' })),
    z.transform((v: 'true' | 'false' | undefined) => v === 'true'),
  ),
);

/** An IANA zone name, checked with Intl (no time-zone library needed just to validate). */
export function isValidTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name) || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timezoneParam = /* @__PURE__ */ atLoad(() =>
  z.pipe(
    z.optional(z.string().check(z.refine((s) => isValidTimeZone(s), { error: 'must be an IANA time zone name, e.g. America/New_York' }))),
    z.transform((v: string | undefined) => v ?? 'America/New_York'),
  ),
);

export const cursorParam = /* @__PURE__ */ atLoad(() =>
  z.optional(z.string().check(z.minLength(1, { error: 'must not be empty' }), z.maxLength(2048, { error: 'is too long' }))),
);

export const DEFAULT_RANGE_DAYS = 7;

/** The default range: start 7 days before now, end now; start must precede end. */
export function resolveRange(start: string | undefined, end: string | undefined, now: Date = new Date()): { start: string; end: string } {
  const resolvedEnd = end ?? now.toISOString();
  const resolvedStart = start ?? new Date(Date.parse(resolvedEnd) - DEFAULT_RANGE_DAYS * 86_400_000).toISOString();
  return { start: resolvedStart, end: resolvedEnd };
}
