import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { DomainEvent } from '#shared/ports/event-bus';

/**
 * Checks emitted events against their published JSON Schemas (shared/events/schemas), the
 * contract subscribers rely on: each is `oneOf` the event as emitted and its redacted form. ajv-formats
 * is not installed, so ajv validates everything but `format`, and the formats the schemas use
 * (uuid, date-time) are checked here separately, in the form the event is in.
 */
type Schema = Record<string, unknown>;

const SCHEMA_DIR = path.join(__dirname, '..', '..', 'shared', 'events', 'schemas');

/** Every event type with a published schema (the files' names). */
export const PUBLISHED_EVENT_TYPES: readonly string[] = readdirSync(SCHEMA_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

/** An event type's published JSON Schema (shared/events/schemas/<type>.json), as the tests compile it. */
export function eventSchema(type: string): Schema {
  return JSON.parse(readFileSync(path.join(SCHEMA_DIR, `${type}.json`), 'utf8')) as Schema;
}

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false });
const schemas = new Map<string, Schema>();
for (const type of PUBLISHED_EVENT_TYPES) {
  const schema = eventSchema(type);
  schemas.set(type, schema);
  ajv.addSchema(schema, type);
}

const FORMATS: Record<string, (value: string) => boolean> = {
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v),
  // The service emits UTC instants in ISO 8601 with milliseconds.
  'date-time': (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v) && !Number.isNaN(Date.parse(v)),
};

function formatViolations(schema: Schema, value: unknown, at: string): string[] {
  const out: string[] = [];
  const format = schema.format;
  if (typeof format === 'string' && typeof value === 'string') {
    const check = FORMATS[format];
    if (!check) out.push(`${at}: no check for format ${format}`);
    else if (!check(value)) out.push(`${at}: "${value}" is not a ${format}`);
  }
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (properties && value !== null && typeof value === 'object') {
    for (const [name, member] of Object.entries(properties)) {
      out.push(...formatViolations(member, (value as Record<string, unknown>)[name], `${at}.${name}`));
    }
  }
  return out;
}

/** Every way an emitted event departs from its schema; empty when it conforms. */
export function eventViolations(event: DomainEvent): string[] {
  const schema = schemas.get(event.type);
  const validate = ajv.getSchema(event.type);
  if (!schema || !validate) return [`${event.type}: no published schema`];
  const out: string[] = [];
  if (!validate(event.detail)) out.push(ajv.errorsText(validate.errors, { dataVar: event.type }));
  const forms = schema.$defs as Record<'event' | 'redacted', Schema>;
  out.push(...formatViolations(event.detail.redacted === true ? forms.redacted : forms.event, event.detail, event.type));
  if (event.detail.event !== event.type) out.push(`${event.type}: detail.event is ${String(event.detail.event)}`);
  return out;
}
