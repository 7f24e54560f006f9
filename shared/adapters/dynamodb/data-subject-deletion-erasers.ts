import { type DynamoDBDocumentClient, GetCommand, type QueryCommandInput, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  type DataSubject,
  type DataSubjectDeletion,
  type DeletionKind,
  isSubject,
  mentionsSubject,
} from '#shared/domain/data-subject-deletions/request';
import type { SubjectEraser } from '#shared/ports/data-subject-deletion-store';
import { appointmentsPk } from './appointment-items';
import { ticketsPk } from './call-items';
import { countAttribute, deletionKey } from './data-subject-deletion-store';
import { teamPk } from './keys';
import { textsPk } from './outbound-keys';
import { type Item, queryPages } from './query';
import { isTransactionCancelled, transactWrite } from './transact';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Tables = Readonly<Record<'teams' | 'sessions' | 'leads' | 'calls' | 'campaigns' | 'webhooks' | 'outbox', string>>;

/** What stands in for removed free text that a record must keep (a ticket's reason, a criterion's). */
const REMOVED = 'Removed on request';

/**
 * One kind of a person's data: where it is read (Queries of the deletion's teams' partitions,
 * never a Scan), which items are the person's, and the write that removes their data: an update
 * that redacts (marked `erasedBy` the deletion, so it is done once) or a delete.
 */
interface KindSpec {
  readonly table: string;
  readonly queries: (teamId: number, deletion: DataSubjectDeletion) => Promise<QueryCommandInput[]>;
  readonly matches: (item: Item, subject: DataSubject, deletion: DataSubjectDeletion) => boolean;
  readonly removal: (item: Item) => Promise<RedactUpdate | 'delete' | null>;
}

interface RedactUpdate {
  /** Another item than the one found (a call's evaluation); default the item found. */
  readonly key?: { readonly pk: string; readonly sk: string };
  readonly set: Readonly<Record<string, unknown>>;
  readonly remove?: readonly string[];
}

const customerOf = (item: Item) => (item.customer ?? {}) as Record<string, unknown>;

const partition = (table: string, pk: string): QueryCommandInput => ({
  TableName: table,
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeValues: { ':pk': pk },
});
const index = (table: string, name: string, attribute: string, value: string): QueryCommandInput => ({
  TableName: table,
  IndexName: name,
  KeyConditionExpression: '#k = :v',
  ExpressionAttributeNames: { '#k': attribute },
  ExpressionAttributeValues: { ':v': value },
});

/**
 * The erasers of every kind (DynamoDB). Each item removed is counted on the deletion in the same
 * transaction as its removal, conditioned on the item not being removed by this deletion yet, so
 * a page run again after a crash removes and counts nothing twice.
 */
export class DynamoSubjectEraser implements SubjectEraser {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tables: Tables,
  ) {}

  async erase(kind: DeletionKind, deletion: DataSubjectDeletion): Promise<void> {
    const subject = deletion.subject;
    if (!subject) return;
    const spec = this.specs()[kind];
    for (const teamId of deletion.teamIds) {
      for (const query of await spec.queries(teamId, deletion)) {
        for await (const page of queryPages(this.client, query)) {
          for (const item of page) {
            if (spec.matches(item, subject, deletion)) await this.remove(kind, spec, item, deletion);
          }
        }
      }
    }
  }

  private async remove(kind: DeletionKind, spec: KindSpec, item: Item, deletion: DataSubjectDeletion): Promise<void> {
    const removal = await spec.removal(item);
    if (removal === null) return;
    const key = removal !== 'delete' && removal.key ? removal.key : { pk: item.pk, sk: item.sk };
    const count: TransactItem = {
      Update: {
        TableName: this.tables.teams,
        Key: deletionKey(deletion.id),
        UpdateExpression: 'ADD #count :one',
        ExpressionAttributeNames: { '#count': countAttribute(kind) },
        ExpressionAttributeValues: { ':one': 1 },
      },
    };
    const write: TransactItem =
      removal === 'delete'
        ? { Delete: { TableName: spec.table, Key: key, ConditionExpression: 'attribute_exists(pk)' } }
        : { Update: redactUpdate(spec.table, key, removal, deletion.id) };
    try {
      await transactWrite(this.client, { TransactItems: [write, count] });
    } catch (error) {
      // Removed already (by this deletion before a crash, or deleted meanwhile): nothing to count.
      if (!isTransactionCancelled(error)) throw error;
    }
  }

  private specs(): Record<DeletionKind, KindSpec> {
    return { ...this.contactSpecs(), ...this.callSpecs(), ...this.messageSpecs() };
  }

  private contactSpecs(): Record<'sessions' | 'leads' | 'appointments', KindSpec> {
    const t = this.tables;
    return {
      sessions: {
        table: t.sessions,
        queries: async (team) => [partition(t.sessions, teamPk(team))],
        matches: (item, s) => {
          const info = (item.customer_info ?? {}) as Record<string, unknown>;
          return isSubject(s, info.phone, info.email);
        },
        removal: async () => ({ set: { customer_info: { name: null, email: null, phone: null, address: null } } }),
      },
      leads: {
        table: t.leads,
        queries: async (team) => [partition(t.leads, teamPk(team))],
        matches: (item, s) =>
          isSubject(s, item.customer_phone, item.customer_email) || (s.phone !== null && item.customer_phone_raw === s.phone),
        removal: async () => ({
          set: { customer_name: null, customer_phone: null, customer_phone_raw: null, customer_email: null, lead_content: {} },
        }),
      },
      appointments: {
        table: t.leads,
        queries: async (team) => [index(t.leads, 'appointmentsByStart', 'apptPk', appointmentsPk(team))],
        matches: (item, s) => isSubject(s, customerOf(item).phone, customerOf(item).email),
        removal: async (item) => ({
          set: {
            customer: { name: null, phone: null, email: null, address: null },
            history: ((item.history ?? []) as Record<string, unknown>[]).map((h) => ({ ...h, note: null })),
          },
          remove: ['apptPhonePk'],
        }),
      },
    };
  }

  private callSpecs(): Record<'coach_evaluations' | 'calls' | 'support_tickets', KindSpec> {
    const t = this.tables;
    const isCall = (item: Item, s: DataSubject) => typeof item.call_id === 'string' && isSubject(s, customerOf(item).phone, null);
    return {
      coach_evaluations: {
        // Found through the person's calls, before those are redacted (the kind runs first).
        table: t.calls,
        queries: async (team) => [partition(t.calls, teamPk(team))],
        matches: isCall,
        removal: async (call) => this.evaluationRedaction(Number(call.team_id), String(call.call_id)),
      },
      calls: {
        table: t.calls,
        queries: async (team) => [partition(t.calls, teamPk(team))],
        matches: isCall,
        removal: async (item) => ({
          set: {
            customer: { name: null, phone: null },
            transcript: null,
            turns: [],
            summary: null,
            recording_url: null,
            analysis: { ...((item.analysis ?? {}) as Record<string, unknown>), raw: null },
          },
        }),
      },
      support_tickets: {
        table: t.calls,
        queries: async (_team, d) => (d.teamIds[0] === _team ? [partition(t.calls, ticketsPk(d.enterpriseId))] : []),
        matches: (item, s, d) => d.teamIds.includes(Number(item.team_id)) && isSubject(s, customerOf(item).phone, null),
        removal: async () => ({ set: { customer: { name: null, phone: null }, reason: REMOVED } }),
      },
    };
  }

  private messageSpecs(): Record<'texts' | 'webhook_deliveries' | 'outbox_events', KindSpec> {
    const t = this.tables;
    return {
      texts: {
        table: t.campaigns,
        queries: async (team) => [index(t.campaigns, 'textsByTeam', 'textsPk', textsPk(team))],
        matches: (item, s) => s.phone !== null && String(item.textsSk ?? '').endsWith(`#${s.phone}`),
        removal: async () => 'delete',
      },
      webhook_deliveries: {
        table: t.webhooks,
        queries: async (team) => this.deliveryQueries(team),
        matches: (item, s) => typeof item.payload === 'string' && mentionsSubject(item.payload, s),
        removal: async (item) => ({
          set: { payload: JSON.stringify({ event: item.eventType, event_id: item.eventId, redacted: true }) },
        }),
      },
      outbox_events: {
        table: t.outbox,
        queries: async (team) => [index(t.outbox, 'history', 'historyPk', `TEAM#${team}`)],
        matches: (item, s) => typeof item.detail === 'string' && mentionsSubject(item.detail, s),
        removal: async () => 'delete',
      },
    };
  }

  /** A call's evaluation with its quotes and reasons removed (scores kept); null when the call has none. */
  private async evaluationRedaction(teamId: number, callId: string): Promise<RedactUpdate | null> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tables.calls, Key: { pk: `${teamPk(teamId)}#COACH#${callId}`, sk: 'EVALUATION' } }),
    );
    if (!Item) return null;
    const criteria = ((Item.criteria ?? []) as Record<string, unknown>[]).map((c) => ({ ...c, evidence: null, reason: REMOVED }));
    return { key: { pk: String(Item.pk), sk: String(Item.sk) }, set: { criteria } };
  }

  private async deliveryQueries(team: number) {
    const queries: QueryCommandInput[] = [];
    const subscriptions = { TableName: this.tables.webhooks, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)' };
    for await (const page of queryPages(this.client, {
      ...subscriptions,
      ExpressionAttributeValues: { ':pk': teamPk(team), ':w': 'WEBHOOK#' },
    })) {
      for (const item of page) queries.push(index(this.tables.webhooks, 'deliveriesByTime', 'listPk', `WEBHOOK#${String(item.webhookId)}`));
    }
    return queries;
  }
}

function redactUpdate(table: string, key: Record<string, unknown>, removal: RedactUpdate, deletionId: string) {
  const names: Record<string, string> = { '#erased': 'erasedBy' };
  const values: Record<string, unknown> = { ':id': deletionId };
  const sets = Object.entries(removal.set).map(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  const removes = (removal.remove ?? []).map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  return {
    TableName: table,
    Key: key,
    UpdateExpression: `SET ${[...sets, '#erased = :id'].join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#erased) OR #erased <> :id)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}
