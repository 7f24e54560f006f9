import type * as z from 'zod';
import type { canonicalLead, unifiedLead } from '#shared/contracts/leads';
import type { OutreachState } from '#shared/domain/intake/outreach';
import { fullAttribution, type LeadRecord } from '#shared/domain/leads';

/** The leads feeds: v0 unified leads (GET /api/leads) and the v1 canonical feed (GET /api/v1/teams/{teamId}/leads). */

type Wire<S extends () => z.ZodType> = z.output<ReturnType<S>>;

export type UnifiedLeadData = Wire<typeof unifiedLead>;
export type CanonicalLeadData = Wire<typeof canonicalLead>;

const str = (v: string | null | undefined): string => v ?? '';

/** v0 unified lead: missing strings are empty strings. */
export function presentUnifiedLead(lead: LeadRecord): UnifiedLeadData {
  return {
    id: lead.id,
    type: lead.type,
    datetime: lead.datetime,
    customer_phone: str(lead.customer_phone),
    ...(lead.customer_phone_raw ? { customer_phone_raw: lead.customer_phone_raw } : {}),
    customer_email: str(lead.customer_email),
    lead_content: lead.lead_content,
    agent: str(lead.agent),
    referrer_url: str(lead.referrer_url),
    attribution: {
      utm_source: str(lead.attribution.utm_source),
      utm_medium: str(lead.attribution.utm_medium),
      utm_campaign: str(lead.attribution.utm_campaign),
      gclid: str(lead.attribution.gclid),
      wbraid: str(lead.attribution.wbraid),
      gbraid: str(lead.attribution.gbraid),
    },
  };
}

/** v1 canonical lead (documented in the API description). */
export function presentCanonicalLead(lead: LeadRecord): CanonicalLeadData {
  return {
    id: lead.id,
    lead_id: lead.lead_id,
    team_id: lead.team_id,
    type: lead.type,
    status: lead.status,
    external_id: lead.external_id,
    created_at: lead.datetime,
    customer: {
      name: lead.customer_name,
      phone: lead.customer_phone,
      phone_raw: lead.customer_phone_raw ?? null,
      email: lead.customer_email,
    },
    source: lead.source,
    agent: lead.agent,
    referrer_url: lead.referrer_url,
    attribution: fullAttribution(lead.attribution),
    lead_content: lead.lead_content,
    outreach: lead.outreach === null ? null : presentOutreach(lead.outreach),
    appointment: lead.appointment,
  };
}

/**
 * The outreach of an intake lead: its lifecycle, as the API description tells it. The worker's
 * claim on a queue delivery and the dispatch bookkeeping of the intake request stay inside.
 */
function presentOutreach(outreach: OutreachState): Record<string, unknown> {
  return {
    stl_call_id: outreach.stl_call_id,
    status: outreach.status,
    scheduling_mode: outreach.scheduling_mode,
    due_at: outreach.due_at,
    attempt: outreach.attempt,
    max_attempts: outreach.max_attempts,
    retry_spacing_minutes: outreach.retry_spacing_minutes,
    provider_call_id: outreach.provider_call_id,
    last_attempt_at: outreach.last_attempt_at,
    outcome: outreach.outcome,
    completed_at: outreach.completed_at,
    reason: outreach.reason,
  };
}
