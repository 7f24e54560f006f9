import type { ApiKeyRecord } from '#shared/domain/tenancy';

/**
 * Keys the service mints for itself rather than for a person: `npm start`'s sandbox voice provider
 * creates one per enterprise to post its simulated call reports (local/sandbox/call-reports.ts,
 * revoked when the service stops), so every run of `npm start` leaves more of them behind. They
 * carry `internal: true`; those minted before the mark existed are known by the name their minter
 * gives them (test/unit/bin/admin/help.test.ts checks the sandbox still gives it).
 */
const INTERNAL_KEY_NAMES: ReadonlySet<string> = new Set(['local sandbox call reports']);

export function isInternalKey(record: Pick<ApiKeyRecord, 'name' | 'internal'>): boolean {
  return record.internal === true || INTERNAL_KEY_NAMES.has(record.name);
}
