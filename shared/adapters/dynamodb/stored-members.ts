import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';

/**
 * The member schemas stored items are made of, one instance per kind, shared by every item schema
 * of every table: a schema is immutable (a check or a wrapper answers a new one), and each one
 * built is work at every cold start of a function that reads the item (ADR 0195, 0198). A member
 * shared this way still reports an issue at its own path. Each is its own `atLoad` value, so a
 * function builds only the kinds its items use.
 */
export const storedText = /* @__PURE__ */ atLoad(() => z.string());
export const storedNullableText = /* @__PURE__ */ atLoad(() => z.nullable(storedText));
/** Absent on rows written before the member was kept: reads as null. */
export const storedTextOrNull = /* @__PURE__ */ atLoad(() => z._default(storedNullableText, null));
export const storedOptionalText = /* @__PURE__ */ atLoad(() => z.optional(storedText));
export const storedOptionalNullableText = /* @__PURE__ */ atLoad(() => z.optional(storedNullableText));
export const storedTexts = /* @__PURE__ */ atLoad(() => z.array(storedText));
export const storedNumber = /* @__PURE__ */ atLoad(() => z.number());
export const storedNullableNumber = /* @__PURE__ */ atLoad(() => z.nullable(storedNumber));
export const storedOptionalNumber = /* @__PURE__ */ atLoad(() => z.optional(storedNumber));
export const storedBoolean = /* @__PURE__ */ atLoad(() => z.boolean());
