import { DynamoCampaignStore } from '#shared/adapters/dynamodb/campaign-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { CampaignDependencies } from '#shared/domain/sms/campaign-service';
import { pricePerSegmentMicros } from '#shared/domain/sms/pricing-config';
import { queues } from './queues';
import { scheduler } from './scheduler';

/**
 * The campaign dependencies of the functions that create and send campaigns (create-sms-campaign,
 * campaign-sender), built in one place. Call it at module load: the campaign store (over the
 * campaigns table) and the price per segment are built once, like every AWS client; the returned
 * function hands out the dependencies per request, taking the campaign-sends queue and the scheduler
 * from their adapter slots then, so an adapter the local runtime or a test puts
 * in a slot after the handler loaded is the one used.
 */
export function campaignDependencies(): () => CampaignDependencies {
  const store = new DynamoCampaignStore(getDocumentClient(), physicalTableName('campaigns'));
  const price = pricePerSegmentMicros();
  return () => ({
    store,
    queue: queues.get('campaign-sends'),
    scheduler: scheduler.get('default'),
    pricePerSegmentMicros: price,
  });
}
