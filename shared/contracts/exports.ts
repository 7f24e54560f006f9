import * as z from 'zod/mini';
import { EXPORT_FORMATS, EXPORT_RESOURCES, EXPORT_STATUSES } from '#shared/domain/exports/export-job';
import { atLoad } from '#shared/lazy';
import { EXPORT_ROUTES } from '#shared/route-table/exports';
import { dateTimeParam } from '#shared/schemas/params';
import { defineContract, type ResponseSchema, responseSchema } from './contract';
import { idempotencyKeyHeader } from './headers';
import { count, dateTime, id, nullableDateTime } from './responses';

/** Asynchronous exports (functions/create-export, get-export; read:exports). */

const MAX_BODY_BYTES = 16 * 1024;
/** The most teams one request names (a portfolio key's teams fit). */
const MAX_TEAMS = 1000;

export const createExportBody = /* @__PURE__ */ atLoad(() =>
  z
    .strictObject({
      resource: z
        .enum(EXPORT_RESOURCES, { error: `is required, one of ${EXPORT_RESOURCES.join(', ')}` })
        .check(z.describe('What to export: each line is one item as the resource’s list route gives it')),
      team_ids: z
        .optional(
          z
            .array(z.int({ error: 'must hold team ids' }).check(z.gte(1, { error: 'must hold team ids' })), {
              error: 'must be an array of team ids',
            })
            .check(z.minLength(1, { error: 'must name at least one team' }), z.maxLength(MAX_TEAMS)),
        )
        .check(
          z.describe(
            'Teams of the key to export (every team of the key but test teams when absent); a team the key does not reach is a 403',
          ),
        ),
      start_date: dateTimeParam.check(z.describe('Inclusive start of the range (ISO 8601 with a time zone)')),
      end_date: dateTimeParam.check(z.describe('Exclusive end of the range; no cap on the span')),
      format: z
        ._default(z.enum(EXPORT_FORMATS, { error: `must be ${EXPORT_FORMATS.join(', ')}` }), 'ndjson')
        .check(z.describe('ndjson: gzipped, one JSON object per line')),
    })
    .check(z.refine((b) => b.start_date < b.end_date, { error: 'start_date must be before end_date', path: ['start_date'] })),
);

const exportPath = /* @__PURE__ */ atLoad(() =>
  z.object({
    exportId: z
      .string()
      .check(
        z.regex(/^exp_[0-9a-f]{20}$/, { error: 'must be an export id (exp_…)' }),
        z.describe('The export’s id (exp_…), as POST /api/v1/exports answered it'),
      ),
  }),
);

export const exportAccepted = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      export_id: z.string().describe('exp_ and 20 hex digits'),
      status: z.literal('queued'),
    })
    .describe('The export is queued: follow it with GET /api/v1/exports/{export_id}'),
);

export const exportStatus = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      export_id: z.string(),
      resource: z.enum(EXPORT_RESOURCES),
      format: z.enum(EXPORT_FORMATS),
      team_ids: z.array(id()),
      start_date: dateTime(),
      end_date: dateTime(),
      status: z.enum(EXPORT_STATUSES),
      rows: count().describe('Rows written so far (all of them once completed)'),
      bytes: count().describe('Bytes of the gzipped file written so far'),
      created_at: dateTime(),
      completed_at: nullableDateTime(),
      download_url: z
        .string()
        .nullable()
        .describe('When completed: a link to the gzipped file, valid 15 minutes (ask again for a new one)'),
      download_url_expires_at: nullableDateTime().describe('When download_url stops working'),
      expires_at: nullableDateTime().describe('When completed: when the file is removed (7 days after completion)'),
      error: z.string().nullable().describe('Why the export failed (failed only)'),
    })
    .describe('An export and its progress'),
);

export const createExport = /* @__PURE__ */ defineContract(EXPORT_ROUTES, {
  routeId: 'createExport',
  headers: /* @__PURE__ */ atLoad(() => z.object({ ...idempotencyKeyHeader })),
  body: { schema: createExportBody, maxBytes: MAX_BODY_BYTES },
  responses: { 202: exportAccepted },
});

export const getExport = /* @__PURE__ */ defineContract(EXPORT_ROUTES, {
  routeId: 'getExport',
  path: exportPath,
  responses: { 200: exportStatus },
  errors: { 404: 'No export with this id was requested by this key' },
});

export const EXPORT_COMPONENTS = {
  ExportAccepted: exportAccepted,
  ExportStatus: exportStatus,
} as const satisfies Record<string, ResponseSchema>;
