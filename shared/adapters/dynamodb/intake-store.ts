import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  type TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { IntakeConfig } from '#shared/domain/intake/intake-config';
import type { OutreachState } from '#shared/domain/intake/outreach';
import type { LeadRecord } from '#shared/domain/leads';
import { assertStorable } from '#shared/domain/stored-size';
import { atLoad } from '#shared/lazy';
import type { DomainEvent } from '#shared/ports/event-bus';
import {
  DuplicateLeadError,
  type GoogleLeadFormKeyRecord,
  type GoogleLeadFormKeyStore,
  type IntakeConfigStore,
  type IntakeStore,
} from '#shared/ports/intake-store';
import { nextCounterValue } from './counters';
import { padId, teamPk } from './keys';
import { fromLeadItem, leadChangeStamp, leadTableMembers, toLeadItem, toOutreachItemFields } from './lead-store';
import { outboxPuts, updateWithEvents } from './outbox';
import { parseStoredItem } from './query';
import { transactWrite } from './transact';

/**
 * Intake items in the leads table, beside the leads themselves:
 * - `STLCALL#<id>` / META: points from an stl_call_id to its lead's key;
 * - `TEAM#<t>#EXTERNAL#<external_id>` / GUARD: makes external_id unique per team, forever;
 * - `TEAM#<t>#PHONE#<e164>` / GUARD: makes a phone unique per team until `expires_at`;
 * - `PROVIDERCALL#<id>` / META: the stl_call_id a provider call belongs to;
 * - `COUNTER` / lead_id | stl_call_id: the integer id counters.
 * The lead, its pointer and its guards are written in one transaction, so two identical requests
 * racing create exactly one lead.
 */

/** `STLCALL#<id>` / META: where the lead of an outreach call is. */
const storedStlCallPointer = /* @__PURE__ */ atLoad(() => {
  const { text, number } = leadTableMembers;
  return z.object({ leadPk: text, leadSk: text, lead_id: number, team_id: number });
});

type StlCallPointerItem = { pk: string; sk: 'META' } & z.input<typeof storedStlCallPointer>;

/** A uniqueness guard (external_id forever, a phone until expires_at) naming the lead it protects. */
/** The pointer from an outreach record's stl_call_id to its lead (what the outreach worker finds the lead by). */
export function stlCallPointerItem(
  stlCallId: number,
  leadItem: { readonly pk: string; readonly sk: string },
  lead: { readonly lead_id: number | null; readonly team_id: number },
): StlCallPointerItem {
  if (lead.lead_id === null) throw new Error('an outreach record belongs to a lead with a lead_id');
  return {
    pk: `STLCALL#${padId(stlCallId)}`,
    sk: 'META',
    leadPk: leadItem.pk,
    leadSk: leadItem.sk,
    lead_id: lead.lead_id,
    team_id: lead.team_id,
  };
}

const storedLeadGuard = /* @__PURE__ */ atLoad(() => {
  const { text, number } = leadTableMembers;
  return z.object({ lead_id: number, stl_call_id: number, created_at: text, expires_at: z.optional(text) });
});

type LeadGuardItem = { pk: string; sk: 'GUARD' } & z.input<typeof storedLeadGuard>;

/** `PROVIDERCALL#<id>` / META: the outreach call a provider call belongs to. */
const storedProviderCall = /* @__PURE__ */ atLoad(() => z.object({ stl_call_id: leadTableMembers.number }));

type ProviderCallItem = { pk: string; sk: 'META' } & z.input<typeof storedProviderCall>;

function guardItem(key: { pk: string; sk: 'GUARD' }, leadId: number, stlCallId: number, now: Date, expiresAt?: Date): LeadGuardItem {
  return {
    ...key,
    lead_id: leadId,
    stl_call_id: stlCallId,
    created_at: now.toISOString(),
    ...(expiresAt === undefined ? {} : { expires_at: expiresAt.toISOString() }),
  };
}

export class DynamoIntakeStore implements IntakeStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  nextLeadId(): Promise<number> {
    return nextCounterValue(this.client, this.tableName, 'lead_id');
  }

  nextStlCallId(): Promise<number> {
    return nextCounterValue(this.client, this.tableName, 'stl_call_id');
  }

  assertStorable(lead: LeadRecord): void {
    assertStorable(toLeadItem(lead), 'The lead (with its raw payload)');
  }

  async createLead(input: {
    lead: LeadRecord;
    phone: string | null;
    phoneWindowHours: number;
    now: Date;
    events?: readonly DomainEvent[];
  }): Promise<void> {
    const { lead } = input;
    const stlCallId = lead.outreach ? lead.outreach.stl_call_id : null;
    if (lead.lead_id === null || stlCallId === null) throw new Error('intake leads carry lead_id and outreach');
    const item = toLeadItem(lead);
    this.assertStorable(lead);
    const guards: { reason: DuplicateLeadError['reason']; key: { pk: string; sk: string } }[] = [];
    const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [];
    if (lead.external_id) {
      const key = { pk: `${teamPk(lead.team_id)}#EXTERNAL#${lead.external_id}`, sk: 'GUARD' as const };
      guards.push({ reason: 'external_id', key });
      items.push({
        Put: {
          TableName: this.tableName,
          Item: guardItem(key, lead.lead_id, stlCallId, input.now),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    }
    if (input.phone !== null && input.phoneWindowHours > 0) {
      const key = { pk: `${teamPk(lead.team_id)}#PHONE#${input.phone}`, sk: 'GUARD' as const };
      guards.push({ reason: 'phone_number', key });
      items.push({
        Put: {
          TableName: this.tableName,
          Item: guardItem(key, lead.lead_id, stlCallId, input.now, new Date(input.now.getTime() + input.phoneWindowHours * 3_600_000)),
          ConditionExpression: 'attribute_not_exists(pk) OR expires_at <= :now',
          ExpressionAttributeValues: { ':now': input.now.toISOString() },
        },
      });
    }
    items.push({ Put: { TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } });
    items.push({
      Put: {
        TableName: this.tableName,
        Item: stlCallPointerItem(stlCallId, item, { lead_id: lead.lead_id, team_id: lead.team_id }),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    // Last, so a cancellation reason's index still names the guard it belongs to.
    items.push(...outboxPuts(input.events ?? []));
    try {
      await transactWrite(this.client, { TransactItems: items });
    } catch (error) {
      if (!(error instanceof TransactionCanceledException) && (error as Error).name !== 'TransactionCanceledException') throw error;
      const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
      const index = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
      const guard = guards[index];
      if (!guard) throw error;
      const existing = await this.client.send(new GetCommand({ TableName: this.tableName, Key: guard.key, ConsistentRead: true }));
      // The guard may have expired and gone between the transaction and this read.
      const found = existing.Item ? parseStoredItem(storedLeadGuard, existing.Item, 'lead guard') : null;
      throw new DuplicateLeadError(guard.reason, found?.lead_id ?? null, found?.stl_call_id ?? null);
    }
  }

  async getLeadByStlCallId(stlCallId: number): Promise<LeadRecord | null> {
    const key = await this.leadKey(stlCallId);
    if (!key) return null;
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }));
    return result.Item ? fromLeadItem(result.Item) : null;
  }

  async transitionOutreach(
    stlCallId: number,
    expected: { statuses: readonly OutreachState['status'][]; attempt: number; claimToken?: string | null },
    next: Partial<OutreachState>,
    leadStatus?: string,
    events: readonly DomainEvent[] = [],
  ): Promise<boolean> {
    const key = await this.leadKey(stlCallId);
    if (!key) return false;
    const names: Record<string, string> = { '#o': 'outreach', '#status': 'status', '#attempt': 'attempt' };
    const values: Record<string, unknown> = { ':attempt': expected.attempt };
    const statusPlaceholders = expected.statuses.map((s, i) => {
      values[`:from${i}`] = s;
      return `:from${i}`;
    });
    const sets = Object.entries(toOutreachItemFields(next)).map(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:v${i}`] = value;
      return `#o.#f${i} = :v${i}`;
    });
    if (leadStatus !== undefined) {
      names['#leadStatus'] = 'status';
      values[':leadStatus'] = leadStatus;
      sets.push('#leadStatus = :leadStatus');
    }
    const stamp = leadChangeStamp(key);
    sets.push(stamp.expression);
    Object.assign(values, stamp.values);
    let condition = `#o.#status IN (${statusPlaceholders.join(', ')}) AND #o.#attempt = :attempt`;
    if (expected.claimToken !== undefined) {
      names['#claim'] = 'claim_token';
      if (expected.claimToken === null) {
        condition += ' AND (attribute_not_exists(#o.#claim) OR #o.#claim = :noClaim)';
        values[':noClaim'] = null;
      } else {
        condition += ' AND #o.#claim = :claim';
        values[':claim'] = expected.claimToken;
      }
    }
    return updateWithEvents(
      this.client,
      {
        TableName: this.tableName,
        Key: key,
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
      events,
    );
  }

  async markOutreachDispatched(stlCallId: number): Promise<void> {
    await this.updateLead(stlCallId, 'SET #o.dispatched = :yes', { '#o': 'outreach' }, { ':yes': true });
  }

  async setLeadAppointment(stlCallId: number, appointment: Record<string, unknown>): Promise<void> {
    await this.updateLead(stlCallId, 'SET appointment = :a', undefined, { ':a': appointment });
  }

  async linkProviderCall(providerCallId: string, stlCallId: number): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { pk: `PROVIDERCALL#${providerCallId}`, sk: 'META', stl_call_id: stlCallId } satisfies ProviderCallItem,
      }),
    );
  }

  async getStlCallIdByProviderCall(providerCallId: string): Promise<number | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: `PROVIDERCALL#${providerCallId}`, sk: 'META' } }),
    );
    return result.Item ? parseStoredItem(storedProviderCall, result.Item, 'provider call link').stl_call_id : null;
  }

  /** Applies an update to the lead of an outreach call, if that lead exists. */
  private async updateLead(
    stlCallId: number,
    updateExpression: string,
    names: Record<string, string> | undefined,
    values: Record<string, unknown>,
  ): Promise<void> {
    const key = await this.leadKey(stlCallId);
    if (!key) return;
    // Every update of a lead is a change the leads feed lists (updateExpression is one SET).
    const stamp = leadChangeStamp(key);
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: key,
        UpdateExpression: `${updateExpression}, ${stamp.expression}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ...values, ...stamp.values },
      }),
    );
  }

  private async leadKey(stlCallId: number): Promise<{ pk: string; sk: string } | null> {
    const pointer = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: `STLCALL#${padId(stlCallId)}`, sk: 'META' } }),
    );
    if (!pointer.Item) return null;
    const item = parseStoredItem(storedStlCallPointer, pointer.Item, 'outreach call pointer');
    return { pk: item.leadPk, sk: item.leadSk };
  }
}

/**
 * Intake configuration: `TEAM#<t>` / `CONFIG#intake` in the teams table, the configuration as one
 * member. The operator CLI validated it whole with `intakeConfigSchema` before storing it; reading
 * checks only that it is a map, because that schema is some 600 zod objects the intake function
 * must not build (ADR 0119, ADR 0172).
 */
const storedIntakeConfig = /* @__PURE__ */ atLoad(() =>
  z.object({ config: z.custom<IntakeConfig>((value) => typeof value === 'object' && value !== null && !Array.isArray(value)) }),
);

type IntakeConfigItem = { pk: string; sk: 'CONFIG#intake'; updated_at: string } & z.input<typeof storedIntakeConfig>;

/** The item of a team's Google lead-form key (its hash), beside its intake configuration. */
const GOOGLE_KEY_SK = 'CONFIG#google-lead-form-key';
const storedGoogleKey = /* @__PURE__ */ atLoad(() => {
  const { text } = leadTableMembers;
  return z.object({
    key: z.object({ sha256: text, created_at: text, previous: z.nullable(z.object({ sha256: text, expires_at: text })) }),
  });
}) satisfies z.ZodMiniType<{ key: GoogleLeadFormKeyRecord }>;

type GoogleKeyItem = { pk: string; sk: typeof GOOGLE_KEY_SK; updated_at: string } & z.input<typeof storedGoogleKey>;

function toGoogleKeyItem(teamId: number, record: GoogleLeadFormKeyRecord, now: Date): GoogleKeyItem {
  return {
    pk: teamPk(teamId),
    sk: GOOGLE_KEY_SK,
    key: {
      sha256: record.sha256,
      created_at: record.created_at,
      previous: record.previous ? { sha256: record.previous.sha256, expires_at: record.previous.expires_at } : null,
    },
    updated_at: now.toISOString(),
  };
}

export class DynamoIntakeConfigStore implements IntakeConfigStore, GoogleLeadFormKeyStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async getIntakeConfig(teamId: number): Promise<IntakeConfig | null> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { pk: teamPk(teamId), sk: 'CONFIG#intake' } }));
    return result.Item ? parseStoredItem(storedIntakeConfig, result.Item, 'intake configuration').config : null;
  }

  async putIntakeConfig(teamId: number, config: IntakeConfig): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { pk: teamPk(teamId), sk: 'CONFIG#intake', config, updated_at: new Date().toISOString() } satisfies IntakeConfigItem,
      }),
    );
  }

  async getGoogleLeadFormKey(teamId: number): Promise<GoogleLeadFormKeyRecord | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: teamPk(teamId), sk: GOOGLE_KEY_SK }, ConsistentRead: true }),
    );
    return result.Item ? parseStoredItem(storedGoogleKey, result.Item, 'Google lead-form key').key : null;
  }

  async putGoogleLeadFormKey(teamId: number, record: GoogleLeadFormKeyRecord | null): Promise<void> {
    const Key = { pk: teamPk(teamId), sk: GOOGLE_KEY_SK };
    if (record === null) {
      await this.client.send(new DeleteCommand({ TableName: this.tableName, Key }));
      return;
    }
    await this.client.send(new PutCommand({ TableName: this.tableName, Item: toGoogleKeyItem(teamId, record, new Date()) }));
  }
}
