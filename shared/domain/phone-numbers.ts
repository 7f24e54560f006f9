import { lazy } from '#shared/lazy';

/**
 * The reader of phone numbers (e164-reader.ts: the +1 plans, and libphonenumber for the rest),
 * imported with the first number a function reads, not at cold start, where most of its requests
 * carry none (a widget step, an availability read, the voice provider's other message types, a
 * deletion asked by email); docs/adr/0168-cold-start-breakdown-and-zod-mini.md. A function whose
 * every request reads a number imports e164-reader.ts itself.
 */
export const phoneNumbers = lazy(() => import('./e164-reader'));
