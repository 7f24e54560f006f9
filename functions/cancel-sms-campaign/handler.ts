import * as z from 'zod';
import { DynamoCampaignStore } from '../../shared/adapters/dynamodb/campaign-store';
import { getDocumentClient } from '../../shared/adapters/dynamodb/client';
import { physicalTableName } from '../../shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '../../shared/adapters/dynamodb/tenancy-store';
import { scheduler } from '../../shared/adapters/runtime/scheduler';
import { resolveWorkspaceTeam } from '../../shared/auth/workspace-access';
import { campaignResponse } from '../../shared/domain/sms/campaign-response';
import { cancelCampaign } from '../../shared/domain/sms/campaign-service';
import { createHttpHandler } from '../../shared/http/handler';

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const store = new DynamoCampaignStore(client, physicalTableName('campaigns'));
const campaignPath = z.object({ campaignId: z.string().min(1).max(64) });

/** Cancelling needs neither the queue nor the bus: senders see the status and stop. */
const noQueue = { send: async () => undefined };
const noBus = { publish: async () => undefined };

export const handler = createHttpHandler({ surface: 'platform', path: campaignPath }, async ({ path, headers, identity, requestId }) => {
  const team = await resolveWorkspaceTeam(identity, headers, tenancy);
  const campaign = await cancelCampaign(
    { store, scheduler: scheduler.get('default'), queue: noQueue, eventBus: noBus, pricePerSegmentMicros: 0 },
    team,
    path.campaignId,
    new Date(),
  );
  return { statusCode: 200, body: campaignResponse(campaign, requestId) };
});
