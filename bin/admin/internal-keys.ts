import type { ApiKeyRecord } from '#shared/domain/tenancy';

/**
 * Keys the service mints for itself rather than for a person: `npm start`'s sandbox voice provider
 * creates one per enterprise to post its simulated call reports (local/sandbox-call-reports.ts,
 * revoked when the service stops), so every run of `npm start` leaves more of them behind. Key
 * records carry no "internal" mark, so they are known by the name their minter gives them;
 * test/unit/admin-help.test.ts checks the sandbox still gives that name.
 */
const INTERNAL_KEY_NAMES: ReadonlySet<string> = new Set(['local sandbox call reports']);

export function isInternalKey(record: Pick<ApiKeyRecord, 'name'>): boolean {
  return INTERNAL_KEY_NAMES.has(record.name);
}
