import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSendPacer } from '#shared/adapters/dynamodb/send-pacer';
import { DynamoCampaignSendStore } from '#shared/adapters/dynamodb/sms-campaign-send-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { pricePerSegmentMicros, sendRateOverride } from '#shared/domain/sms-campaigns/pricing-config';
import type { SendChunkDependencies } from '#shared/domain/sms-campaigns/send-chunk';
import { lazy } from '#shared/lazy';
import { workerMaxRunMs } from '#shared/workers/definitions';
import { queues } from './queues';
import { scheduler } from './scheduler';
import { textingStoresWith } from './sms-campaign-stores';
import { smsProvider } from './sms-provider';

/**
 * campaign-sender: what starting a campaign and sending its chunks take, the team's pacing slot
 * (campaigns table) and the send rate override and run limit read at load included.
 */
export function campaignSenderDependencies(): () => SendChunkDependencies {
  const stores = textingStoresWith((client, table) => new DynamoCampaignSendStore(client, table));
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
