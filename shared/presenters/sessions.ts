import type * as z from 'zod';
import type { session } from '#shared/contracts/sessions';
import type { SessionRecord } from '#shared/domain/sessions';

/** A session as the API answers it (shared/contracts/sessions.ts `session`). */
export type SessionBody = z.output<ReturnType<typeof session>>;

/**
 * A session on the wire: the stored record less what only analytics reads (service_area,
 * conversion_value). The record and the wire shape are otherwise the same fields, so the field list
 * is the stored-item schema's (shared/adapters/dynamodb/session-store.ts), which validates and
 * strips every row read, and the contract's, which the response check holds every answer to.
 */
export function presentSession(record: SessionRecord): SessionBody {
  const { service_area: _serviceArea, conversion_value: _conversionValue, qualified_drop_off: _qualified, ...session } = record;
  return { ...session, recovered: record.recovered === true };
}
