import type { DynamoDBDocumentClient, TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditActor,
  type AuditDetail,
  type AuditEntry,
  auditExpiry,
  visibleToTeams,
} from '#shared/domain/audit-log/entry';
import { atLoad } from '#shared/lazy';
import type { AuditLogQuery, AuditLogStore } from '#shared/ports/audit-log-store';
import { padId } from './keys';
import { type Item, parseStoredItem } from './query';
import { physicalTableName } from './tables';
import { readTimeOrderedMerged } from './time-range';

/**
 * The audit-log table. An enterprise's entries share one partition (`ENT#<e>`), sorted by
 * `<at>#<enterprise>#<entry id>` (unique across enterprises, so a key spanning several merges
 * their partitions under one cursor position); the `byAction` index holds them per enterprise and
 * action. Entries are written only inside the transaction of the change they record (the tenancy
 * and webhook stores put `auditLogPut(entry)` beside their own items) and expire after a year.
 * Audit volume is a few writes per change of keys and webhooks, far below one partition's limit.
 */
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * An entry's attributes as stored: the actor flattened (`actorKind`: key, operator or system;
 * `actorId`: the key id or OS user, absent when unknown or for the system) and the detail as JSON
 * text, so it comes back exactly as written. An action or target this code does not know fails
 * the read rather than answering an entry nobody can describe.
 */
const storedAuditEntry = /* @__PURE__ */ atLoad(() =>
  z.object({
    id: z.string(),
    enterpriseId: z.number(),
    teamIds: z.array(z.number()),
    action: z.enum(AUDIT_ACTIONS),
    actorKind: z.enum(['key', 'operator', 'system']),
    actorId: z.optional(z.string()),
    targetType: z.enum(AUDIT_TARGET_TYPES),
    targetId: z.string(),
    detail: z.string(),
    at: z.string(),
  }),
);

type StoredAuditEntry = z.output<typeof storedAuditEntry>;

type AuditLogItem = { readonly pk: string; readonly sk: string; readonly actionPk: string; readonly expiresAt: number } & z.input<
  typeof storedAuditEntry
>;

function enterprisePk(enterpriseId: number): string {
  return `ENT#${padId(enterpriseId)}`;
}

export function actionPk(enterpriseId: number, action: AuditAction): string {
  return `${enterprisePk(enterpriseId)}#${action}`;
}

export function toAuditLogItem(entry: AuditEntry): AuditLogItem {
  const actorId = entry.actor.kind === 'key' ? entry.actor.keyId : entry.actor.kind === 'operator' ? entry.actor.osUser : null;
  return {
    pk: enterprisePk(entry.enterpriseId),
    sk: `${entry.at}#${padId(entry.enterpriseId)}#${entry.id}`,
    actionPk: actionPk(entry.enterpriseId, entry.action),
    id: entry.id,
    enterpriseId: entry.enterpriseId,
    teamIds: [...entry.teamIds],
    action: entry.action,
    actorKind: entry.actor.kind,
    ...(actorId !== null ? { actorId } : {}),
    targetType: entry.target.type,
    targetId: entry.target.id,
    detail: JSON.stringify(entry.detail),
    at: entry.at,
    expiresAt: auditExpiry(entry),
  };
}

function actorOf(item: StoredAuditEntry): AuditActor {
  switch (item.actorKind) {
    case 'key':
      return { kind: 'key', keyId: item.actorId ?? '' };
    case 'operator':
      return { kind: 'operator', osUser: item.actorId ?? null };
    default:
      return { kind: 'system' };
  }
}

export function fromAuditLogItem(stored: Item): AuditEntry {
  const item = parseStoredItem(storedAuditEntry, stored, 'audit log');
  return {
    id: item.id,
    enterpriseId: item.enterpriseId,
    teamIds: item.teamIds,
    action: item.action,
    actor: actorOf(item),
    target: { type: item.targetType, id: item.targetId },
    detail: JSON.parse(item.detail) as AuditDetail,
    at: item.at,
  };
}

/** The Put that records `entry`, for the transaction of the change it describes. */
export function auditLogPut(entry: AuditEntry, tableName: string = physicalTableName('audit-log')): TransactItem {
  return { Put: { TableName: tableName, Item: toAuditLogItem(entry), ConditionExpression: 'attribute_not_exists(pk)' } };
}

export class DynamoAuditLogStore implements AuditLogStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async list(q: AuditLogQuery): Promise<{ entry: AuditEntry; position: string }[]> {
    const { action } = q;
    const items = await readTimeOrderedMerged(this.client, {
      tableName: this.tableName,
      partitions: q.enterpriseIds.map((enterpriseId) =>
        action !== undefined
          ? { indexName: 'byAction', partitionKeyName: 'actionPk', partitionKeyValue: actionPk(enterpriseId, action) }
          : { partitionKeyName: 'pk', partitionKeyValue: enterprisePk(enterpriseId) },
      ),
      sortKeyName: 'sk',
      start: q.start,
      end: q.end,
      after: q.after,
      want: q.limit + 1,
      // A single-team key of a larger enterprise reads past its other teams' entries.
      accept: (item) => visibleToTeams(fromAuditLogItem(item), q.teamIds),
    });
    return items.map((item) => ({ entry: fromAuditLogItem(item), position: String(item.sk) }));
  }
}
