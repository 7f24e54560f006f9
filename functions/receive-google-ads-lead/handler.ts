import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore, DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { eventBus } from '#shared/adapters/runtime/event-bus';
import { queues } from '#shared/adapters/runtime/queues';
import { scheduler } from '#shared/adapters/runtime/scheduler';
import { receiveGoogleAdsLead } from '#shared/contracts/google-ads-leads';
import { ingestGoogleLeadForm } from '#shared/domain/intake/google-lead-form';
import { createHttpHandler } from '#shared/http/handler';

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const configs = new DynamoIntakeConfigStore(client, physicalTableName('teams'));
const intake = new DynamoIntakeStore(client, physicalTableName('leads'));

/**
 * POST /api/outbound/google-ads/lead-form/{teamId}: public; google_key in the body authenticates
 * (shared/domain/intake/google-lead-form.ts). Answers 200 for a created, repeated or test lead, as
 * Google counts anything else as a failed delivery; the call is queued, never waited for.
 */
export const handler = createHttpHandler(receiveGoogleAdsLead, async ({ path, body, requestId }) => {
  const result = await ingestGoogleLeadForm(
    {
      tenancy,
      configs,
      keys: configs,
      intake,
      outreachQueue: queues.get('outreach-calls'),
      scheduler: scheduler.get('default'),
      eventBus: eventBus.get('default'),
    },
    { teamId: path.teamId, body, now: new Date() },
  );
  if (result.kind === 'test')
    return { statusCode: 200, body: { success: true, test_mode: true, request_id: requestId, ...result.preview } };
  if (result.kind === 'duplicate') {
    return {
      statusCode: 200,
      body: {
        success: true,
        result: 'duplicate',
        lead_id: result.leadId,
        request_id: requestId,
        team_id: result.teamId,
        field: result.field,
      },
    };
  }
  return {
    statusCode: 200,
    body: {
      success: true,
      result: 'created',
      lead_id: result.leadId,
      stl_call_id: result.stlCallId,
      request_id: requestId,
      team_id: result.preview.team_id,
      outreach: result.preview.outreach,
      ...(result.preview.warnings.length > 0 ? { warnings: result.preview.warnings } : {}),
    },
  };
});
