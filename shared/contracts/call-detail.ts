import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';
import { CALL_ROUTES } from '#shared/route-table/calls';
import { startBeforeEnd, teamIdParam, v0ListMembers, withinMaxRange } from '#shared/schemas/query-parts';
import { call } from './calls';
import { defineContract, type ResponseSchema, responseSchema } from './contract';
import { teamSelectionHeader } from './headers';
import { dateTime, nullableString, offsetPagination } from './responses';

/** One call, its transcript, and the team's call transfers (functions/get-call, get-call-transcript, list-call-transfers). */

/** Any string reaches the handler: a malformed id answers 404 like an unknown one. */
const callPath = /* @__PURE__ */ atLoad(() => z.object({ callId: z.string().check(z.minLength(1), z.maxLength(200)) }));
const teamQuery = /* @__PURE__ */ atLoad(() => z.object({ team_id: teamIdParam }));

const transfersQuery = /* @__PURE__ */ atLoad(() => withinMaxRange(startBeforeEnd(z.object(v0ListMembers))));

// ---------------------------------------------------------------------------------------------
// Responses (shared/presenters/call-detail.ts)

export const callTransfer = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      transfer_id: z.string().describe('Stable per transfer: a redelivered provider message names the same transfer'),
      call_id: z.uuid().nullable().describe('The call (GET /api/calls/{callId}); null while its end-of-call report has not arrived'),
      provider_call_id: z.string().describe("The voice provider's call id"),
      transferred_at: dateTime(),
      destination: z.strictObject({
        type: nullableString().describe('number, sip or assistant, as the provider names it'),
        number: nullableString().describe('The phone number the call was handed to (E.164 as sent)'),
        sip_uri: nullableString(),
        description: nullableString().describe("The destination's description in the assistant's configuration"),
        message: nullableString().describe('What the assistant said to the caller before transferring'),
      }),
      reason: nullableString().describe('Why the call was transferred, where the provider says'),
      source: z
        .enum(['transfer-update', 'ended_reason'])
        .describe(
          "transfer-update: the provider's transfer message; ended_reason: derived from an end-of-call report that says the call was forwarded",
        ),
    })
    .describe('A call handed to a person'),
);

const recording = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      url: z.string().describe('A link to the recording, valid until expires_at'),
      expires_at: dateTime(),
    })
    .nullable()
    .describe('The recording as a time-limited link; null when the call has none'),
);

export const callDetail = /* @__PURE__ */ responseSchema((z) =>
  call()
    .omit({ recording_url: true })
    .extend({
      transfers: z.array(callTransfer()).describe('Hand-overs to a person, oldest first'),
      recording: recording(),
    })
    .describe('One call: metadata, outcome, the lead, appointment and ticket it produced, transfers and recording'),
);

const turn = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    speaker: z.enum(['agent', 'customer']),
    text: z.string(),
    start_seconds: z.number().min(0).nullable().describe('Seconds from the call start; null where the provider gave no time'),
    end_seconds: z.number().min(0).nullable(),
  }),
);

export const callTranscript = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    call_id: z.uuid(),
    turns: z.array(turn()).describe('The conversation turn by turn (system prompts and tool calls left out)'),
    turns_trimmed: z.boolean().describe('True when trailing turns were dropped to fit the stored record; text is whole'),
    text: z.string().describe('The transcript as plain text'),
  }),
);

export const getCallResponse = /* @__PURE__ */ responseSchema((z) => z.strictObject({ data: callDetail() }));
export const getCallTranscriptResponse = /* @__PURE__ */ responseSchema((z) => z.strictObject({ data: callTranscript() }));
export const listCallTransfersResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({ data: z.array(callTransfer()), pagination: offsetPagination() }),
);

export const getCall = /* @__PURE__ */ defineContract(CALL_ROUTES, {
  routeId: 'getCall',
  path: callPath,
  query: teamQuery,
  headers: /* @__PURE__ */ atLoad(() => z.object(teamSelectionHeader)),
  responses: { 200: getCallResponse },
});

export const getCallTranscript = /* @__PURE__ */ defineContract(CALL_ROUTES, {
  routeId: 'getCallTranscript',
  path: callPath,
  query: teamQuery,
  headers: /* @__PURE__ */ atLoad(() => z.object(teamSelectionHeader)),
  responses: { 200: getCallTranscriptResponse },
});

export const listCallTransfers = /* @__PURE__ */ defineContract(CALL_ROUTES, {
  routeId: 'listCallTransfers',
  query: transfersQuery,
  headers: /* @__PURE__ */ atLoad(() => z.object(teamSelectionHeader)),
  responses: { 200: listCallTransfersResponse },
});

export const CALL_DETAIL_COMPONENTS = {
  CallDetail: callDetail,
  CallTransfer: callTransfer,
  CallTranscript: callTranscript,
  GetCallResponse: getCallResponse,
  GetCallTranscriptResponse: getCallTranscriptResponse,
  ListCallTransfersResponse: listCallTransfersResponse,
} as const satisfies Record<string, ResponseSchema>;
