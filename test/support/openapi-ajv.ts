import Ajv2020 from 'ajv/dist/2020';
import type { OpenApiDocument } from '#shared/openapi/document';

type Json = Record<string, unknown>;

/** Where the document's components are served to Ajv: `#/components/schemas/X` becomes `<id>#/$defs/X`. */
export const COMPONENTS_ID = 'https://contract.test/openapi.json';

export interface DocumentAjv {
  readonly ajv: Ajv2020;
  /** A schema of the document with its component references pointed at the registered components. */
  rewrite<T>(schema: T): T;
  /** Why a value fails a schema of the document (compiled once per schema); empty when it passes. */
  violations(schema: Json, value: unknown): string[];
}

/**
 * Ajv in strict mode over a document's components, with the formats the document promises (UTC
 * instants, calendar dates, UUIDs), so a body that validates is one the document describes.
 */
export function documentAjv(doc: OpenApiDocument): DocumentAjv {
  const rewrite = <T>(schema: T): T =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`)) as T;
  const ajv = new Ajv2020({
    strict: true,
    allowUnionTypes: true,
    formats: {
      // The document promises UTC instants.
      'date-time': {
        validate: (s: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/.test(s) && !Number.isNaN(Date.parse(s)),
      },
      date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
      uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    },
  });
  // The document marks the fields of each field group (shared/auth/field-groups.ts); a vendor extension, no constraint.
  ajv.addKeyword('x-field-group');
  ajv.addSchema(rewrite({ $id: COMPONENTS_ID, $defs: doc.components.schemas }));
  const validators = new Map<string, ReturnType<Ajv2020['compile']>>();
  return {
    ajv,
    rewrite,
    violations(schema, value) {
      const cacheKey = JSON.stringify(schema);
      let validate = validators.get(cacheKey);
      if (!validate) {
        validate = ajv.compile(rewrite(schema));
        validators.set(cacheKey, validate);
      }
      return validate(value) ? [] : [ajv.errorsText(validate.errors)];
    },
  };
}
