import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { type JsonSchema, publishedEventSchema } from '#shared/domain/data-subject-deletions/redacted-event-schema';

/**
 * `npx tsx bin/event-schemas.ts`: writes each published event schema (shared/events/schemas) with
 * its redacted form derived from the event's own shape (publishedEventSchema). Run it after
 * editing an event's `$defs.event`, then `npx biome format --write shared/events/schemas`;
 * test/unit/shared/events/schemas.test.ts fails while a file's redacted form is stale.
 */
const SCHEMA_DIR = path.join(__dirname, '..', 'shared', 'events', 'schemas');

for (const name of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.json'))) {
  const file = path.join(SCHEMA_DIR, name);
  const schema = publishedEventSchema(JSON.parse(readFileSync(file, 'utf8')) as JsonSchema);
  writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
}
