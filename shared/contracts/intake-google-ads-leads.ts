import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';
import { INTAKE_ROUTES } from '#shared/route-table/intake';
import { teamPath } from '#shared/schemas/query-parts';
import { defineContract, formatBytes, type ResponseSchema, responseSchema } from './contract';
import { ingestLeadPreview, intakeOutreach } from './intake';
import { id } from './responses';

/** The direct Google Ads lead-form webhook (functions/receive-google-ads-lead). */

/** A Google lead is a few KB; anything near this is not one. */
const MAX_GOOGLE_LEAD_BYTES = 64 * 1024;

/**
 * Validated as any JSON object: the key is checked first (a missing or wrong google_key is a 401
 * whatever the rest), then the members the route needs (400 naming each). The document shows
 * Google's WebhookLead shape (documentedAs).
 */
const googleLeadBody = /* @__PURE__ */ atLoad(() =>
  z
    .record(z.string(), z.unknown())
    .check(z.describe(`A Google Ads lead-form lead (JSON object, at most ${formatBytes(MAX_GOOGLE_LEAD_BYTES)})`)),
);

const googleLeadDocumented = /* @__PURE__ */ responseSchema((z) =>
  z
    .looseObject({
      google_key: z
        .string()
        .describe(
          "The key set in the lead form's webhook settings: the team's key from `admin intake google-key --team ID`. Missing or wrong: 401, the same answer for a team that does not exist or has no key",
        ),
      lead_id: z
        .string()
        .max(256)
        .describe("Google's id of the lead: the lead's external_id, and what makes a retried post create no second lead"),
      user_column_data: z
        .array(
          z.looseObject({
            column_id: z
              .string()
              .optional()
              .describe(
                "FULL_NAME, FIRST_NAME, LAST_NAME, EMAIL, PHONE_NUMBER, POSTAL_CODE, STREET_ADDRESS, CITY, REGION, COUNTRY, WORK_EMAIL, WORK_PHONE, or a custom question's id (SERVICE for the service)",
              ),
            column_name: z
              .string()
              .optional()
              .describe('The question as shown (a custom question "What service do you need?" is read as the service)'),
            string_value: z.string().optional(),
          }),
        )
        .describe('The answers, read by column_id whatever their order (the google-ads-lead-form preset)'),
      is_test: z
        .boolean()
        .optional()
        .describe('true: a test lead from the form settings; it runs test mode (mapped and answered, nothing stored or called)'),
      gcl_id: z.string().optional().describe("The click id: the lead's attribution.gclid"),
      api_version: z.string().optional(),
      form_id: z.number().optional(),
      campaign_id: z.number().optional().describe('utm_campaign'),
      adgroup_id: z.number().optional().describe('utm_term'),
      creative_id: z.number().optional().describe('utm_content'),
    })
    .describe(
      "Google's WebhookLead (https://developers.google.com/google-ads/webhook/docs/implementation); other members are kept with the lead's raw payload, google_key never",
    ),
);

export const googleLeadCreated = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      success: z.literal(true),
      result: z.literal('created'),
      lead_id: id(),
      stl_call_id: id(),
      request_id: z.string(),
      team_id: id(),
      outreach: intakeOutreach(),
      warnings: z.array(z.string()).optional(),
    })
    .describe('The lead was stored and its outreach call queued or scheduled (the answer does not wait for the call)'),
);

export const googleLeadDuplicate = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      success: z.literal(true),
      result: z.literal('duplicate'),
      lead_id: id().nullable().describe('The lead already stored'),
      request_id: z.string(),
      team_id: id(),
      field: z
        .enum(['external_id', 'phone_number'])
        .describe(
          'external_id: Google posted this lead_id before (a retry); phone_number: the team has a lead with this phone within its dedupe window',
        ),
    })
    .describe('Nothing new was stored: answered 200 so Google does not retry'),
);

export const googleLeadAnswer = /* @__PURE__ */ responseSchema((z) =>
  z
    .union([googleLeadCreated(), googleLeadDuplicate(), ingestLeadPreview()])
    .describe('created, duplicate, or (is_test) the test-mode answer of the intake, with explain'),
);

export const receiveGoogleAdsLead = /* @__PURE__ */ defineContract(INTAKE_ROUTES, {
  routeId: 'receiveGoogleAdsLead',
  path: teamPath,
  body: { schema: googleLeadBody, maxBytes: MAX_GOOGLE_LEAD_BYTES, documentedAs: googleLeadDocumented },
  responses: { 200: googleLeadAnswer },
  errors: {
    401: "google_key is missing or is not the team's key; the same answer for a team that does not exist or has no key",
  },
});

export const GOOGLE_ADS_LEAD_COMPONENTS = {
  GoogleAdsLead: googleLeadDocumented,
  GoogleAdsLeadCreated: googleLeadCreated,
  GoogleAdsLeadDuplicate: googleLeadDuplicate,
} as const satisfies Record<string, ResponseSchema>;
