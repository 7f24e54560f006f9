import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoMessagingConfigStore } from '#shared/adapters/dynamodb/messaging-config-store';
import { DynamoSendPacer } from '#shared/adapters/dynamodb/send-pacer';
import { DynamoInboundTextStore } from '#shared/adapters/dynamodb/sms-campaign-inbound';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import type { CampaignDependencies } from '#shared/domain/sms-campaigns/campaign-service';
import { pricePerSegmentMicros, sendRateOverride } from '#shared/domain/sms-campaigns/pricing-config';
import type { SendChunkDependencies } from '#shared/domain/sms-campaigns/send-chunk';
import { lazy } from '#shared/lazy';
import type { MessagingConfigStore } from '#shared/ports/messaging-config-store';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { CampaignStore, InboundTextStore } from '#shared/ports/sms-campaign-store';
import type { SmsProvider } from '#shared/ports/sms-provider';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { workerMaxRunMs } from '#shared/workers/definitions';
import { queues } from './queues';
import { scheduler } from './scheduler';
import { smsProvider } from './sms-provider';

/**
 * The dependencies of the SMS campaign functions, one accessor per function set: every one reads
 * the teams table (the workspace's team, its texting configuration) and the campaigns table; they
 * differ in the resources their rows declare (the campaign-sends queue, the scheduler, the SMS
 * provider), which are read from their adapter slots on every call. Call an accessor at module
 * load: the tables are looked up then (a function whose row lacks one fails to load, as in AWS);
 * the stores are built on the first call of the returned function and kept for the container's life.
 */

/** The stores every campaign function reads. */
export interface CampaignStores {
  readonly tenancy: TenancyStore;
  readonly messagingConfigs: MessagingConfigStore;
  readonly store: CampaignStore;
}

/** The team's stores and the campaigns table's store `make` builds, on the first call. */
function storesWith<S>(
  make: (client: DynamoDBDocumentClient, table: string) => S,
): () => Omit<CampaignStores, 'store'> & { readonly store: S } {
  const teams = physicalTableName('teams');
  const campaigns = physicalTableName('campaigns');
  return lazy(() => {
    const client = getDocumentClient();
    return {
      tenancy: new DynamoTenancyStore(client, teams),
      messagingConfigs: new DynamoMessagingConfigStore(client, teams),
      store: make(client, campaigns),
    };
  });
}

function campaignStores(): () => CampaignStores {
  return storesWith((client, table) => new DynamoCampaignStore(client, table));
}

/** get-sms-campaign: the stores alone. */
export function campaignReadDependencies(): () => CampaignStores {
  return campaignStores();
}

/** create-sms-campaign: the stores, the campaign-sends queue, the scheduler and the price per segment. */
export function campaignDependencies(): () => CampaignStores & CampaignDependencies {
  const stores = campaignStores();
  const price = pricePerSegmentMicros();
  return () => ({ ...stores(), queue: queues.get('campaign-sends'), scheduler: scheduler.get('default'), pricePerSegmentMicros: price });
}

/** cancel-sms-campaign: the stores and the scheduler (a scheduled start is deleted). */
export function campaignCancelDependencies(): () => CampaignStores & { readonly scheduler: OneTimeScheduler } {
  const stores = campaignStores();
  return () => ({ ...stores(), scheduler: scheduler.get('default') });
}

/**
 * receive-inbound-sms: the team's stores, the campaigns table as an inbound text uses it (not the
 * campaign store, whose item schemas it never reads) and the SMS provider (confirmations, help texts).
 */
export function inboundSmsDependencies(): () => Omit<CampaignStores, 'store'> & {
  readonly store: InboundTextStore;
  readonly sms: SmsProvider;
} {
  const stores = storesWith((client, table) => new DynamoInboundTextStore(client, table));
  return () => ({ ...stores(), sms: smsProvider.get('default') });
}

/**
 * campaign-sender: what starting a campaign and sending its chunks take, the team's pacing slot
 * (campaigns table) and the send rate override and run limit read at load included.
 */
export function campaignSenderDependencies(): () => SendChunkDependencies {
  const stores = campaignStores();
  const campaigns = physicalTableName('campaigns');
  const pacer = lazy(() => new DynamoSendPacer(getDocumentClient(), campaigns));
  const price = pricePerSegmentMicros();
  const rateOverride = sendRateOverride();
  const maxRunMs = workerMaxRunMs('campaign-sender');
  return () => {
    const { tenancy, messagingConfigs, store } = stores();
    return {
      store,
      queue: queues.get('campaign-sends'),
      scheduler: scheduler.get('default'),
      pricePerSegmentMicros: price,
      sms: smsProvider.get('default'),
      team: (id) => tenancy.getTeam(id),
      messagingConfig: (id) => messagingConfigs.getMessagingConfig(id),
      rateOverride,
      pacer: pacer(),
      maxRunMs,
    };
  };
}
