import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoMessagingConfigStore } from '#shared/adapters/dynamodb/messaging-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTeamReader } from '#shared/adapters/dynamodb/team-reader';
import { lazy } from '#shared/lazy';
import type { MessagingConfigStore } from '#shared/ports/messaging-config-store';
import type { CampaignStore } from '#shared/ports/sms-campaign-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';

/**
 * The dependencies of the SMS campaign functions, one accessor per function set: every one reads
 * the teams table (the workspace's team; its texting configuration where it plans, sends or answers
 * texts) and the campaigns table; they
 * differ in the resources their rows declare (the campaign-sends queue, the scheduler, the SMS
 * provider), which are read from their adapter slots on every call. Call an accessor at module
 * load: the tables are looked up then (a function whose row lacks one fails to load, as in AWS);
 * the stores are built on the first call of the returned function and kept for the container's life.
 * Each function set's accessor sits in a module importing only the adapters it uses (this one none,
 * sms-campaign-inbound-dependencies.ts the SMS provider, sms-campaign-dependencies.ts the queue, the
 * scheduler and the provider): an adapter's first-use SDK client puts the SDK code it shares with
 * DynamoDB in the chunk every cold start reads (ADR 0199).
 */

/** The stores every campaign function reads: the workspace's team, and the campaigns table's store. */
export interface CampaignStores<S = CampaignStore> {
  /** The workspace's team (create, cancel, the read, the inbound webhook) or a campaign's (the sender). */
  readonly tenancy: Pick<TenancyStore, 'getTeam' | 'getTeamByWorkspace'>;
  readonly store: S;
}

/** With the team's texting configuration: the functions that plan, send or answer texts. */
export interface TextingStores<S = CampaignStore> extends CampaignStores<S> {
  readonly messagingConfigs: MessagingConfigStore;
}

/**
 * The team reader and the campaigns table's store `make` builds, on the first call. The read and
 * the cancel take no configuration: a function that never calls textingStoresWith bundles neither
 * the configuration store nor its schema (36 zod objects built at load).
 */
export function storesWith<S>(make: (client: DynamoDBDocumentClient, table: string) => S): () => CampaignStores<S> {
  const teams = physicalTableName('teams');
  const campaigns = physicalTableName('campaigns');
  return lazy(() => {
    const client = getDocumentClient();
    return { tenancy: new DynamoTeamReader(client, teams), store: make(client, campaigns) };
  });
}

/** storesWith and the team's texting configuration (teams table), on the first call. */
export function textingStoresWith<S>(make: (client: DynamoDBDocumentClient, table: string) => S): () => TextingStores<S> {
  const teams = physicalTableName('teams');
  const stores = storesWith(make);
  return lazy(() => ({ ...stores(), messagingConfigs: new DynamoMessagingConfigStore(getDocumentClient(), teams) }));
}
