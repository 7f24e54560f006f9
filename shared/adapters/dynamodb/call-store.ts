import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  GetCommand,
  type TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import type { StoredAppointment } from '#shared/domain/appointments/appointment';
import type { CallRecord, TransferRecord } from '#shared/domain/calls';
import { isEvaluable } from '#shared/domain/coach/evaluation-request';
import type { LeadRecord } from '#shared/domain/leads';
import { assertStorable } from '#shared/domain/stored-size';
import type { AppointmentRecord, ReportResult, TicketRecord } from '#shared/domain/support-tickets';
import type { CallPageQuery, CallStore } from '#shared/ports/call-store';
import type { DomainEvent } from '#shared/ports/event-bus';
import { appointmentCreateItems } from './appointment-items';
import { batchPut } from './batch-write';
import {
  fromReportGuardItem,
  providerCallPk,
  type ReportGuardItem,
  recordName,
  reportGuardKey,
  toAppointmentItem,
  toCallItem,
  toTicketItem,
  toTransferItem,
  transfersPk,
} from './call-items';
import { DynamoCallReader } from './call-reader';
import { teamPk, timeSortKey } from './keys';
import { toLeadItem } from './lead-store';
import { outboxPuts } from './outbox';
import { DynamoSupportTicketReader } from './support-ticket-reader';
import { transactWrite } from './transact';

/**
 * Items: pk TEAM#<team>, sk <started_at>#<team>#<call>. Index byType: typePk TEAM#<team>#<type> + sk.
 * Index byCallId: callPk TEAM#<team>#CALL#<call> + sk, one item per key (GET /api/calls/{callId}).
 * Transfers: `TEAM#<t>#PROVIDERCALL#<id>` / TRANSFER#<transfer>, written once (conditional) beside
 * the report guard so a call's transfers are one Query whether or not its report came first; and
 * `TEAM#<t>#TRANSFERS` / <transferred_at>#<t>#<transfer>, the team's transfer feed, written in the
 * same transaction.
 * Beside them: `TEAM#<t>#PROVIDERCALL#<id>` / REPORT, the idempotency guard of a voice report
 * holding the ids it produced; `TEAM#<t>#APPOINTMENTS` / <created>#<t>#<id>, the appointments;
 * `ENTERPRISE#<e>#TICKETS` / <created>#<t>#<id>, the support tickets (one partition per
 * enterprise, so the enterprise feed is one Query).
 */

export class DynamoCallStore implements CallStore {
  private readonly reads: DynamoCallReader;
  private readonly tickets: DynamoSupportTicketReader;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    /** Inbound calls become unified leads, written in the same transaction (writers only). */
    private readonly leadsTableName: string | null = null,
    /** The outbox table, for the events a report's write makes due (writers only). */
    private readonly outboxTableName: string | null = null,
  ) {
    this.reads = new DynamoCallReader(client, tableName);
    this.tickets = new DynamoSupportTicketReader(client, tableName);
  }

  async getReportResult(teamId: number, providerCallId: string): Promise<ReportResult | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: reportGuardKey(teamId, providerCallId), ConsistentRead: true }),
    );
    return result.Item ? fromReportGuardItem(result.Item) : null;
  }

  async saveReport(input: {
    call: CallRecord;
    appointment: AppointmentRecord | null;
    ticket: TicketRecord | null;
    lead: LeadRecord | null;
    events?: readonly DomainEvent[];
    visit?: { readonly stored: StoredAppointment; readonly events: readonly DomainEvent[] } | null;
  }): Promise<{ stored: boolean; result: ReportResult }> {
    const { call, appointment, ticket, lead, events = [], visit } = input;
    const result: ReportResult = {
      call_id: call.call_id,
      appointment_id: appointment?.appointment_id ?? null,
      ticket_id: ticket?.ticket_id ?? null,
      outreach: call.stl_call_id !== null ? { stl_call_id: call.stl_call_id, ended_reason: call.ended_reason, appointment } : null,
      coach: isEvaluable(call) ? { started_at: call.started_at } : null,
    };
    const guard = reportGuardKey(call.team_id, call.provider_call_id);
    const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
      {
        Put: {
          TableName: this.tableName,
          Item: { ...guard, result, created_at: call.created_at } satisfies ReportGuardItem,
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Put: { TableName: this.tableName, Item: toCallItem(call) } },
    ];
    if (appointment) {
      items.push({ Put: { TableName: this.tableName, Item: toAppointmentItem(appointment) } });
    }
    if (ticket) {
      items.push({ Put: { TableName: this.tableName, Item: toTicketItem(ticket) } });
    }
    if (lead) {
      if (!this.leadsTableName) throw new Error('DynamoCallStore needs the leads table to store inbound call leads');
      items.push({ Put: { TableName: this.leadsTableName, Item: toLeadItem(lead) } });
    }
    // Every item carries text from the report (the call its transcript and summary).
    for (const item of items) if (item.Put?.Item) assertStorable(item.Put.Item, `The call report's ${recordName(item.Put.Item)}`);
    if (events.length > 0) {
      if (!this.outboxTableName) throw new Error('DynamoCallStore needs the outbox table to make events due');
      items.push(...outboxPuts(events, this.outboxTableName));
    }
    if (visit) {
      if (!this.leadsTableName || !this.outboxTableName)
        throw new Error('DynamoCallStore needs the leads and outbox tables to store a visit');
      items.push(...appointmentCreateItems(visit.stored, visit.events, { leads: this.leadsTableName, outbox: this.outboxTableName }));
    }
    try {
      await transactWrite(this.client, { TransactItems: items });
      return { stored: true, result };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException) && (error as Error).name !== 'TransactionCanceledException') throw error;
      const existing = await this.getReportResult(call.team_id, call.provider_call_id);
      if (!existing) throw error;
      return { stored: false, result: existing };
    }
  }

  async listTickets(q: Parameters<CallStore['listTickets']>[0]): ReturnType<CallStore['listTickets']> {
    return this.tickets.listTickets(q);
  }

  async listCallsByOffset(q: CallPageQuery): Promise<CallRecord[]> {
    return this.reads.listCallsByOffset(q);
  }

  async listCallsAfter(q: Parameters<CallStore['listCallsAfter']>[0]): ReturnType<CallStore['listCallsAfter']> {
    return this.reads.listCallsAfter(q);
  }

  async getCall(teamId: number, callId: string): Promise<CallRecord | null> {
    return this.reads.getCall(teamId, callId);
  }

  async listCallTransfers(teamId: number, providerCallId: string): Promise<TransferRecord[]> {
    return this.reads.listCallTransfers(teamId, providerCallId);
  }

  async saveTransfer(transfer: TransferRecord): Promise<boolean> {
    const item = toTransferItem(transfer, {
      pk: providerCallPk(transfer.team_id, transfer.provider_call_id),
      sk: `TRANSFER#${transfer.transfer_id}`,
    });
    assertStorable(item, 'The call transfer');
    try {
      await transactWrite(this.client, {
        TransactItems: [
          { Put: { TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: this.tableName,
              Item: toTransferItem(transfer, {
                pk: transfersPk(transfer.team_id),
                sk: timeSortKey(transfer.transferred_at, transfer.team_id, transfer.transfer_id),
              }),
            },
          },
        ],
      });
      return true;
    } catch (error) {
      if (error instanceof TransactionCanceledException || (error as Error).name === 'TransactionCanceledException') {
        const existing = await this.client.send(
          new GetCommand({ TableName: this.tableName, Key: { pk: item.pk, sk: item.sk }, ConsistentRead: true }),
        );
        if (existing.Item) return false;
      }
      throw error;
    }
  }

  async listTransfersByOffset(q: Parameters<CallStore['listTransfersByOffset']>[0]): Promise<TransferRecord[]> {
    return this.reads.listTransfersByOffset(q);
  }

  async callIdsByProviderCall(teamId: number, providerCallIds: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const unique = [...new Set(providerCallIds)];
    for (let i = 0; i < unique.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map((id) => reportGuardKey(teamId, id));
      while (keys && keys.length > 0) {
        const result: BatchGetCommandOutput = await this.client.send(
          new BatchGetCommand({
            RequestItems: {
              [this.tableName]: { Keys: keys, ProjectionExpression: 'pk, #r', ExpressionAttributeNames: { '#r': 'result' } },
            },
          }),
        );
        for (const item of result.Responses?.[this.tableName] ?? []) {
          const providerCallId = String(item.pk).slice(`${teamPk(teamId)}#PROVIDERCALL#`.length);
          found.set(providerCallId, fromReportGuardItem(item).call_id);
        }
        keys = result.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return found;
  }

  async putCalls(calls: readonly CallRecord[]): Promise<void> {
    await batchPut(this.client, this.tableName, calls.map(toCallItem));
  }

  /** One call by its full key (the coach worker's request carries it). */
  async getCallAt(teamId: number, startedAt: string, callId: string): Promise<CallRecord | null> {
    return this.reads.getCallAt(teamId, startedAt, callId);
  }
}
