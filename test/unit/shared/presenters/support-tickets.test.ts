import { supportTicket } from '#shared/contracts/support-tickets';
import type { TicketRecord } from '#shared/domain/support-tickets';
import { presentSupportTicket } from '#shared/presenters/support-tickets';

const ticket: TicketRecord = {
  ticket_id: '5a1c2b9e-0000-4000-8000-000000000003',
  team_id: 10,
  enterprise_id: 1,
  call_id: '3f1c2b9e-0000-4000-8000-000000000001',
  lead_id: null,
  status: 'open',
  priority: 'urgent',
  category: 'urgent_request',
  subject: 'Water heater leaking',
  reason: 'Emergency-level urgency',
  customer: { name: null, phone: '+12125550199' },
  created_at: '2026-03-01T12:03:01.000Z',
};

describe('presentSupportTicket', () => {
  it('maps the ticket, nulls kept; a call’s ticket stored before tickets named a visit has appointment_id null', () => {
    const data = presentSupportTicket(ticket);
    expect(supportTicket().parse(data)).toEqual(data);
    expect(data).toEqual({ ...ticket, appointment_id: null });
  });

  it('maps a reply’s ticket: no call, its visit', () => {
    const reply: TicketRecord = { ...ticket, call_id: null, appointment_id: 'sess_1', priority: 'normal', category: 'appointment_reply' };
    const data = presentSupportTicket(reply);
    expect(supportTicket().parse(data)).toEqual(data);
    expect(data).toMatchObject({ call_id: null, appointment_id: 'sess_1' });
  });

  it('does not pass on a stored member the contract does not describe', () => {
    expect(presentSupportTicket({ ...ticket, pk: 'ENTERPRISE#1#TICKETS' } as TicketRecord)).not.toHaveProperty('pk');
  });
});
