import type * as z from 'zod';
import type { googleLeadCreated, googleLeadDuplicate } from '#shared/contracts/intake-google-ads-leads';
import type { GoogleLeadFormResult } from '#shared/domain/intake/google-lead-form';
import { type IngestLeadPreviewBody, presentCreatedLead, presentIngestPreview } from './intake';

/** The Google Ads lead-form webhook's answers: always 200, as Google counts anything else as a failed delivery. */

type Wire<S extends () => z.ZodType> = z.output<ReturnType<S>>;

export type GoogleLeadAnswerBody = Wire<typeof googleLeadCreated> | Wire<typeof googleLeadDuplicate> | IngestLeadPreviewBody;

export function presentGoogleLeadAnswer(result: GoogleLeadFormResult, requestId: string): GoogleLeadAnswerBody {
  switch (result.kind) {
    case 'test':
      return presentIngestPreview(result.decision, requestId);
    case 'duplicate':
      return {
        success: true,
        result: 'duplicate',
        lead_id: result.leadId,
        request_id: requestId,
        team_id: result.teamId,
        field: result.field,
      };
    case 'created':
      return { success: true, result: 'created', ...presentCreatedLead(result), request_id: requestId };
  }
}
