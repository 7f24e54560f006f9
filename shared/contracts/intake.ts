import * as z from 'zod/mini';
import { TARGET_FIELDS } from '#shared/domain/intake/field-mapping';
import { PRESET_NAMES } from '#shared/domain/intake/preset';
import { SCHEDULING_MODES } from '#shared/domain/intake/scheduling-config';
import { atLoad } from '#shared/lazy';
import { INTAKE_ROUTES } from '#shared/route-table/intake';
import { defineContract, formatBytes, type ResponseSchema, type ResponseZod, responseSchema } from './contract';
import { idempotencyKeyHeader, testModeHeader } from './headers';
import { count, dateTime, id, nullableString } from './responses';

/** The speed-to-lead intake webhook (functions/ingest-lead). */

/** Documented limit of an intake body. */
export const MAX_INTAKE_BODY_BYTES = 256 * 1024;

/** Any JSON object: its members are resolved through the team's field mapping by the domain. */
const intakeBody = /* @__PURE__ */ atLoad(() =>
  z
    .record(z.string(), z.unknown())
    .check(
      z.describe(
        `Any JSON object (not an array or a scalar), at most ${formatBytes(MAX_INTAKE_BODY_BYTES)}. Its members are resolved to the target fields through the team's field mapping (see the description).`,
      ),
    ),
);

// ---------------------------------------------------------------------------------------------
// Responses (shared/presenters/intake.ts)

export const intakeOutreach = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      status: z
        .enum(['queued', 'scheduled', 'not_placed'])
        .describe(
          'queued: the call is placed now; scheduled: it is placed at due_at; not_placed: the phone sent does not read as a phone number, so the lead is kept (customer.phone_raw in the leads feed) and not called',
        ),
      due_at: dateTime().describe('When the first call attempt is (or was) due, UTC'),
      scheduling_mode: z.enum(SCHEDULING_MODES).describe("The team's scheduling mode that chose due_at"),
    })
    .describe('The AI outreach call of the lead'),
);

export const fieldExplanation = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      matched: nullableString().describe('The alias (payload path) that supplied the value; null when none did'),
      fallback_value: z
        .string()
        .optional()
        .describe(
          "The mapping's fixed value for this target (fallback_values, e.g. a preset's utm_source), used because no alias gave one",
        ),
      composed_from: z
        .array(z.enum(['first_name', 'last_name']))
        .optional()
        .describe('customer_name only: composed from first_name and last_name because none of its own aliases gave a value'),
      aliases: z
        .enum(['team', 'default', 'notes_combine'])
        .describe("Where the aliases come from: the team's mapping, the default aliases, or the notes_combine paths"),
      tried: z
        .array(
          z.strictObject({
            alias: z.string().describe('A payload path, in the order tried'),
            result: z
              .enum(['matched', 'missing', 'empty', 'not_scalar', 'invalid'])
              .describe(
                'matched: it supplied the value; missing: the path leads nowhere in this payload; empty: null or a blank string; not_scalar: an object or an array; invalid: a value the target refuses (phone_number: not a phone number; email: not an address), so the next alias was tried',
              ),
            detail: z
              .string()
              .optional()
              .describe(
                'For missing: the first step that leads nowhere (e.g. no element of user_column_data has column_id=PHONE_NUMBER); for invalid: why',
              ),
          }),
        )
        .describe('Every alias tried, in order, up to the one that matched'),
    })
    .describe('How one target field was filled, or why it was not'),
);

const targetFieldText = (z: ResponseZod, what: string) =>
  z
    .strictObject(Object.fromEntries(TARGET_FIELDS.map((field) => [field, z.string().optional()])))
    .describe(`Per target field, ${what}; absent targets are left out`);

export const ingestLeadCreated = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      success: z.literal(true),
      lead_id: id().describe('Integer id of the new lead (lead_id in the v1 leads feed and in lead events)'),
      stl_call_id: id().describe('Integer id of its outreach call'),
      request_id: z.string(),
      team_id: id().describe('The team the lead was created for (after enterprise routing)'),
      outreach: intakeOutreach(),
      warnings: z
        .array(z.string())
        .optional()
        .describe('Present when something was accepted with a change, e.g. an invalid email dropped or an unknown lead_source mapped'),
    })
    .describe('Created: the lead is stored and its outreach call queued or scheduled'),
);

export const ingestLeadPreview = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      success: z.literal(true),
      test_mode: z.literal(true),
      request_id: z.string(),
      team_id: id().describe('The team the lead would be created for'),
      routing: z
        .union([
          z.strictObject({ kind: z.literal('key_team').describe("The key's own team (no enterprise routing applied)") }),
          z.strictObject({
            kind: z.literal('rule'),
            teamId: id(),
            ruleIndex: count().describe('0-based index of the rule that matched (the first match wins)'),
            field: z.string().describe('The payload path the rule read'),
            value: z.string().describe('The value it read, trimmed and lower-cased'),
          }),
          z.strictObject({ kind: z.literal('default'), teamId: id().describe('The default team: no rule matched') }),
        ])
        .describe('How the target team was chosen'),
      mapped_fields: targetFieldText(z, 'the value read from the payload (phone_number normalized to E.164)'),
      field_sources: targetFieldText(z, 'the alias (payload path) that supplied the value'),
      explain: z
        .strictObject(Object.fromEntries(TARGET_FIELDS.map((field) => [field, fieldExplanation().optional()])))
        .describe(
          'Per target field (every one the mapping reads), which alias matched or why none did: set a source up by posting a sample in test mode and reading why a field is empty',
        ),
      unmapped_fields: z.array(z.string()).describe('Payload paths no mapping read; a created lead keeps them with its raw payload'),
      lead_source: nullableString().describe('The lead source that would be recorded (see lead_source in the description)'),
      outreach: intakeOutreach(),
      warnings: z.array(z.string()),
    })
    .describe(
      'Test mode: what the request would create, having mapped, routed, validated and scheduled it; nothing was stored, queued or emitted',
    ),
);

export const intakeConflictError = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      success: z.literal(false),
      error: z.string().describe('Human-readable explanation, naming the duplicate and the existing lead_id'),
      code: z.literal('conflict'),
      request_id: z.string(),
      field: z
        .enum(['external_id', 'phone_number'])
        .describe(
          'external_id: the team already has a lead with this external_id (forever); phone_number: it has one with this phone within its dedupe window',
        ),
      lead_id: id().nullable().describe('The existing lead the request duplicates'),
    })
    .describe('409 of the intake API: the lead duplicates one the team already has; nothing was created'),
);

const CONFLICT_DESCRIPTION =
  'Conflict: a duplicate lead. field is external_id (the team already has a lead with this external_id) or phone_number (it has a lead with this phone number within its dedupe window); lead_id names the existing lead. Nothing was created.';

export const ingestLead = /* @__PURE__ */ defineContract(INTAKE_ROUTES, {
  routeId: 'ingestLead',
  query: /* @__PURE__ */ atLoad(() =>
    z.object({
      test_mode: z.optional(z.string()),
      preset: z.optional(z.enum(PRESET_NAMES, { error: `must be one of ${PRESET_NAMES.join(', ')}` })),
    }),
  ),
  headers: /* @__PURE__ */ atLoad(() => z.object({ ...idempotencyKeyHeader, ...testModeHeader })),
  body: { schema: intakeBody, maxBytes: MAX_INTAKE_BODY_BYTES },
  responses: { 201: ingestLeadCreated, 200: ingestLeadPreview },
  errors: {
    409: { description: CONFLICT_DESCRIPTION, schema: intakeConflictError },
    503: 'The lead is stored but its outreach call could not be queued (the body carries lead_id and stl_call_id): repeat the same request; the repeat queues the call and answers 201 with the same ids',
  },
});

export const INTAKE_COMPONENTS = {
  IntakeOutreach: intakeOutreach,
  IntakeFieldExplanation: fieldExplanation,
  IngestLeadCreated: ingestLeadCreated,
  IngestLeadPreview: ingestLeadPreview,
  IntakeConflictError: intakeConflictError,
} as const satisfies Record<string, ResponseSchema>;
