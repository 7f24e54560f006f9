import { type DataSubject, mentionsSubject } from './request';

/**
 * An event's detail as it may still go out after a deletion on request: the event, its ids, times,
 * statuses, counts and flags, and nothing else (no names, numbers, addresses, messages or pages),
 * marked `redacted: true`. A value that names the person goes whatever its key. Nested objects
 * and lists are kept with the same rule, so a consumer still finds the team, the ids and the times
 * it acts on (a visit's texts, a field-service change), and counts stay.
 */
export function redactedEventDetail(detail: Readonly<Record<string, unknown>>, subject: DataSubject): Record<string, unknown> {
  // The event's name and its id (a hash of what it is about) are the service's, whatever digits
  // the id happens to hold: receivers deduplicate on it, so it always goes.
  return { ...redactedObject(detail, subject), event: detail.event, event_id: detail.event_id, redacted: true };
}

/**
 * Whether an event's detail is a redacted one: what follows a person (a text, a recovery) starts
 * nothing from it, since its person was erased.
 */
export function isRedactedEvent(detail: Readonly<Record<string, unknown>>): boolean {
  return detail.redacted === true;
}

/** Keys whose text is the service's own (an id, an instant, a state), never the person's words. */
const OWN_TEXT_KEYS: ReadonlySet<string> = new Set(['event', 'type', 'status', 'outcome', 'channel', 'kind', 'change', 'action']);

/** Whether a member's text survives redaction (unless it names the person); every other string goes. */
export const ownText = (key: string) => OWN_TEXT_KEYS.has(key) || key.endsWith('_id') || key.endsWith('_at');

function redactedObject(value: Readonly<Record<string, unknown>>, subject: DataSubject): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    const redacted = redactedValue(key, member, subject);
    if (redacted !== undefined) kept[key] = redacted;
  }
  return kept;
}

function redactedValue(key: string, value: unknown, subject: DataSubject): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return mentionsSubject(String(value), subject) ? undefined : value;
  if (typeof value === 'string') return ownText(key) && !mentionsSubject(value, subject) ? value : undefined;
  if (Array.isArray(value)) return value.map((member) => redactedValue(key, member, subject) ?? null);
  if (typeof value === 'object') return redactedObject(value as Record<string, unknown>, subject);
  return undefined;
}
