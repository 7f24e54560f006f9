import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';
import { CALL_ROUTES } from '#shared/route-table/calls';
import { enumParam, startBeforeEnd, v0ListMembers, withinMaxRange } from '#shared/schemas/query-parts';
import { defineContract, type ResponseSchema, responseSchema } from './contract';
import { teamSelectionHeader } from './headers';
import { count, dateTime, id, nullableDateTime, nullableString, offsetPagination } from './responses';

/** Call records (functions/list-calls). */

export const CALL_TYPES = ['inboundPhoneCall', 'outboundPhoneCall', 'webCall'] as const;

export const callsQuery = /* @__PURE__ */ atLoad(() =>
  withinMaxRange(startBeforeEnd(z.object({ ...v0ListMembers, type: enumParam(CALL_TYPES) }))),
);

// ---------------------------------------------------------------------------------------------
// Responses (shared/presenters/calls.ts)

export const call = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      call_id: z.uuid(),
      team_id: id(),
      provider_call_id: z.string().describe("The voice provider's call id"),
      type: z.string().describe('Provider call type: inboundPhoneCall, outboundPhoneCall or webCall'),
      direction: z.enum(['inbound', 'outbound']),
      customer: z.strictObject({
        name: nullableString(),
        phone: nullableString().describe('E.164; null when the caller number does not read as a phone number (and no lead supplies one)'),
        phone_raw: nullableString().describe(
          'The caller number as the voice provider sent it, when it does not read as a phone number; else null',
        ),
      }),
      started_at: dateTime(),
      ended_at: nullableDateTime(),
      duration_seconds: count().nullable().describe('Whole seconds'),
      summary: nullableString(),
      recording_url: nullableString().describe(
        "A link to the recording valid 15 minutes, signed for the calling key (GET /api/calls/{callId}/recording), or null without a recording; never the voice provider's own URL",
      ),
      analysis: z.strictObject({
        call_reason: nullableString(),
        sentiment: nullableString(),
        booking_intent: z.boolean().nullable().describe('Read liberally from the analysis: true, "yes", 1, …'),
        urgency: nullableString().describe("low, standard, high, urgent or emergency, read from the analysis's words or a 1–5 number"),
        raw: z
          .record(z.string(), z.unknown())
          .nullable()
          .optional()
          .describe("The analysis as the voice provider sent it (the assistant's plan decides its members), without its summary"),
      }),
      warnings: z
        .array(z.string())
        .readonly()
        .optional()
        .describe("What of the report's analysis could not be read, each naming the member; the call was stored anyway"),
      ended_reason: nullableString(),
      cost: z.number().nullable().describe('Dollars'),
      appointment_id: nullableString(),
      ticket_id: nullableString(),
      lead_id: id().nullable(),
      stl_call_id: id().nullable(),
      decisions: z
        .array(
          z.strictObject({
            decision: z.string().describe('appointment, ticket or no_action'),
            reason: z.string().describe('Why the AI responder decided so, in words an operator reads'),
            evidence: z
              .array(z.string())
              .readonly()
              .optional()
              .describe('The words of the call the decision rests on, quoted from the transcript'),
          }),
        )
        .readonly()
        .optional()
        .describe('What the AI responder decided about the call and why; present on calls processed from a voice report'),
      created_at: dateTime(),
      transcript: nullableString().optional().describe('Present only when the key holds read:transcripts'),
    })
    .describe('A call handled by the AI responder or placed by outreach'),
);

export const listCallsResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({ data: z.array(call()), pagination: offsetPagination() }),
);

export const listCalls = /* @__PURE__ */ defineContract(CALL_ROUTES, {
  routeId: 'listCalls',
  query: callsQuery,
  headers: /* @__PURE__ */ atLoad(() => z.object(teamSelectionHeader)),
  responses: { 200: listCallsResponse },
});

export const CALL_COMPONENTS = { Call: call, ListCallsResponse: listCallsResponse } as const satisfies Record<string, ResponseSchema>;
