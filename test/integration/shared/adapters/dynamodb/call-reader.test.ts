import { randomUUID } from 'node:crypto';
import { DynamoCallReader } from '#shared/adapters/dynamodb/call-reader';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSupportTicketReader } from '#shared/adapters/dynamodb/support-ticket-reader';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { CallRecord, TransferRecord } from '#shared/domain/calls';
import type { TicketRecord } from '#shared/domain/support-tickets';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { storedCall } from '../../../../support/call-fixture';
import { startEmulator } from '../../../../support/emulator';

/**
 * The read routes' readers on the embedded DynamoDB (ADR 0198): what the call store wrote, they
 * read back as the store itself answers it, and a team or an enterprise reads only its own.
 */
let dynamo: LocalDynamo;
let store: DynamoCallStore;
let calls: DynamoCallReader;
let tickets: DynamoSupportTicketReader;

beforeAll(async () => {
  dynamo = await startEmulator();
  const table = physicalTableName('calls');
  store = new DynamoCallStore(getDocumentClient(), table);
  calls = new DynamoCallReader(getDocumentClient(), table);
  tickets = new DynamoSupportTicketReader(getDocumentClient(), table);
});
afterAll(() => dynamo.stop());

const callOf = (teamId: number): CallRecord => ({ ...storedCall, call_id: randomUUID(), provider_call_id: randomUUID(), team_id: teamId });

function ticketOf(call: CallRecord, enterpriseId: number): TicketRecord {
  return {
    ticket_id: randomUUID(),
    team_id: call.team_id,
    enterprise_id: enterpriseId,
    call_id: call.call_id,
    appointment_id: null,
    lead_id: null,
    status: 'open',
    priority: 'normal',
    category: 'billing',
    subject: 'Refund',
    reason: 'charged twice',
    customer: { name: null, phone: '+15551230000' },
    created_at: call.created_at,
  };
}

describe('call readers', () => {
  it('read a call, its transfers and its ticket as the call store wrote and answers them', async () => {
    const call = callOf(301);
    const ticket = ticketOf(call, 3001);
    await store.saveReport({ call, appointment: null, ticket, lead: null });
    const transfer: TransferRecord = {
      transfer_id: randomUUID(),
      team_id: call.team_id,
      provider_call_id: call.provider_call_id,
      transferred_at: '2026-03-01T12:02:00.000Z',
      destination: { type: 'number', number: '+15551239999', sip_uri: null, description: null, message: null },
      reason: null,
      source: 'transfer-update',
      created_at: '2026-03-01T12:02:01.000Z',
    };
    await store.saveTransfer(transfer);

    expect(await calls.getCall(call.team_id, call.call_id)).toEqual(call);
    expect(await calls.getCall(call.team_id, call.call_id)).toEqual(await store.getCall(call.team_id, call.call_id));
    expect(await calls.listCallTransfers(call.team_id, call.provider_call_id)).toEqual([transfer]);
    expect(await calls.getCallAt(call.team_id, call.started_at, call.call_id)).toEqual(call);
    const page = await tickets.listTickets({ enterpriseId: 3001, limit: 10 });
    expect(page.map((row) => row.ticket)).toEqual([ticket]);
    expect(page).toEqual(await store.listTickets({ enterpriseId: 3001, limit: 10 }));
  });

  it('find no call of another team and no ticket of another enterprise or team', async () => {
    const call = callOf(302);
    await store.saveReport({ call, appointment: null, ticket: ticketOf(call, 3002), lead: null });
    expect(await calls.getCall(303, call.call_id)).toBeNull();
    expect(await tickets.listTickets({ enterpriseId: 3003, limit: 10 })).toEqual([]);
    expect(await tickets.listTickets({ enterpriseId: 3002, teamIds: [303], limit: 10 })).toEqual([]);
  });
});
