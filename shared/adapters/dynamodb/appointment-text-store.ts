import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  AppointmentTextClaim,
  AppointmentTextClaimAnswer,
  AppointmentTextKey,
  AppointmentTextOutcome,
  AppointmentTextStore,
  AppointmentTextUnsent,
} from '#shared/ports/appointment-text-store';
import {
  type AppointmentTextItem,
  appointmentTextPk,
  appointmentTextSk,
  appointmentTextsSk,
  parseAppointmentTextItem,
} from './appointment-text-items';
import { textsPk, textsStatusPk } from './outbound-keys';
import { suppressionPk } from './suppression-list';
import { isTransactionCancelled, transactWrite } from './transact';

/** A text's record may be written over only while there is none, or it is deferred (waiting for its window). */
const UNSENT_OR_NONE = {
  ConditionExpression: 'attribute_not_exists(pk) OR #status = :deferred',
  ExpressionAttributeNames: { '#status': 'status' },
  ExpressionAttributeValues: { ':deferred': 'deferred' },
} as const;

const SUPPRESSED_REASON = 'the number is on the team’s suppression list (it opted out); not texted';

/**
 * An appointment's texts in the campaigns table (appointment-text-items.ts): the claim is a put
 * conditional on no record, in one transaction with a check that the number has no suppression
 * record, so an opt-out that lands first always wins and a redelivery never claims twice.
 */
export class DynamoAppointmentTextStore implements AppointmentTextStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private keyOf(key: AppointmentTextKey) {
    return { pk: appointmentTextPk(key.teamId, key.appointmentId), sk: appointmentTextSk(key.purpose, key.occurrence) };
  }

  private item(claim: AppointmentTextClaim, status: 'sending' | 'suppressed'): AppointmentTextItem {
    const { key, at } = claim;
    return {
      ...this.keyOf(key),
      purpose: key.purpose,
      appointment_id: key.appointmentId,
      occurrence: key.occurrence,
      team_id: key.teamId,
      recipient: claim.phone,
      body: claim.body,
      segments: claim.segments,
      status,
      ...(status === 'sending' ? { claimed_at: at, claim_token: claim.token } : { error: SUPPRESSED_REASON }),
      ...(claim.plan ? { send_at: claim.plan.sendAt, rule: claim.plan.rule } : {}),
      recorded_at: at,
      updated_at: at,
      textsPk: textsPk(key.teamId),
      textsStatusPk: textsStatusPk(key.teamId, status),
      textsSk: appointmentTextsSk(at, key, claim.phone),
    };
  }

  async claim(claim: AppointmentTextClaim): Promise<AppointmentTextClaimAnswer> {
    try {
      await transactWrite(this.client, {
        TransactItems: [
          {
            ConditionCheck: {
              TableName: this.tableName,
              Key: { pk: suppressionPk(claim.key.teamId), sk: claim.phone },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: this.tableName, Item: this.item(claim, 'sending'), ...UNSENT_OR_NONE } },
        ],
      });
      return { kind: 'claimed' };
    } catch (error) {
      if (!isTransactionCancelled(error)) throw error;
      const [suppression, text] = (error.CancellationReasons ?? []).map((r) => r.Code);
      if (text === 'ConditionalCheckFailed') return this.existing(claim.key);
      if (suppression !== 'ConditionalCheckFailed') throw error;
    }
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: this.item(claim, 'suppressed'),
          ...UNSENT_OR_NONE,
        }),
      );
      return { kind: 'suppressed', reason: SUPPRESSED_REASON };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      return this.existing(claim.key);
    }
  }

  private async existing(key: AppointmentTextKey): Promise<AppointmentTextClaimAnswer> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: this.keyOf(key), ConsistentRead: true }));
    // Released between the failed claim and this read: the caller's redelivery claims it.
    if (!result.Item) throw new Error(`appointment ${key.appointmentId} ${key.purpose} ${key.occurrence}: claim released meanwhile; retry`);
    const item = parseAppointmentTextItem(result.Item);
    if (item.status === 'suppressed') return { kind: 'suppressed', reason: item.error ?? SUPPRESSED_REASON };
    return { kind: 'exists', status: item.status, claimToken: item.claim_token ?? null, claimedAt: item.claimed_at ?? null };
  }

  async recordUnsent(unsent: AppointmentTextUnsent): Promise<void> {
    const base = this.item({ ...unsent, token: '' }, 'suppressed');
    const { claimed_at: _c, claim_token: _t, ...rest } = base;
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            ...rest,
            status: unsent.status,
            error: unsent.reason,
            send_at: unsent.sendAt,
            rule: unsent.rule,
            deferred_until: unsent.status === 'deferred' ? unsent.sendAt : null,
            textsStatusPk: textsStatusPk(unsent.key.teamId, unsent.status),
          } satisfies AppointmentTextItem,
          ...UNSENT_OR_NONE,
        }),
      );
    } catch (error) {
      // Claimed, sent or settled meanwhile: that record stands.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async skipDeferred(key: AppointmentTextKey, reason: string, at: string): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.keyOf(key),
          UpdateExpression: 'SET #status = :skipped, #error = :reason, deferred_until = :none, updated_at = :at, textsStatusPk = :tspk',
          ConditionExpression: '#status = :deferred',
          ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
          ExpressionAttributeValues: {
            ':skipped': 'skipped',
            ':deferred': 'deferred',
            ':reason': reason,
            ':none': null,
            ':at': at,
            ':tspk': textsStatusPk(key.teamId, 'skipped'),
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async settle(key: AppointmentTextKey, outcome: AppointmentTextOutcome): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.keyOf(key),
          UpdateExpression:
            'SET #status = :status, settled_at = :at, updated_at = :at, provider_message_id = :pid, #error = :error, cost_micros = :cost, textsStatusPk = :tspk',
          ConditionExpression: '#status = :sending',
          ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
          ExpressionAttributeValues: {
            ':status': outcome.status,
            ':at': outcome.at,
            ':pid': outcome.providerMessageId ?? null,
            ':error': outcome.error ?? null,
            ':cost': outcome.costMicros,
            ':sending': 'sending',
            ':tspk': textsStatusPk(key.teamId, outcome.status),
          },
        }),
      );
      return true;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      return false;
    }
  }

  async release(key: AppointmentTextKey, token: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: this.keyOf(key),
          ConditionExpression: '#status = :sending AND claim_token = :token',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':sending': 'sending', ':token': token },
        }),
      );
    } catch (error) {
      // Settled or taken over meanwhile: not ours to give back.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}
