import { type ResponseSchema, responseSchema } from './contract';

/**
 * Response building blocks every contract shares: scalars, the error body of each surface
 * (shared/http/error-bodies.ts, gateway responses included) and the two paginations
 * (shared/pagination/). Objects are closed (no additional properties) wherever the shape is fully
 * known, so a field added or renamed in a handler fails the response check of the tests until its
 * contract documents it. Each is a ResponseSchema (./contract.ts): built on first use, never at a
 * function's cold start, in the classic API handed to them (ADR 0183).
 */

export const dateTime = /* @__PURE__ */ responseSchema((z) =>
  z.iso.datetime().describe('UTC instant, ISO 8601 (e.g. 2026-11-01T14:03:27.000Z)'),
);
export const nullableDateTime = /* @__PURE__ */ responseSchema((z) => z.iso.datetime().nullable());
export const count = /* @__PURE__ */ responseSchema((z) => z.int().min(0));
export const id = /* @__PURE__ */ responseSchema((z) => z.int().min(1));
export const fraction = /* @__PURE__ */ responseSchema((z) => z.number().min(0).max(1));
export const nullableString = /* @__PURE__ */ responseSchema((z) => z.string().nullable());
export const freeObject = /* @__PURE__ */ responseSchema((z) => z.record(z.string(), z.unknown()));
/** The `meta` of a platform answer (shared/presenters/responses.ts presentRequestMeta). */
export const requestMeta = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({ request_id: z.string(), timestamp: dateTime().describe('When the response was made') }),
);

// ---------------------------------------------------------------------------------------------
// Errors (one shape per surface; shared/http/error-bodies.ts, gateway responses included)

export const readError = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      error: z
        .string()
        .describe(
          'Error code: invalid_request (400), unauthorized (401), forbidden (403), not_found (404), rate_limited (429), internal_error (500)',
        ),
      message: z
        .string()
        .describe('Human-readable explanation; for a 400 it starts with the field name, e.g. "limit: must be at most 500"'),
      field: z.string().optional().describe('The request field the error is about (query parameter, path parameter or header name)'),
      details: freeObject().optional().describe('Extra machine-readable context, when there is any'),
      request_id: z.string().describe('Also returned in the x-request-id header and written to the logs'),
    })
    .describe('Error body of the read API'),
);

export const platformError = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      success: z.literal(false),
      error: z.string().describe('Error code'),
      message: z.string(),
      field: z.string().optional(),
      details: freeObject().optional(),
      request_id: z.string(),
    })
    .describe('Error body of the platform API (/v1/...)'),
);

/** Intake errors spread their details at the top level, so the object stays open. */
export const intakeError = /* @__PURE__ */ responseSchema((z) =>
  z
    .looseObject({
      success: z.literal(false),
      error: z.string().describe('Human-readable explanation'),
      code: z
        .string()
        .describe(
          'Error code: invalid_request (400), unauthorized (401), forbidden (403), not_found (404), conflict (409), payload_too_large (413), unsupported_media_type (415), rate_limited (429), internal_error (500)',
        ),
      request_id: z.string().describe('Also returned in the x-request-id header and written to the logs'),
      field: z
        .string()
        .optional()
        .describe('The target field or input the error is about, e.g. phone_number, appointment_datetime, routing'),
    })
    .describe('Error body of the intake API; error-specific members (such as lead_id on a 409) sit beside these'),
);

// ---------------------------------------------------------------------------------------------
// Pagination (shared/pagination/cursor.ts, offset.ts)

const changeFeedUntil = /* @__PURE__ */ responseSchema((z) =>
  z.iso
    .datetime()
    .optional()
    .describe(
      'Only with updated_since: this page lists the changes up to this instant (a few seconds before now, so late index writes are not passed by). On the last page (has_more false) it is the updated_since of the next sync.',
    ),
);

/** The `meta` member of a change-feed page (updated_since; shared/pagination/change-feed.ts), absent on a plain list. */
export function changeFeedMeta() {
  return { updated_until: changeFeedUntil() };
}

export const cursorPagination = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      cursor: z
        .string()
        .nullable()
        .describe(
          'Opaque, HMAC-signed cursor of the next page; pass it back unchanged as the cursor query parameter, with the same key and filters. Null on the last page.',
        ),
      has_more: z.boolean(),
      limit: z
        .int()
        .min(1)
        .describe(
          'The page size that was applied. A page holds fewer rows when it reached the 5 MB response budget; has_more and cursor then continue exactly after its last row.',
        ),
    })
    .describe('Cursor pagination (v1 lists)'),
);

export const offsetPagination = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      limit: z.int().min(1),
      offset: z.int().min(0),
      has_more: z.boolean().describe('True when rows exist beyond offset + limit'),
    })
    .describe(
      'Offset pagination (v0 lists). limit is the number of rows the page could hold: the requested limit, or fewer when the page reached the 5 MB response budget (then has_more is true); the next page starts at offset + limit.',
    ),
);

/** The named schemas of this file in the document's components. */
export const SHARED_COMPONENTS = {
  Error: readError,
  PlatformError: platformError,
  IntakeError: intakeError,
  CursorPagination: cursorPagination,
  OffsetPagination: offsetPagination,
} as const satisfies Record<string, ResponseSchema>;
