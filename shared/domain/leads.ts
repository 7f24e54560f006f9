import type { OutreachState } from './intake/outreach';

/** Lead channels (the `type` filter of the unified leads). */
export const LEAD_TYPES = ['call', 'scheduling_widget', 'web_chat', 'text', 'google_lsa'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

/**
 * Marketing attribution of a lead: UTM parameters and Google's click ids (gclid; wbraid and gbraid
 * for iOS app and web-to-app clicks). Leads stored before wbraid and gbraid existed lack them:
 * read them through fullAttribution.
 */
export interface Attribution {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  wbraid?: string | null;
  gbraid?: string | null;
}

/** Every attribution member, null where the stored lead has none. */
export function fullAttribution(a: Attribution): Required<Attribution> {
  return {
    utm_source: a.utm_source ?? null,
    utm_medium: a.utm_medium ?? null,
    utm_campaign: a.utm_campaign ?? null,
    utm_term: a.utm_term ?? null,
    utm_content: a.utm_content ?? null,
    gclid: a.gclid ?? null,
    wbraid: a.wbraid ?? null,
    gbraid: a.gbraid ?? null,
  };
}

/** The attribution of a lead that came with none (a phone call, a text). */
export const NO_ATTRIBUTION: Readonly<Required<Attribution>> = Object.freeze({
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  gclid: null,
  wbraid: null,
  gbraid: null,
});

/** A lead from any channel, as stored. Intake leads also carry an integer lead_id and outreach state. */
export interface LeadRecord {
  /** UUID, the unified lead id. */
  id: string;
  /** Integer id of leads that came through the intake webhook; null for other channels. */
  lead_id: number | null;
  team_id: number;
  type: LeadType;
  /** When the lead arrived. */
  datetime: string;
  status: string;
  customer_name: string | null;
  customer_phone: string | null;
  /**
   * The phone as sent when it could not be read as a number (customer_phone is then null), so
   * nothing the customer gave is lost; absent or null otherwise.
   */
  customer_phone_raw?: string | null;
  customer_email: string | null;
  lead_content: Record<string, unknown>;
  agent: string | null;
  referrer_url: string | null;
  attribution: Attribution;
  external_id: string | null;
  source: string | null;
  /** The AI outreach of an intake lead; null for leads of other channels. */
  outreach: OutreachState | null;
  appointment: Record<string, unknown> | null;
}

/** A lead that came through the intake webhook: it has its integer id and its outreach state. */
export type IntakeLeadRecord = LeadRecord & { lead_id: number; outreach: OutreachState };

export function isIntakeLead(lead: LeadRecord | null | undefined): lead is IntakeLeadRecord {
  return !!lead && lead.lead_id !== null && !!lead.outreach;
}
