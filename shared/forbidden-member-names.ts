/**
 * Member names no untrusted JSON may carry, at any depth (untrusted input is made
 * safe once, at parsing, before any domain code sees it):
 * `__proto__` re-parents an object wherever a library copies members by assignment, an own
 * `constructor` makes DynamoDB's marshaller mistake the object for a class instance, and
 * `prototype` completes the `constructor.prototype` chain. The body parser refuses them
 * (shared/http/safe-json.ts); payload paths that name them never match (domain/intake/payload-path.ts).
 */
export const FORBIDDEN_MEMBER_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
