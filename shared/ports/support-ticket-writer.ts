import type { TicketRecord } from '#shared/domain/support-tickets';

/** Where tickets opened outside a call are written (a reply to a visit's text); a call's are written with its report. */
export interface SupportTicketWriter {
  /** Writes the ticket unless one with its id exists: false then, and nothing is written. */
  openTicket(ticket: TicketRecord): Promise<boolean>;
}
