import { ownText } from './redacted-event';

/**
 * The published shape of an event's redacted form (redacted-event.ts), derived from the event's
 * own JSON Schema by the same rule the redaction applies: each file in shared/events/schemas is
 * `oneOf` the event and this, so every event that goes out, whole or redacted, validates against
 * what is published. Deriving it (bin/event-schemas.ts writes it, a test checks the files agree)
 * keeps one rule for what a redacted event holds instead of sixteen hand-kept copies.
 *
 * What the rule gives: `event`, `event_id` and `redacted: true` always; each other member only as
 * the redaction may leave it (its text only under an id, instant or state key, numbers, flags and
 * nulls kept), and none required, since any of them goes when it names the person. A list keeps
 * its length: a member that went is null.
 */
export type JsonSchema = { readonly [keyword: string]: unknown };

const REDACTED_MEMBER: JsonSchema = {
  const: true,
  description: 'Present only on an event redacted by a deletion on request: its person-bound members are absent.',
};

/**
 * A published event schema with both forms: `oneOf` the event as emitted (`$defs.event`, kept by
 * hand) and its redacted form (`$defs.redacted`, derived). A schema still in the single-shape
 * layout is read as the event.
 */
export function publishedEventSchema(file: JsonSchema): JsonSchema {
  const { $schema, $id, title, description, oneOf: _oneOf, $defs, ...shape } = file;
  const event = ($defs as { readonly event?: JsonSchema } | undefined)?.event ?? shape;
  return {
    $schema,
    $id,
    title,
    description,
    oneOf: [{ $ref: '#/$defs/event' }, { $ref: '#/$defs/redacted' }],
    $defs: { event, redacted: redactedEventSchema(event) },
  };
}

function redactedEventSchema(event: JsonSchema): JsonSchema {
  const members = redactedMembers(event);
  return {
    description:
      'The event redacted by a deletion on request (still due when the person was deleted): ids, instants, states, ' +
      'numbers and flags only, any of them absent where it named the person.',
    type: 'object',
    additionalProperties: false,
    required: ['event', 'event_id', 'redacted'],
    properties: { ...members, redacted: REDACTED_MEMBER },
  };
}

function redactedMembers(object: JsonSchema): Record<string, JsonSchema> {
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const kept: Record<string, JsonSchema> = {};
  for (const [key, member] of Object.entries(properties)) {
    const redacted = redactedMember(key, member);
    if (redacted !== null) kept[key] = redacted;
  }
  return kept;
}

/** The member's schema once redacted, null when no value of it survives. */
function redactedMember(key: string, member: JsonSchema): JsonSchema | null {
  const survives = (value: unknown) => typeof value !== 'string' || ownText(key);
  if ('const' in member) return survives(member.const) ? member : null;
  if (Array.isArray(member.enum)) {
    const values = member.enum.filter(survives);
    return values.length === 0 ? null : { ...member, enum: values };
  }
  const declared = member.type;
  const types = (Array.isArray(declared) ? declared : [declared]).filter((t): t is string => typeof t === 'string');
  const kept = types.filter((type) => type !== 'string' || ownText(key));
  if (kept.length === 0) return null;
  const out: Record<string, unknown> = { ...member, type: kept.length === 1 ? kept[0] : kept };
  if (kept.length < types.length) {
    // A narrowed member is no longer what its words say (a phone number that is only ever null).
    for (const keyword of ['format', 'minLength', 'maxLength', 'pattern', 'description']) delete out[keyword];
  }
  if (kept.includes('object') && member.properties) {
    delete out.required;
    out.properties = redactedMembers(member);
  }
  if (kept.includes('array') && member.items) out.items = listMember(key, member.items as JsonSchema);
  return out;
}

/** A list's member once redacted: null where it went. */
function listMember(key: string, items: JsonSchema): JsonSchema {
  const redacted = redactedMember(key, items);
  if (redacted === null) return { type: 'null' };
  if ('const' in redacted || Array.isArray(redacted.enum)) return { anyOf: [redacted, { type: 'null' }] };
  const type = redacted.type;
  const types = Array.isArray(type) ? type : [type];
  return types.includes('null') ? redacted : { ...redacted, type: [...types, 'null'] };
}
