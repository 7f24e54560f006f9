import type * as z from 'zod';
import type { supportTicket } from '#shared/contracts/support-tickets';
import type { TicketRecord } from '#shared/domain/support-tickets';
import { presentPage } from '#shared/presenters/responses';

/** The enterprise support-ticket feed (GET /api/v1/enterprises/{enterpriseId}/support-tickets). */

export type SupportTicketData = z.output<ReturnType<typeof supportTicket>>;

export function presentSupportTicket(ticket: TicketRecord): SupportTicketData {
  return {
    ticket_id: ticket.ticket_id,
    team_id: ticket.team_id,
    enterprise_id: ticket.enterprise_id,
    call_id: ticket.call_id,
    appointment_id: ticket.appointment_id ?? null,
    lead_id: ticket.lead_id,
    status: ticket.status,
    priority: ticket.priority,
    category: ticket.category,
    subject: ticket.subject,
    reason: ticket.reason,
    customer: { name: ticket.customer.name, phone: ticket.customer.phone },
    created_at: ticket.created_at,
  };
}

/** A page of an enterprise's tickets, merged across the teams it was read from. */
export function presentSupportTicketPage<Page extends { readonly data: readonly SupportTicketData[] }>(
  page: Page,
  enterpriseId: number,
  teamIds: readonly number[],
) {
  return presentPage(page, { enterprise_id: enterpriseId, team_ids: [...teamIds] });
}
