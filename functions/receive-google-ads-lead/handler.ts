import { intakeDependencies } from '#shared/adapters/runtime/intake-dependencies';
import { receiveGoogleAdsLead } from '#shared/contracts/google-ads-leads';
import { createdLeadAnswer } from '#shared/domain/intake/commit-intake';
import { ingestGoogleLeadForm } from '#shared/domain/intake/google-lead-form';
import { createHttpHandler } from '#shared/http/handler';

const dependencies = intakeDependencies();

/**
 * POST /api/outbound/google-ads/lead-form/{teamId}: public; google_key in the body authenticates
 * (shared/domain/intake/google-lead-form.ts). Answers 200 for a created, repeated or test lead, as
 * Google counts anything else as a failed delivery; the call is queued, never waited for.
 */
export const handler = createHttpHandler(receiveGoogleAdsLead, async ({ path, body, requestId }) => {
  const result = await ingestGoogleLeadForm(dependencies(), { teamId: path.teamId, body, now: new Date() });
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
  return { statusCode: 200, body: { success: true, result: 'created', ...createdLeadAnswer(result), request_id: requestId } };
});
