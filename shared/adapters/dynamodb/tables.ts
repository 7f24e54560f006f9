import { envVar } from '#shared/config';
import type { TableName } from '#shared/routes';

/**
 * Table definitions shared by the CDK stack and the local emulator, so both create the same keys
 * and indexes. Every attribute is a string; every request path is a Query or GetItem on one of
 * these keys (see the access-pattern table in docs/data-model.md).
 */
export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export interface TableDefinition {
  readonly name: TableName;
  readonly partitionKey: string;
  /** Absent for a table keyed by its partition key alone. */
  readonly sortKey?: string;
  readonly indexes: readonly IndexDefinition[];
  /** A number attribute holding an epoch-seconds instant after which DynamoDB may delete the item (TTL). */
  readonly timeToLiveAttribute?: string;
  /**
   * A DynamoDB stream of the table's item changes, read by the consumer rows of STREAM_CONSUMERS
   * (shared/workers/definitions.ts); locally emulated by local/runtime/stream-mapping.ts.
   */
  readonly stream?: 'NEW_AND_OLD_IMAGES';
}

export const TABLES: Record<TableName, TableDefinition> = {
  /** Portfolios, enterprises, teams (with configuration), workspaces, API keys and id counters. */
  teams: {
    name: 'teams',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [{ name: 'byKeyId', partitionKey: 'keyListPk', sortKey: 'keyId' }],
  },
  /**
   * Scheduling-widget sessions, one partition per team, sorted by start instant (see
   * session-store.ts for every index's keys). The enterprise indexes hold every team of an
   * enterprise in a few write-sharded partitions (test teams in their own), so cross-team lists
   * read one page instead of one page per team. Its stream feeds the analytics rollups.
   */
  sessions: {
    name: 'sessions',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [
      { name: 'byStatus', partitionKey: 'statusPk', sortKey: 'sk' },
      { name: 'bookings', partitionKey: 'bookedPk', sortKey: 'bookedSk' },
      { name: 'byActivity', partitionKey: 'activityPk', sortKey: 'activitySk' },
      { name: 'bySchedulerActivity', partitionKey: 'schedulerActivityPk', sortKey: 'activitySk' },
      { name: 'byEnterprise', partitionKey: 'enterprisePk', sortKey: 'sk' },
      { name: 'byEnterpriseStatus', partitionKey: 'enterpriseStatusPk', sortKey: 'sk' },
      { name: 'enterpriseBookings', partitionKey: 'enterpriseBookedPk', sortKey: 'bookedSk' },
      // The change feeds (updated_since): a team's rows, and an enterprise's, by when each last changed.
      { name: 'changes', partitionKey: 'pk', sortKey: 'changeSk' },
      { name: 'enterpriseChanges', partitionKey: 'enterprisePk', sortKey: 'changeSk' },
    ],
    stream: 'NEW_AND_OLD_IMAGES',
  },
  /**
   * Analytics rollups kept from the sessions stream (shared/domain/rollups): per team (all
   * schedulers and each scheduler) and per enterprise, in UTC hour and day buckets.
   */
  rollups: {
    name: 'rollups',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [],
  },
  /**
   * Unified leads (every channel), one partition per team, sorted by lead instant. Beside them the
   * appointments, one item each, listed per team by the visit's start (see appointment-items.ts).
   */
  leads: {
    name: 'leads',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [
      { name: 'byType', partitionKey: 'typePk', sortKey: 'sk' },
      { name: 'byExternalId', partitionKey: 'externalPk', sortKey: 'sk' },
      { name: 'appointmentsByStart', partitionKey: 'apptPk', sortKey: 'apptSk' },
      { name: 'appointmentsByStatus', partitionKey: 'apptStatusPk', sortKey: 'apptSk' },
      // A team's visits for one customer's number, by start: the reply to a text finds its visit.
      { name: 'appointmentsByPhone', partitionKey: 'apptPhonePk', sortKey: 'apptSk' },
      // The change feeds (updated_since): a team's leads, and its visits, by when each last changed.
      { name: 'leadChanges', partitionKey: 'pk', sortKey: 'leadChangeSk' },
      { name: 'appointmentChanges', partitionKey: 'apptPk', sortKey: 'apptChangeSk' },
    ],
  },
  /**
   * Call records, one partition per team, sorted by call start. Beside them the coach evaluations,
   * one item per call, listed through the byCoach* indexes (see coach-store.ts).
   */
  calls: {
    name: 'calls',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [
      { name: 'byType', partitionKey: 'typePk', sortKey: 'sk' },
      { name: 'byCoach', partitionKey: 'coachPk', sortKey: 'coachSk' },
      { name: 'byCoachRubric', partitionKey: 'coachRubricPk', sortKey: 'coachSk' },
      { name: 'byCoachScore', partitionKey: 'coachScorePk', sortKey: 'coachSk' },
      { name: 'byCoachRubricScore', partitionKey: 'coachRubricScorePk', sortKey: 'coachSk' },
      { name: 'byCoachScoreBand', partitionKey: 'coachBandPk', sortKey: 'coachSk' },
      { name: 'byCoachRubricScoreBand', partitionKey: 'coachRubricBandPk', sortKey: 'coachSk' },
      { name: 'byCallId', partitionKey: 'callPk', sortKey: 'sk' },
    ],
  },
  /**
   * SMS campaigns: the campaign, its recipient chunks and per-recipient send records share the
   * partition CAMPAIGN#<id>; suppression lists, reply attribution and inbound messages live in
   * per-team partitions. The send records carry the outbound texts feed's keys (see
   * outbound-keys.ts): every text of a team, of a team in one status, and of one campaign, newest
   * first. Subscription events (keywords received, suppression changes) live in the per-team
   * partition TEAM#<t>#SUBEVENTS sorted by time; byEventType holds them per team and type.
   */
  campaigns: {
    name: 'campaigns',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [
      { name: 'textsByTeam', partitionKey: 'textsPk', sortKey: 'textsSk' },
      { name: 'textsByTeamStatus', partitionKey: 'textsStatusPk', sortKey: 'textsSk' },
      { name: 'textsByCampaign', partitionKey: 'pk', sortKey: 'textsSk' },
      { name: 'byEventType', partitionKey: 'eventTypePk', sortKey: 'sk' },
    ],
  },
  /**
   * Idempotency-Key records (shared/http/idempotency.ts): one item per route, API key and
   * Idempotency-Key, written by Powertools' DynamoDB persistence layer (`id`, `status`,
   * `expiration`, `in_progress_expiration`, `validation`, `data`). Items expire after 24 hours.
   */
  idempotency: {
    name: 'idempotency',
    partitionKey: 'id',
    indexes: [],
    timeToLiveAttribute: 'expiration',
  },
  /**
   * Rate-limit counters (shared/adapters/dynamodb/rate-limit-store.ts): one item per key and minute
   * window (`KEY#<keyId>` / `M#<window start>`), one per team and hour window (`TEAM#<teamId>` /
   * `H#<window start>`), each expiring after its window (TTL), and each key's folded usage count
   * (`KEY#<keyId>` / `USAGE`).
   */
  limits: {
    name: 'limits',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [],
    timeToLiveAttribute: 'expiresAt',
  },
  /**
   * Webhook subscriptions (per team partition, with a per-team counter) and their deliveries (per
   * subscription partition, newest first through deliveriesByTime; expire after 30 days). See
   * webhook-store.ts.
   */
  webhooks: {
    name: 'webhooks',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [{ name: 'deliveriesByTime', partitionKey: 'listPk', sortKey: 'listSk' }],
    timeToLiveAttribute: 'expiresAt',
  },
  /**
   * The transactional outbox of lifecycle events (shared/adapters/dynamodb/outbox.ts): one item per
   * event id, written in the same transaction as the state change that makes the event due; its
   * stream feeds the publish-events consumer, which publishes each due event and marks it sent.
   * Sent items expire after 30 days; meanwhile a team's sent events are listed by the instant they
   * were sent through `history` (webhook replays).
   */
  outbox: {
    name: 'outbox',
    partitionKey: 'pk',
    indexes: [{ name: 'history', partitionKey: 'historyPk', sortKey: 'historySk' }],
    timeToLiveAttribute: 'expiresAt',
    stream: 'NEW_AND_OLD_IMAGES',
  },
  /**
   * The audit log (shared/adapters/dynamodb/audit-log-store.ts): one partition per enterprise,
   * newest first, and per enterprise and action through byAction; each entry is written in the
   * transaction of the change it records and expires after a year.
   */
  'audit-log': {
    name: 'audit-log',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [{ name: 'byAction', partitionKey: 'actionPk', sortKey: 'sk' }],
    timeToLiveAttribute: 'expiresAt',
  },
  /**
   * Export jobs (shared/adapters/dynamodb/export-store.ts): one item per export (`EXPORT#<id>`)
   * with its progress (the upload's parts and the reading position after the last); it expires
   * (TTL `ttl`) with its file, 7 days after completion.
   */
  exports: {
    name: 'exports',
    partitionKey: 'pk',
    indexes: [],
    timeToLiveAttribute: 'ttl',
  },
};

/** Physical table names come from the environment (set by CDK, or by the local runner). */
export function tableNameEnvVar(table: TableName): string {
  // A hyphen cannot stand in a shell variable's name: `audit-log` is TABLE_AUDIT_LOG.
  return `TABLE_${table.toUpperCase().replaceAll('-', '_')}`;
}

/**
 * The physical name of a table the function's environment declares (shared/config.ts): the stack
 * sets `TABLE_<NAME>` only on the functions whose route or worker rows list the table, and the
 * local runtime runs each function with only those; any other table throws, naming the row to fix.
 */
export function physicalTableName(table: TableName): string {
  const name = envVar(tableNameEnvVar(table));
  if (!name) {
    throw new Error(
      `the function's environment does not declare the ${table} table (${tableNameEnvVar(table)} not set): ` +
        `add it to the tables of its route row (shared/route-table/) or worker row (shared/workers/definitions.ts)`,
    );
  }
  return name;
}
