import type { OutreachState } from '#shared/domain/intake/outreach';
import type { Attribution, LeadRecord } from '#shared/domain/leads';
import { changeSortKey, teamPk, timeSortKey } from './keys';

/*
 * A lead's item as written, apart from its schema and read (lead-store.ts): a module imported at
 * load builds every schema it declares, and the intake, call and session stores write leads on
 * every request but read one only on some (the intake store loads the read on first use).
 */

/**
 * A lead as stored. Keys: pk TEAM#<team>, sk <datetime>#<team>#<id>. Index byType: typePk
 * TEAM#<team>#<type> + sk. Index byExternalId (sparse): externalPk TEAM#<team>#<external_id> + sk.
 * Index leadChanges (the change feed, ADR 0147): pk + leadChangeSk <updated_at>#<team>#<id>,
 * restamped by every write of the lead (leadChangeStamp).
 * Leads stored before customer_phone_raw, wbraid, gbraid, claim_token or dispatched existed lack
 * them; those stored before the change feed lack updated_at and leadChangeSk, and enter the feed
 * when they next change (ADR 0147: the plain list is a first sync's history). The record's own
 * members are picked so the item is a plain object type, as DynamoDB's item parameter takes.
 */
export type LeadItem = {
  pk: string;
  sk: string;
  typePk: string;
  externalPk?: string;
  updated_at?: string;
  leadChangeSk?: string;
} & Pick<LeadRecord, keyof LeadRecord>;

/** The outreach member of an intake lead as stored: the domain's names (lead-store.ts's schema reads it). */
export type OutreachItem = Pick<OutreachState, keyof OutreachState>;

/**
 * The members an update of a lead sets beside its own change (`SET <expression>, <these>`): when it
 * changed and its change-feed sort key, from the lead's key.
 */
export function leadChangeStamp(
  key: { readonly sk: string },
  at: string = new Date().toISOString(),
): {
  expression: string;
  values: Record<string, string>;
} {
  return {
    expression: 'updated_at = :changedAt, leadChangeSk = :changeSk',
    values: { ':changedAt': at, ':changeSk': changeSortKey(at, key.sk) },
  };
}

export function toLeadItem(lead: LeadRecord, updatedAt: string = new Date().toISOString()): LeadItem {
  const pk = teamPk(lead.team_id);
  const sk = timeSortKey(lead.datetime, lead.team_id, lead.id);
  return {
    pk,
    sk,
    typePk: `${pk}#${lead.type}`,
    ...(lead.external_id ? { externalPk: `${pk}#${lead.external_id}` } : {}),
    id: lead.id,
    lead_id: lead.lead_id,
    team_id: lead.team_id,
    type: lead.type,
    datetime: lead.datetime,
    status: lead.status,
    customer_name: lead.customer_name,
    customer_phone: lead.customer_phone,
    ...(lead.customer_phone_raw === undefined ? {} : { customer_phone_raw: lead.customer_phone_raw }),
    customer_email: lead.customer_email,
    lead_content: lead.lead_content,
    agent: lead.agent,
    referrer_url: lead.referrer_url,
    attribution: copyAttribution(lead.attribution),
    external_id: lead.external_id,
    source: lead.source,
    outreach: lead.outreach === null ? null : toOutreachItem(lead.outreach),
    appointment: lead.appointment,
    updated_at: updatedAt,
    leadChangeSk: changeSortKey(updatedAt, sk),
  };
}

/** Attribution copied member by member; wbraid and gbraid are absent on older leads and stay so. */
function copyAttribution(a: Attribution): Attribution {
  return {
    utm_source: a.utm_source,
    utm_medium: a.utm_medium,
    utm_campaign: a.utm_campaign,
    utm_term: a.utm_term,
    utm_content: a.utm_content,
    gclid: a.gclid,
    ...(a.wbraid === undefined ? {} : { wbraid: a.wbraid }),
    ...(a.gbraid === undefined ? {} : { gbraid: a.gbraid }),
  };
}

const OUTREACH_MEMBERS = [
  'stl_call_id',
  'status',
  'scheduling_mode',
  'due_at',
  'attempt',
  'max_attempts',
  'retry_spacing_minutes',
  'provider_call_id',
  'last_attempt_at',
  'claim_token',
  'dispatched',
  'outcome',
  'completed_at',
  'reason',
] as const satisfies readonly (keyof OutreachState & keyof OutreachItem)[];

/**
 * The stored members of an outreach change, each under its item name; members the domain did not
 * set stay out. Every member has the same name on both sides (OUTREACH_MEMBERS checks it).
 */
export function toOutreachItemFields(fields: Partial<OutreachState>): Partial<OutreachItem> {
  return Object.fromEntries(OUTREACH_MEMBERS.filter((m) => fields[m] !== undefined).map((m) => [m, fields[m]]));
}

/** The outreach members one by one: the item keeps the domain's names. */
function toOutreachItem(o: OutreachState): OutreachItem {
  return {
    stl_call_id: o.stl_call_id,
    status: o.status,
    scheduling_mode: o.scheduling_mode,
    due_at: o.due_at,
    attempt: o.attempt,
    max_attempts: o.max_attempts,
    retry_spacing_minutes: o.retry_spacing_minutes,
    provider_call_id: o.provider_call_id,
    last_attempt_at: o.last_attempt_at,
    ...(o.claim_token === undefined ? {} : { claim_token: o.claim_token }),
    ...(o.dispatched === undefined ? {} : { dispatched: o.dispatched }),
    outcome: o.outcome,
    completed_at: o.completed_at,
    reason: o.reason,
  };
}
