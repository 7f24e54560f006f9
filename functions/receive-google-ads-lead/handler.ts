import { intakeDependencies } from '#shared/adapters/runtime/intake-dependencies';
import { receiveGoogleAdsLead } from '#shared/contracts/intake-google-ads-leads';
import { ingestGoogleLeadForm } from '#shared/domain/intake/google-lead-form';
import { createHttpHandler } from '#shared/http/handler';
import { presentGoogleLeadAnswer } from '#shared/presenters/intake-google-ads-leads';

const dependencies = intakeDependencies();

/**
 * POST /api/outbound/google-ads/lead-form/{teamId}: public; google_key in the body authenticates
 * (shared/domain/intake/google-lead-form.ts). Answers 200 for a created, repeated or test lead, as
 * Google counts anything else as a failed delivery; the call is queued, never waited for.
 */
export const handler = createHttpHandler(receiveGoogleAdsLead, async ({ path, body, requestId }) => {
  const result = await ingestGoogleLeadForm(dependencies(), { teamId: path.teamId, body, now: new Date() });
  return { statusCode: 200, body: presentGoogleLeadAnswer(result, requestId) };
});
