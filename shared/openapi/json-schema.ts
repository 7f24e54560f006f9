import * as z from 'zod';
import { dateTimeParam, isIntegerText } from '#shared/schemas/params';

/** JSON Schema of the contracts' zod schemas, as the document shows them. */

export type JsonSchema = Record<string, unknown>;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** Formats whose zod-generated regex is dropped from the document for readability (validators know the format). */
const FORMATS_WITHOUT_PATTERN = new Set(['date-time', 'date', 'uuid']);

/**
 * Tidies zod's JSON Schema: integers read from text (integerText piped into a number: query
 * integers, x-team-id) are documented as integers with their bounds, query date-times get their
 * format, and the safe-integer bounds of z.int() and the regexes of well-known formats are dropped.
 */
export function tidy(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: z.core.JSONSchema.BaseSchema }): void {
  const json = ctx.jsonSchema as JsonSchema;
  const def = ctx.zodSchema._zod.def;
  if (def.type === 'pipe' && isIntegerText(def.in)) {
    const numeric = z.toJSONSchema(def.out as z.ZodType) as JsonSchema;
    for (const key of Object.keys(json)) delete json[key];
    json.type = 'integer';
    if (typeof numeric.minimum === 'number') json.minimum = numeric.minimum;
    if (typeof numeric.maximum === 'number') json.maximum = numeric.maximum;
  }
  if (ctx.zodSchema === dateTimeParam) json.format = 'date-time';
  if (json.maximum === MAX_SAFE) delete json.maximum;
  if (json.minimum === -MAX_SAFE) delete json.minimum;
  if (typeof json.format === 'string' && FORMATS_WITHOUT_PATTERN.has(json.format)) delete json.pattern;
}

/** What a request schema accepts (its input side: query strings, JSON bodies). */
export function inputSchema(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', override: tidy }) as JsonSchema;
  return json;
}

/** What a request schema yields for an empty input: the defaults the handler applies. */
function defaultsOf(schema: z.core.$ZodType): Record<string, unknown> {
  const parsed = z.safeParse(schema, {});
  return parsed.success && parsed.data && typeof parsed.data === 'object' ? (parsed.data as Record<string, unknown>) : {};
}

function wireDefault(value: unknown, schema: JsonSchema): unknown {
  if (Array.isArray(value)) return value.join(',');
  if (schema.type === 'integer' || schema.type === 'number') return value;
  return typeof value === 'string' ? value : String(value);
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description: string;
  schema: JsonSchema;
}

/** The parameters an object schema of a contract declares (path, query or headers), each described by `describe`. */
export function parametersOf(
  location: ParameterObject['in'],
  schema: z.core.$ZodType,
  describe: (name: string, parameterSchema: JsonSchema) => string | undefined,
): ParameterObject[] {
  const json = inputSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  const defaults = defaultsOf(schema);
  return Object.entries(properties).map(([name, property]) => {
    const parameterSchema: JsonSchema = { ...property };
    if (defaults[name] !== undefined) parameterSchema.default = wireDefault(defaults[name], parameterSchema);
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      description: describe(name, parameterSchema) ?? (typeof property.description === 'string' ? property.description : ''),
      schema: parameterSchema,
    };
  });
}

/** A description, or a description with a pattern for the member's string values. */
export type BodyNote = string | { readonly description: string; readonly pattern?: string };

/** Merges notes into a generated body schema; a note on an unknown member is a programming error. */
export function annotateBody(schema: JsonSchema, notes: Readonly<Record<string, BodyNote>> | undefined): JsonSchema {
  for (const [path, note] of Object.entries(notes ?? {})) {
    const node = findMember(schema, path.split('.'));
    if (!node) throw new Error(`bodyNotes: no member ${path} in the body schema`);
    const { description, pattern } = typeof note === 'string' ? { description: note, pattern: undefined } : note;
    node.description = description;
    if (pattern !== undefined) {
      const branches = (node.anyOf ?? [node]) as JsonSchema[];
      for (const branch of branches) if (branch.type === 'string') branch.pattern = pattern;
    }
  }
  return schema;
}

function findMember(node: JsonSchema, path: readonly string[]): JsonSchema | undefined {
  const [head, ...rest] = path;
  if (head === undefined) return node;
  const child = (node.properties as Record<string, JsonSchema> | undefined)?.[head];
  if (child) return findMember(child, rest);
  for (const branch of (node.anyOf ?? []) as JsonSchema[]) {
    const found = findMember(branch, path);
    if (found) return found;
  }
  return undefined;
}
