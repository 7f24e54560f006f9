import {
  fromCallItem,
  fromReportGuardItem,
  fromTicketItem,
  fromTransferItem,
  toAppointmentItem,
  toCallItem,
  toTicketItem,
  toTransferItem,
} from '#shared/adapters/dynamodb/call-items';
import type { TransferRecord } from '#shared/domain/calls';
import type { AppointmentRecord, ReportResult, TicketRecord } from '#shared/domain/support-tickets';
import { storedCall } from '../../../../support/call-fixture';

/**
 * The calls table's items share one schema per kind of member (ADR 0198): each place a shared
 * schema sits still names its own path, and an optional member stays optional where it is one.
 */

const ticket: TicketRecord = {
  ticket_id: 'tk-1',
  team_id: 1,
  enterprise_id: 9,
  call_id: storedCall.call_id,
  appointment_id: null,
  lead_id: 42,
  status: 'open',
  priority: 'high',
  category: 'billing',
  subject: 'Refund',
  reason: 'charged twice',
  customer: { name: 'Ada', phone: '+15551230000' },
  created_at: '2026-03-01T12:03:01.000Z',
};

const transfer: TransferRecord = {
  transfer_id: 'tr-1',
  team_id: 1,
  provider_call_id: 'prov-1',
  transferred_at: '2026-03-01T12:02:00.000Z',
  destination: { type: 'number', number: '+15551239999', sip_uri: null, description: 'Front desk', message: null },
  reason: null,
  source: 'transfer-update',
  created_at: '2026-03-01T12:02:01.000Z',
};

const appointment: AppointmentRecord = {
  appointment_id: 'ap-1',
  team_id: 1,
  call_id: storedCall.call_id,
  lead_id: null,
  status: 'requested',
  scheduled_for: null,
  preferred_date: '2026-03-04',
  customer: { name: null, phone: '+15551230000' },
  service: 'repair',
  urgency: 'standard',
  reason: 'leaking tap',
  created_at: '2026-03-01T12:03:01.000Z',
};

const key = { pk: 'TEAM#0000000001#TRANSFERS', sk: '2026-03-01T12:02:00.000Z#tr-1' };

describe('call table items', () => {
  it('read back the ticket, transfer and report result they were written from', () => {
    expect(fromTicketItem(toTicketItem(ticket))).toEqual(ticket);
    expect(fromTransferItem(toTransferItem(transfer, key))).toEqual(transfer);
    const result: ReportResult = {
      call_id: storedCall.call_id,
      appointment_id: appointment.appointment_id,
      ticket_id: null,
      outreach: { stl_call_id: 7, ended_reason: null, appointment },
    };
    expect(fromReportGuardItem({ pk: 'k', sk: 'REPORT', result })).toEqual(result);
  });

  it('reads a call without the members added later, leaving them absent', () => {
    const { turns: _t, turns_trimmed: _tt, warnings: _w, decisions: _d, ...older } = toCallItem(storedCall);
    const read = fromCallItem(older);
    expect(read).not.toHaveProperty('turns');
    expect(read).not.toHaveProperty('decisions');
    expect(read.customer).not.toHaveProperty('phone_raw');
  });

  it.each([
    ['call', 'customer.phone_raw', () => fromCallItem({ ...toCallItem(storedCall), customer: { name: null, phone: null, phone_raw: 5 } })],
    ['call', 'analysis.urgency', () => fromCallItem({ ...toCallItem(storedCall), analysis: { ...storedCall.analysis, urgency: 3 } })],
    [
      'call',
      'decisions.0.evidence.1',
      () => fromCallItem({ ...toCallItem(storedCall), decisions: [{ decision: 'a', reason: 'b', evidence: ['c', 4] }] }),
    ],
    ['call', 'warnings.0', () => fromCallItem({ ...toCallItem(storedCall), warnings: [null] })],
    ['call', 'lead_id', () => fromCallItem({ ...toCallItem(storedCall), lead_id: '42' })],
    ['support ticket', 'customer.name', () => fromTicketItem({ ...toTicketItem(ticket), customer: { name: 1, phone: null } })],
    ['support ticket', 'enterprise_id', () => fromTicketItem({ ...toTicketItem(ticket), enterprise_id: null })],
    [
      'transfer',
      'destination.sip_uri',
      () => fromTransferItem({ ...toTransferItem(transfer, key), destination: { ...transfer.destination, sip_uri: 1 } }),
    ],
    [
      'report guard',
      'result.outreach.appointment.customer.phone',
      () =>
        fromReportGuardItem({
          pk: 'k',
          sk: 'REPORT',
          result: {
            call_id: 'c',
            appointment_id: null,
            ticket_id: null,
            outreach: {
              stl_call_id: 7,
              ended_reason: null,
              appointment: { ...toAppointmentItem(appointment), customer: { name: null, phone: 7 } },
            },
          },
        }),
    ],
  ])('refuses a stored %s malformed at %s, naming it', (kind, path, read) => {
    expect(read).toThrow(`stored ${kind} item is malformed at ${path}`);
  });

  it('reads a ticket stored before appointment_id was kept as null', () => {
    const { appointment_id: _a, ...older } = toTicketItem(ticket);
    expect(fromTicketItem(older).appointment_id).toBeNull();
  });
});
