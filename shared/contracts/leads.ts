import * as z from 'zod/mini';
import { LEAD_TYPES } from '#shared/domain/leads';
import { atLoad } from '#shared/lazy';
import { LEAD_ROUTES } from '#shared/route-table/leads';
import {
  changeFeedMembers,
  changesAlone,
  dateRangeMembers,
  enumParam,
  startBeforeEnd,
  teamPath,
  v0ListMembers,
  v1PageMembers,
  withinMaxRange,
} from '#shared/schemas/query-parts';
import { defineContract, type ResponseSchema, responseSchema } from './contract';
import { teamSelectionHeader } from './headers';
import { changeFeedMeta, cursorPagination, dateTime, freeObject, id, nullableString, offsetPagination } from './responses';

/** Unified (v0) leads and the canonical (v1) leads feed (functions/list-unified-leads, list-team-leads). */

// ---------------------------------------------------------------------------------------------
// Inputs

export const unifiedLeadsQuery = /* @__PURE__ */ atLoad(() =>
  withinMaxRange(startBeforeEnd(z.object({ ...v0ListMembers, type: enumParam(LEAD_TYPES) }))),
);

export const teamLeadsQuery = /* @__PURE__ */ atLoad(() =>
  changesAlone(
    startBeforeEnd(
      z.object({
        ...dateRangeMembers,
        type: enumParam(LEAD_TYPES),
        external_id: z.optional(z.string().check(z.minLength(1), z.maxLength(256, { error: 'must be at most 256 characters' }))),
        ...changeFeedMembers,
        ...v1PageMembers,
      }),
    ),
    ['start_date', 'end_date', 'type', 'external_id'],
  ),
);

// ---------------------------------------------------------------------------------------------
// Responses (shared/presenters/leads.ts)

export const unifiedLead = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      id: z.uuid(),
      type: z.enum(LEAD_TYPES),
      datetime: dateTime().describe('When the lead arrived'),
      customer_phone: z.string(),
      customer_phone_raw: z
        .string()
        .optional()
        .describe('The phone as sent, present only when it could not be read as a phone number (customer_phone is then empty)'),
      customer_email: z.string(),
      lead_content: freeObject().describe('Channel-specific content'),
      agent: z.string(),
      referrer_url: z.string(),
      attribution: z
        .strictObject({
          utm_source: z.string(),
          utm_medium: z.string(),
          utm_campaign: z.string(),
          gclid: z.string().describe("Google's click id (the lead form's gcl_id)"),
          wbraid: z.string().describe("Google's click id for iOS web-to-app measurement"),
          gbraid: z.string().describe("Google's click id for iOS app campaigns"),
        })
        .describe('Marketing attribution; empty strings where the lead has none'),
    })
    .describe('A lead from any channel (v0); missing strings are empty strings'),
);

export const listUnifiedLeadsResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({ data: z.array(unifiedLead()), pagination: offsetPagination() }),
);

export const canonicalLead = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      id: z.uuid().describe('The unified lead id'),
      lead_id: id().nullable().describe('Integer id of leads that came through the intake webhook; null for other channels'),
      team_id: id(),
      type: z.enum(LEAD_TYPES),
      status: z.string(),
      external_id: nullableString().describe("The sender's own reference, as given at intake"),
      created_at: dateTime().describe('When the lead arrived'),
      customer: z.strictObject({
        name: nullableString(),
        phone: nullableString().describe('E.164; null when the lead gave no phone that reads as a number'),
        phone_raw: nullableString().describe('The phone as sent when it could not be read as a number (phone is then null); else null'),
        email: nullableString(),
      }),
      source: nullableString(),
      agent: nullableString(),
      referrer_url: nullableString(),
      attribution: z.strictObject({
        utm_source: nullableString(),
        utm_medium: nullableString(),
        utm_campaign: nullableString(),
        utm_term: nullableString(),
        utm_content: nullableString(),
        gclid: nullableString().describe("Google's click id (the lead form's gcl_id)"),
        wbraid: nullableString().describe("Google's click id for iOS web-to-app measurement"),
        gbraid: nullableString().describe("Google's click id for iOS app campaigns"),
      }),
      lead_content: freeObject(),
      outreach: freeObject().nullable().describe('State of the AI outreach, for intake leads'),
      appointment: freeObject().nullable(),
    })
    .describe('A lead from any channel (v1 canonical feed)'),
);

export const listTeamLeadsResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    data: z.array(canonicalLead()),
    pagination: cursorPagination(),
    meta: z.strictObject({ team_id: id(), ...changeFeedMeta() }),
  }),
);

// ---------------------------------------------------------------------------------------------
// Contracts

export const listUnifiedLeads = /* @__PURE__ */ defineContract(LEAD_ROUTES, {
  routeId: 'listUnifiedLeads',
  query: unifiedLeadsQuery,
  headers: /* @__PURE__ */ atLoad(() => z.object(teamSelectionHeader)),
  responses: { 200: listUnifiedLeadsResponse },
});

export const listTeamLeads = /* @__PURE__ */ defineContract(LEAD_ROUTES, {
  routeId: 'listTeamLeads',
  path: teamPath,
  query: teamLeadsQuery,
  responses: { 200: listTeamLeadsResponse },
});

export const LEAD_COMPONENTS = {
  UnifiedLead: unifiedLead,
  ListUnifiedLeadsResponse: listUnifiedLeadsResponse,
  CanonicalLead: canonicalLead,
  ListTeamLeadsResponse: listTeamLeadsResponse,
} as const satisfies Record<string, ResponseSchema>;
