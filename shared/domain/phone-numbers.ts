import { lazy } from '#shared/lazy';

/**
 * libphonenumber and its 'max' metadata (about 200 KB read at load, 3.5 ms of a widget function's
 * cold import): imported with the first number a function reads, not at cold start, since most of
 * the requests of the functions that read numbers carry none (a widget step, an availability
 * read, the voice provider's other message types); docs/adr/0168-cold-start-breakdown-and-zod-mini.md.
 */
export const phoneNumbers = lazy(() => import('./phone'));
