import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import type { CallRecord, TransferRecord } from '#shared/domain/calls';
import { isEvaluable } from '#shared/domain/coach/evaluation-request';
import type { LeadRecord } from '#shared/domain/leads';
import { assertStorable } from '#shared/domain/stored-size';
import type { AppointmentRecord, ReportResult, TicketRecord } from '#shared/domain/support';
import type { CallPageQuery, CallStore } from '#shared/ports/call-store';
import type { DomainEvent } from '#shared/ports/event-bus';
import { batchPut } from './batch-write';
import { padId, teamPk, timeSortKey } from './keys';
import { toLeadItem } from './lead-store';
import { queryByOffset } from './offset-query';
import { outboxPuts } from './outbox';
import type { Item } from './query';
import { readTimeOrdered, timeRangeBounds } from './time-range';
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

/** A call as stored (members absent on calls stored before they existed stay absent). */
export type CallItem = {
  pk: string;
  sk: string;
  typePk: string;
  callPk: string;
  call_id: string;
  team_id: number;
  provider_call_id: string;
  type: string;
  direction: 'inbound' | 'outbound';
  customer: { name: string | null; phone: string | null; phone_raw?: string | null };
  started_at: string;
  ended_at: string | null;
  duration_seconds: number | null;
  transcript: string | null;
  turns?: { speaker: 'agent' | 'customer'; text: string; start_seconds: number | null; end_seconds: number | null }[];
  turns_trimmed?: boolean;
  summary: string | null;
  recording_url: string | null;
  analysis: {
    call_reason: string | null;
    sentiment: string | null;
    booking_intent: boolean | null;
    urgency: string | null;
    raw?: Record<string, unknown> | null;
  };
  warnings?: string[];
  ended_reason: string | null;
  cost: number | null;
  appointment_id: string | null;
  ticket_id: string | null;
  lead_id: number | null;
  stl_call_id: number | null;
  decisions?: { decision: string; reason: string; evidence?: string[] }[];
  created_at: string;
};

export function toCallItem(call: CallRecord): CallItem {
  const pk = teamPk(call.team_id);
  return {
    pk,
    sk: timeSortKey(call.started_at, call.team_id, call.call_id),
    typePk: `${pk}#${call.type}`,
    callPk: callPk(call.team_id, call.call_id),
    ...callMembers(call),
  };
}

function callPk(teamId: number, callId: string): string {
  return `${teamPk(teamId)}#CALL#${callId}`;
}

/** The call of a stored item; `raw` is what DynamoDB answered for a call's key. */
export function fromCallItem(raw: Item): CallRecord {
  return callMembers(raw as CallItem);
}

/**
 * The members a call has on both sides, copied one by one (the keys stay behind, optional members
 * stay absent where the source lacks them): both directions of the mapping.
 */
function callMembers(c: CallRecord | CallItem): CallRecord & Omit<CallItem, 'pk' | 'sk' | 'typePk' | 'callPk'> {
  return {
    call_id: c.call_id,
    team_id: c.team_id,
    provider_call_id: c.provider_call_id,
    type: c.type,
    direction: c.direction,
    customer: {
      name: c.customer.name,
      phone: c.customer.phone,
      ...(c.customer.phone_raw === undefined ? {} : { phone_raw: c.customer.phone_raw }),
    },
    started_at: c.started_at,
    ended_at: c.ended_at,
    duration_seconds: c.duration_seconds,
    transcript: c.transcript,
    ...(c.turns === undefined
      ? {}
      : { turns: c.turns.map((t) => ({ speaker: t.speaker, text: t.text, start_seconds: t.start_seconds, end_seconds: t.end_seconds })) }),
    ...(c.turns_trimmed === undefined ? {} : { turns_trimmed: c.turns_trimmed }),
    summary: c.summary,
    recording_url: c.recording_url,
    analysis: {
      call_reason: c.analysis.call_reason,
      sentiment: c.analysis.sentiment,
      booking_intent: c.analysis.booking_intent,
      urgency: c.analysis.urgency,
      ...(c.analysis.raw === undefined ? {} : { raw: c.analysis.raw }),
    },
    ...(c.warnings === undefined ? {} : { warnings: [...c.warnings] }),
    ended_reason: c.ended_reason,
    cost: c.cost,
    appointment_id: c.appointment_id,
    ticket_id: c.ticket_id,
    lead_id: c.lead_id,
    stl_call_id: c.stl_call_id,
    ...(c.decisions === undefined
      ? {}
      : {
          decisions: c.decisions.map((d) => ({
            decision: d.decision,
            reason: d.reason,
            ...(d.evidence === undefined ? {} : { evidence: [...d.evidence] }),
          })),
        }),
    created_at: c.created_at,
  };
}

function providerCallPk(teamId: number, providerCallId: string): string {
  return `${teamPk(teamId)}#PROVIDERCALL#${providerCallId}`;
}

function reportGuardKey(teamId: number, providerCallId: string) {
  return { pk: providerCallPk(teamId, providerCallId), sk: 'REPORT' as const };
}

const transfersPk = (teamId: number) => `${teamPk(teamId)}#TRANSFERS`;

/** A transfer as stored, under its call's partition or in the team's feed (same members, other keys). */
export type TransferItem = {
  pk: string;
  sk: string;
  transfer_id: string;
  team_id: number;
  provider_call_id: string;
  transferred_at: string;
  destination: { type: string | null; number: string | null; sip_uri: string | null; description: string | null; message: string | null };
  reason: string | null;
  source: 'transfer-update' | 'ended_reason';
  created_at: string;
};

function toTransferItem(t: TransferRecord, key: { pk: string; sk: string }): TransferItem {
  return { ...key, ...transferMembers(t) };
}

function fromTransferItem(raw: Item): TransferRecord {
  return transferMembers(raw as TransferItem);
}

function transferMembers(t: TransferRecord | TransferItem): TransferRecord & Omit<TransferItem, 'pk' | 'sk'> {
  return {
    transfer_id: t.transfer_id,
    team_id: t.team_id,
    provider_call_id: t.provider_call_id,
    transferred_at: t.transferred_at,
    destination: {
      type: t.destination.type,
      number: t.destination.number,
      sip_uri: t.destination.sip_uri,
      description: t.destination.description,
      message: t.destination.message,
    },
    reason: t.reason,
    source: t.source,
    created_at: t.created_at,
  };
}

/** A support ticket as stored, in its enterprise's partition. */
export type TicketItem = {
  pk: string;
  sk: string;
  ticket_id: string;
  team_id: number;
  enterprise_id: number;
  call_id: string;
  lead_id: number | null;
  status: 'open';
  priority: 'low' | 'normal' | 'high' | 'urgent';
  category: string;
  subject: string;
  reason: string;
  customer: { name: string | null; phone: string | null };
  created_at: string;
};

function toTicketItem(t: TicketRecord): TicketItem {
  return { pk: ticketsPk(t.enterprise_id), sk: timeSortKey(t.created_at, t.team_id, t.ticket_id), ...ticketMembers(t) };
}

function fromTicketItem(raw: Item): TicketRecord {
  return ticketMembers(raw as TicketItem);
}

function ticketMembers(t: TicketRecord | TicketItem): TicketRecord {
  return {
    ticket_id: t.ticket_id,
    team_id: t.team_id,
    enterprise_id: t.enterprise_id,
    call_id: t.call_id,
    lead_id: t.lead_id,
    status: t.status,
    priority: t.priority,
    category: t.category,
    subject: t.subject,
    reason: t.reason,
    customer: { name: t.customer.name, phone: t.customer.phone },
    created_at: t.created_at,
  };
}

/** An appointment the responder created, in its team's appointments partition. */
export type AppointmentItem = {
  pk: string;
  sk: string;
  appointment_id: string;
  team_id: number;
  call_id: string;
  lead_id: number | null;
  status: 'scheduled' | 'requested';
  scheduled_for: string | null;
  preferred_date: string | null;
  customer: { name: string | null; phone: string | null };
  service: string | null;
  urgency: string;
  reason: string;
  created_at: string;
};

function toAppointmentItem(a: AppointmentRecord): AppointmentItem {
  return {
    pk: `${teamPk(a.team_id)}#APPOINTMENTS`,
    sk: timeSortKey(a.created_at, a.team_id, a.appointment_id),
    appointment_id: a.appointment_id,
    team_id: a.team_id,
    call_id: a.call_id,
    lead_id: a.lead_id,
    status: a.status,
    scheduled_for: a.scheduled_for,
    preferred_date: a.preferred_date,
    customer: { name: a.customer.name, phone: a.customer.phone },
    service: a.service,
    urgency: a.urgency,
    reason: a.reason,
    created_at: a.created_at,
  };
}

/**
 * The idempotency guard of a voice report, holding the ids it produced: its `result` is the
 * report's result as the responder recorded it, read back whole by a redelivery.
 */
export type ReportGuardItem = { pk: string; sk: 'REPORT'; result: ReportResult; created_at: string };

function recordName(item: Record<string, unknown>): string {
  if ('transcript' in item) return 'call record (with its transcript and summary)';
  if ('ticket_id' in item) return 'support ticket';
  if ('appointment_id' in item) return 'appointment';
  if ('lead_content' in item) return 'lead';
  return 'idempotency record';
}

function ticketsPk(enterpriseId: number): string {
  return `ENTERPRISE#${padId(enterpriseId)}#TICKETS`;
}

export class DynamoCallStore implements CallStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    /** Inbound calls become unified leads, written in the same transaction (writers only). */
    private readonly leadsTableName: string | null = null,
    /** The outbox table, for the events a report's write makes due (writers only). */
    private readonly outboxTableName: string | null = null,
  ) {}

  async getReportResult(teamId: number, providerCallId: string): Promise<ReportResult | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: reportGuardKey(teamId, providerCallId), ConsistentRead: true }),
    );
    return result.Item ? (result.Item as ReportGuardItem).result : null;
  }

  async saveReport(input: {
    call: CallRecord;
    appointment: AppointmentRecord | null;
    ticket: TicketRecord | null;
    lead: LeadRecord | null;
    events?: readonly DomainEvent[];
  }): Promise<{ stored: boolean; result: ReportResult }> {
    const { call, appointment, ticket, lead, events = [] } = input;
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

  async listTickets(q: {
    enterpriseId: number;
    teamIds?: readonly number[];
    start?: string;
    end?: string;
    after?: string;
    limit: number;
  }): Promise<{ ticket: TicketRecord; position: string }[]> {
    const teamFilter = q.teamIds && q.teamIds.length > 0;
    const values: Record<string, unknown> = {};
    const placeholders = (q.teamIds ?? []).map((id, i) => {
      values[`:team${i}`] = id;
      return `:team${i}`;
    });
    const items = await readTimeOrdered(this.client, {
      tableName: this.tableName,
      partitionKeyName: 'pk',
      partitionKeyValue: ticketsPk(q.enterpriseId),
      sortKeyName: 'sk',
      start: q.start,
      end: q.end,
      after: q.after,
      want: q.limit + 1,
      filter: teamFilter ? { FilterExpression: `team_id IN (${placeholders.join(', ')})`, ExpressionAttributeValues: values } : undefined,
    });
    return items.map((item) => ({ ticket: fromTicketItem(item), position: String(item.sk) }));
  }

  async listCallsByOffset(q: CallPageQuery): Promise<CallRecord[]> {
    const bounds = timeRangeBounds(q);
    if (!bounds) return [];
    const pk = teamPk(q.teamId);
    const byType = q.type !== undefined;
    const items = await queryByOffset(
      this.client,
      {
        TableName: this.tableName,
        IndexName: byType ? 'byType' : undefined,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
        ExpressionAttributeNames: { '#pk': byType ? 'typePk' : 'pk', '#sk': 'sk' },
        ExpressionAttributeValues: { ':pk': byType ? `${pk}#${q.type}` : pk, ':lo': bounds.lo, ':hi': bounds.hi },
        ScanIndexForward: false,
      },
      byType ? ['pk', 'sk', 'typePk'] : ['pk', 'sk'],
      q.offset,
      q.limit,
    );
    return items.map(fromCallItem);
  }

  async getCall(teamId: number, callId: string): Promise<CallRecord | null> {
    const result = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'byCallId',
        KeyConditionExpression: 'callPk = :pk',
        ExpressionAttributeValues: { ':pk': callPk(teamId, callId) },
        Limit: 1,
      }),
    );
    const item = result.Items?.[0];
    return item ? fromCallItem(item) : null;
  }

  async listCallTransfers(teamId: number, providerCallId: string): Promise<TransferRecord[]> {
    const transfers: TransferRecord[] = [];
    let start: Record<string, unknown> | undefined;
    // A call is handed over a handful of times at most; the loop only guards against a long tail.
    do {
      const result = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': providerCallPk(teamId, providerCallId), ':prefix': 'TRANSFER#' },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of result.Items ?? []) transfers.push(fromTransferItem(item));
      start = result.LastEvaluatedKey;
    } while (start && transfers.length < 100);
    return transfers.sort((a, b) => a.transferred_at.localeCompare(b.transferred_at) || a.transfer_id.localeCompare(b.transfer_id));
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

  async listTransfersByOffset(q: {
    teamId: number;
    start?: string;
    end?: string;
    offset: number;
    limit: number;
  }): Promise<TransferRecord[]> {
    const bounds = timeRangeBounds(q);
    if (!bounds) return [];
    const items = await queryByOffset(
      this.client,
      {
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: { ':pk': transfersPk(q.teamId), ':lo': bounds.lo, ':hi': bounds.hi },
        ScanIndexForward: false,
      },
      ['pk', 'sk'],
      q.offset,
      q.limit,
    );
    return items.map(fromTransferItem);
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
          found.set(providerCallId, (item as Pick<ReportGuardItem, 'pk' | 'result'>).result.call_id);
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
    const result = await this.client.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: teamPk(teamId), sk: timeSortKey(startedAt, teamId, callId) },
        ConsistentRead: true,
      }),
    );
    return result.Item ? fromCallItem(result.Item) : null;
  }
}
