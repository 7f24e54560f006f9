import * as z from 'zod/mini';
import { SUPPORT_TICKET_ROUTES } from '#shared/route-table/support-tickets';
import { crossTeamMembers, dateRangeMembers, enterprisePath, startBeforeEnd, v1PageMembers } from '#shared/schemas/query-parts';
import { defineContract, type ResponseSchema, responseSchema } from './contract';
import { cursorPagination, dateTime, id, nullableString } from './responses';

/** The enterprise support-ticket feed (functions/list-support-tickets). */

export const supportTicketsQuery = startBeforeEnd(z.object({ ...dateRangeMembers, ...crossTeamMembers, ...v1PageMembers }));

// ---------------------------------------------------------------------------------------------
// Responses (shared/presenters/support-tickets.ts)

export const supportTicket = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      ticket_id: z.uuid(),
      team_id: id(),
      enterprise_id: id(),
      call_id: z
        .uuid()
        .nullable()
        .describe('The call the ticket was opened from (call_id in GET /api/calls); null for a reply to a visit’s text'),
      appointment_id: nullableString().describe('The visit a customer’s reply to its text was about; null for a call’s ticket'),
      lead_id: id().nullable().describe('The intake lead, when the call was its outreach call, or the visit’s lead; null otherwise'),
      status: z.literal('open'),
      priority: z
        .enum(['low', 'normal', 'high', 'urgent'])
        .describe('urgent: emergency-level urgency; high: other raised urgency or an escalation; normal: otherwise'),
      category: z
        .string()
        .describe(
          'urgent_request, complaint, escalation, negative_experience or cancellation (a call’s); appointment_reply (a reply to a visit’s text)',
        ),
      subject: z.string().max(300).describe('The call summary (or call reason), at most 300 characters'),
      reason: z.string().describe('Why the ticket was opened: the AI responder’s reason, or the customer’s reply'),
      customer: z.strictObject({ name: nullableString(), phone: nullableString().describe('E.164') }),
      created_at: dateTime(),
    })
    .describe('A support ticket for staff: one the AI responder opened from a call, or a customer’s reply to a visit’s text'),
);

export const listSupportTicketsResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    data: z.array(supportTicket()),
    pagination: cursorPagination(),
    meta: z.strictObject({
      enterprise_id: id(),
      team_ids: z.array(id()).describe('The teams the list covers (after team_id and include_test_teams)'),
    }),
  }),
);

export const listSupportTickets = /* @__PURE__ */ defineContract(SUPPORT_TICKET_ROUTES, {
  routeId: 'listSupportTickets',
  path: enterprisePath,
  query: supportTicketsQuery,
  responses: { 200: listSupportTicketsResponse },
});

export const SUPPORT_TICKET_COMPONENTS = {
  SupportTicket: supportTicket,
  ListSupportTicketsResponse: listSupportTicketsResponse,
} as const satisfies Record<string, ResponseSchema>;
