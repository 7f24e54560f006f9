import { DynamoCampaignStore } from '../../shared/adapters/dynamodb/campaign-store';
import { getDocumentClient } from '../../shared/adapters/dynamodb/client';
import { physicalTableName } from '../../shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '../../shared/adapters/dynamodb/tenancy-store';
import { scheduler } from '../../shared/adapters/runtime/scheduler';
import { resolveWorkspaceTeam } from '../../shared/auth/workspace-access';
import { campaignResponse } from '../../shared/domain/sms/campaign-response';
import { cancelCampaign } from '../../shared/domain/sms/campaign-service';
import { createHttpHandler } from '../../shared/http/handler';
import { idempotencyKeys } from '../../shared/http/idempotency';
import { parseOptionalJsonObjectBody } from '../../shared/http/json-body';
import { campaignPath } from '../../shared/schemas/queries';

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const store = new DynamoCampaignStore(client, physicalTableName('campaigns'));

/** Cancel takes no body; one that is sent goes through the same safe parse as every POST body, and is ignored. */
export const handler = createHttpHandler(
  {
    surface: 'platform',
    path: campaignPath,
    body: (raw, headers) => parseOptionalJsonObjectBody(raw, headers, 16 * 1024),
    idempotency: idempotencyKeys(),
  },
  async ({ path, headers, identity, requestId }) => {
    const team = await resolveWorkspaceTeam(identity, headers, tenancy);
    const campaign = await cancelCampaign({ store, scheduler: scheduler.get('default') }, team, path.campaignId, new Date());
    return { statusCode: 200, body: campaignResponse(campaign, requestId) };
  },
);
