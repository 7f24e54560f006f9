import type { Identity } from '#shared/auth/identity';
import { type E164Reader, e164Reader } from '#shared/domain/e164-reader';
import type { IntakeLeadRecord, LeadType } from '#shared/domain/leads';
import type { Team } from '#shared/domain/tenancy';
import { BadRequestError, ForbiddenError } from '#shared/errors';
import { lazy } from '#shared/lazy';
import type { IntakeConfigStore, IntakeStore } from '#shared/ports/intake-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { applyFieldMapping, candidateTexts, type MappedFields, type MappingResult, type TargetChecks } from './field-mapping';
import { DEFAULT_INTAKE_CONFIG, type IntakeConfig, resolveLeadSource } from './intake-config';
import type { OutreachState } from './outreach';
import { type RoutingDecision, routeLead } from './routing';
import type { SchedulingMode } from './scheduling-config';

/** What preparing an intake reads: the teams (routing) and their intake configuration. */
export interface PrepareDependencies {
  readonly tenancy: Pick<TenancyStore, 'getTeam'>;
  readonly configs: IntakeConfigStore;
  /** Only asked whether the planned lead fits in a stored item (sizeIntake). */
  readonly intake: Pick<IntakeStore, 'assertStorable'>;
}

/** One lead as it was sent to the intake webhook. */
export interface IntakeSubmission {
  readonly identity: Identity;
  readonly payload: Record<string, unknown>;
  readonly now: Date;
  /** A preset's field mapping to read this payload with, instead of the team's (`?preset=`). */
  readonly preset?: string;
}

/** How the target team was chosen: the key's own team, or the anchor team's routing rules. */
export type IntakeRouting = Exclude<RoutingDecision, { kind: 'unmatched' }> | { readonly kind: 'key_team' };

/** The first call of a lead as planned. */
export interface OutreachPlan {
  /** not_placed: the lead has no phone that reads as a number; it is kept (phone_raw) and not called. */
  readonly status: 'queued' | 'scheduled' | 'not_placed';
  /** When the first call is due: now (it is queued) or later (it is scheduled). */
  readonly dueAt: Date;
  readonly schedulingMode: SchedulingMode;
}

/** What the intake decided for a lead: test mode answers it, a created lead's answer is built from it. */
export interface IntakeDecision {
  readonly teamId: number;
  readonly routing: IntakeRouting;
  /** Per target field, the value read (phone_number in E.164, left out when it does not read as a number). */
  readonly mappedFields: MappedFields;
  readonly fieldSources: MappingResult['sources'];
  /** Per target field: which alias matched, or why none did (every alias tried, in order). */
  readonly explain: MappingResult['explain'];
  readonly unmappedFields: readonly string[];
  readonly leadSource: string | null;
  readonly outreach: OutreachPlan;
  readonly warnings: readonly string[];
}

/** The ids a lead gets when it is stored. */
export interface LeadIds {
  /** The unified lead id (a UUID). */
  readonly id: string;
  readonly leadId: number;
  readonly stlCallId: number;
}

/** The lead an intake stores, complete but for the ids the commit draws (leadWithIds adds them). */
export type PlannedLead = Omit<IntakeLeadRecord, 'id' | 'lead_id' | 'outreach'> & { readonly outreach: Omit<OutreachState, 'stl_call_id'> };

/** An intake checked, mapped, routed and scheduled, with nothing written yet: plain data the commit takes. */
export interface PreparedIntake {
  readonly decision: IntakeDecision;
  /** What the phone uniqueness guard checks (external_id is on the lead); no phone: no guard. */
  readonly dedupe: { readonly phone: string | null; readonly phoneWindowHours: number };
  readonly lead: PlannedLead;
}

/** The planned lead with the ids drawn for it: the record to store. */
export function leadWithIds(lead: PlannedLead, ids: LeadIds): IntakeLeadRecord {
  return { id: ids.id, lead_id: ids.leadId, ...lead, outreach: { stl_call_id: ids.stlCallId, ...lead.outreach } };
}

/**
 * Time-zone arithmetic (luxon, about 70 KB) is loaded with the first lead that needs it: a team
 * whose schedule is not `always`, or a payload with an appointment time. Teams calling at once
 * never load it (docs/adr/0119-cold-start-build-only-what-requests-need.md).
 */
const scheduling = lazy(() => import('./scheduling'));
const appointmentTime = lazy(() => import('./appointment-time'));
/** The lead sources' presets, with the first request that names one (`?preset=`): most read the team's mapping. */
const presets = lazy(() => import('./presets'));

const MAX_EXTERNAL_ID = 256;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Ids as long as real ones, to size a lead before its ids are drawn. */
const SIZING_IDS: LeadIds = {
  id: '00000000-0000-0000-0000-000000000000',
  leadId: Number.MAX_SAFE_INTEGER,
  stlCallId: Number.MAX_SAFE_INTEGER,
};

/**
 * The reading half of an intake: finds the team the lead goes to and its configuration, then plans
 * the lead (planIntake). Writes, queues and emits nothing; test mode stops here.
 */
export async function prepareIntake(deps: PrepareDependencies, submission: IntakeSubmission): Promise<PreparedIntake> {
  const { team, routing } = await resolveTargetTeam(deps, submission.identity, submission.payload);
  const stored: IntakeConfig = (await deps.configs.getIntakeConfig(team.id)) ?? DEFAULT_INTAKE_CONFIG;
  const preset = submission.preset === undefined ? undefined : (await presets()).presetByName(submission.preset);
  if (submission.preset !== undefined && !preset) throw new BadRequestError(`preset: unknown preset "${submission.preset}"`, 'preset');
  const config = preset ? { ...stored, field_mapping: preset.mapping as IntakeConfig['field_mapping'] } : stored;
  return sizeIntake(deps, await planIntake({ team, routing, config, payload: submission.payload, now: submission.now }));
}

/**
 * Refuses a lead too large to store (413) before any id is drawn and before test mode answers, so
 * both modes refuse it alike: the store sizes it with ids as long as real ones (the store checks the
 * final item again when it writes).
 */
export function sizeIntake(deps: Pick<PrepareDependencies, 'intake'>, prepared: PreparedIntake): PreparedIntake {
  deps.intake.assertStorable(leadWithIds(prepared.lead, SIZING_IDS));
  return prepared;
}

async function resolveTargetTeam(
  deps: PrepareDependencies,
  identity: Identity,
  payload: Record<string, unknown>,
): Promise<{ team: Team; routing: IntakeRouting }> {
  const anchor = await deps.tenancy.getTeam(identity.anchorTeamId);
  if (!anchor) throw new ForbiddenError('The API key is not attached to a team');
  if (identity.keyType === 'enterprise') return { team: anchor, routing: { kind: 'key_team' } };

  const anchorConfig = (await deps.configs.getIntakeConfig(anchor.id)) ?? DEFAULT_INTAKE_CONFIG;
  if (anchorConfig.routing.rules.length === 0 && anchorConfig.routing.default_team_id === null) {
    return { team: anchor, routing: { kind: 'key_team' } };
  }
  const decision = routeLead(anchorConfig.routing, payload);
  if (decision.kind === 'unmatched') {
    const fields = [...new Set(anchorConfig.routing.rules.map((r) => r.field))].join(', ');
    throw new BadRequestError(`No routing rule matched this lead (rules read ${fields}) and no default team is configured`, 'routing');
  }
  // Routing targets are checked against the enterprise's membership again at ingest: a team may
  // have moved since the rules were saved.
  const target = decision.teamId === anchor.id ? anchor : await deps.tenancy.getTeam(decision.teamId);
  if (!target || target.enterpriseId !== anchor.enterpriseId || !identity.teamIds.includes(target.id)) {
    throw new ForbiddenError(`Routing named team ${decision.teamId}, which is not a team of this key's enterprise`);
  }
  return { team: target, routing: decision };
}

export interface IntakePlanInput {
  readonly team: Team;
  readonly routing: IntakeRouting;
  readonly config: IntakeConfig;
  readonly payload: Record<string, unknown>;
  readonly now: Date;
}

/**
 * Pure (async only to load time-zone code when the lead needs it): maps the payload through the
 * team's field mapping, validates what the lead needs (a 400 naming the field otherwise), resolves
 * its lead source and finds when its first call is due. Whether the lead fits in a stored item is
 * the store's to say (sizeIntake).
 */
export async function planIntake({ team, routing, config, payload, now }: IntakePlanInput): Promise<PreparedIntake> {
  const readPhone = await e164Reader(candidateTexts(payload, config.field_mapping, 'phone_number'), config.phone_region);
  const checks: TargetChecks = {
    phone_number: (text) => (readPhone(text) ? null : `not a phone number (read in region ${config.phone_region})`),
    email: (text) => (EMAIL.test(text) ? null : 'not an email address'),
  };
  const mapped = applyFieldMapping(payload, config.field_mapping, checks);
  const f = mapped.fields;
  const { phone, appointment } = await checkFields(mapped, team, readPhone);
  const phoneRaw = phone === null ? (mapped.refused.phone_number ?? null) : null;
  const leadSource = resolveLeadSource(config, f.lead_source);
  const warnings = intakeWarnings(mapped, config, phoneRaw, leadSource);
  const dueAt = await firstCallDue(config, team, phone, now);
  const status = phone === null ? 'not_placed' : dueAt.getTime() <= now.getTime() ? 'queued' : 'scheduled';
  const decision: IntakeDecision = {
    teamId: team.id,
    routing,
    mappedFields: phone === null ? withoutPhone(f) : { ...f, phone_number: phone },
    fieldSources: mapped.sources,
    explain: mapped.explain,
    unmappedFields: mapped.unmappedPaths,
    leadSource,
    outreach: { status, dueAt, schedulingMode: config.scheduling.mode },
    warnings,
  };
  const lead = plannedLead({ team, routing, config, payload, now }, mapped, { phone, phoneRaw, appointment, leadSource, dueAt, status });
  return { decision, dedupe: { phone, phoneWindowHours: config.dedupe_window_hours }, lead };
}

/** What the intake kept but could not use as sent: a phone not read as a number, a bad email, an unknown lead source. */
function intakeWarnings(mapped: MappingResult, config: IntakeConfig, phoneRaw: string | null, leadSource: string | null): string[] {
  const f = mapped.fields;
  const warnings: string[] = [];
  if (phoneRaw !== null) {
    warnings.push(
      `phone_number: "${phoneRaw.slice(0, 40)}" is not a valid phone number; the lead is kept with the raw value (phone_raw) and is not called`,
    );
  }
  if (mapped.refused.email !== undefined) warnings.push('email: not a valid address; kept in the raw payload only');
  // A value that matches a configured source only in case or spacing is a match, not a warning
  // (even when the source it matches is also the default).
  const rawSource = f.lead_source?.trim().toLowerCase();
  if (rawSource !== undefined && config.lead_sources.length > 0 && !config.lead_sources.some((s) => s.toLowerCase() === rawSource)) {
    warnings.push(`lead_source: "${f.lead_source}" is not a configured lead source; recorded as ${leadSource ?? 'none'}`);
  }
  return warnings;
}

/** When the first call is due: now, or the schedule's next allowed instant (a 400 when the week has none). */
async function firstCallDue(config: IntakeConfig, team: Team, phone: string | null, now: Date): Promise<Date> {
  const dueAt =
    config.scheduling.mode === 'always' || phone === null
      ? now
      : (await scheduling()).nextAllowedInstant({ ...config.scheduling, timezone: team.timezone }, now);
  if (!dueAt) {
    throw new BadRequestError(
      `The team's ${config.scheduling.mode} schedule allows no call within the next week; ask the operator to fix it`,
      'scheduling',
    );
  }
  return dueAt;
}

/** What planIntake decided about the lead's contact and first call, which the stored lead records. */
interface LeadOutcome {
  readonly phone: string | null;
  readonly phoneRaw: string | null;
  readonly appointment: string | null;
  readonly leadSource: string | null;
  readonly dueAt: Date;
  readonly status: 'not_placed' | 'queued' | 'scheduled';
}

/** The lead as it will be stored, before ids are drawn. */
function plannedLead(
  { team, routing, config, payload, now }: IntakePlanInput,
  mapped: MappingResult,
  { phone, phoneRaw, appointment, leadSource, dueAt, status }: LeadOutcome,
): PlannedLead {
  const f = mapped.fields;
  const address = f.address ?? ([f.street, f.city, f.state, f.zip].filter(Boolean).join(', ') || null);
  return {
    team_id: team.id,
    type: leadTypeFor(leadSource ?? f.lead_source ?? null),
    datetime: now.toISOString(),
    status: 'new',
    customer_name: f.customer_name ?? null,
    customer_phone: phone,
    ...(phoneRaw !== null ? { customer_phone_raw: phoneRaw } : {}),
    customer_email: f.email ?? null,
    lead_content: {
      channel: 'speed_to_lead',
      service_type: f.service_type ?? null,
      address,
      street: f.street ?? null,
      city: f.city ?? null,
      state: f.state ?? null,
      zip: f.zip ?? null,
      country: f.country ?? null,
      notes: mapped.notesObject ?? f.notes ?? null,
      appointment_datetime: appointment,
      lead_source_raw: f.lead_source ?? null,
      unmapped_fields: mapped.unmappedPaths,
      raw_payload: payload,
      routing: routing.kind === 'key_team' ? null : routing,
    },
    agent: 'ai_outreach',
    referrer_url: null,
    attribution: {
      utm_source: f.utm_source ?? null,
      utm_medium: f.utm_medium ?? null,
      utm_campaign: f.utm_campaign ?? null,
      utm_term: f.utm_term ?? null,
      utm_content: f.utm_content ?? null,
      gclid: f.gclid ?? null,
      wbraid: f.wbraid ?? null,
      gbraid: f.gbraid ?? null,
    },
    external_id: f.external_id ?? null,
    source: leadSource,
    outreach: firstOutreach(config, now, dueAt, status),
    appointment: null,
  };
}

/** The lead's outreach before its first call: due, or already ended when there is no number to call. */
function firstOutreach(config: IntakeConfig, now: Date, dueAt: Date, status: LeadOutcome['status']): PlannedLead['outreach'] {
  return {
    scheduling_mode: config.scheduling.mode,
    due_at: dueAt.toISOString(),
    attempt: 1,
    max_attempts: config.outreach.max_attempts,
    retry_spacing_minutes: config.outreach.retry_spacing_minutes,
    provider_call_id: null,
    last_attempt_at: null,
    claim_token: null,
    ...(status === 'not_placed'
      ? { status: 'completed', outcome: 'failed', completed_at: now.toISOString(), reason: NOT_PLACED_REASON, dispatched: true }
      : { status, outcome: null, completed_at: null, reason: null, dispatched: false }),
  };
}

/** Why the outreach of a lead without a usable phone ended before it began. */
export const NOT_PLACED_REASON = 'no valid phone number: the lead cannot be called (the number as sent is kept as phone_raw)';

function withoutPhone(fields: MappedFields): MappedFields {
  const { phone_number: _phone, ...rest } = fields;
  return rest;
}

/**
 * The fields a lead cannot do without or must get right: a 400 naming the field otherwise. A
 * phone that was sent but does not read as a number is not a refusal: the lead is kept with the
 * raw value and not called (phone null).
 */
async function checkFields(
  mapped: MappingResult,
  team: Team,
  readPhone: E164Reader,
): Promise<{ phone: string | null; appointment: string | null }> {
  const f = mapped.fields;
  if (!f.phone_number && mapped.refused.phone_number === undefined) {
    throw new BadRequestError(
      'phone_number: no phone number found in the payload; a lead without a phone cannot be called',
      'phone_number',
    );
  }
  const phone = f.phone_number ? readPhone(f.phone_number) : null;
  if (f.external_id && f.external_id.length > MAX_EXTERNAL_ID) {
    throw new BadRequestError(`external_id: must be at most ${MAX_EXTERNAL_ID} characters`, 'external_id');
  }
  let appointment: string | null = null;
  if (f.appointment_datetime) {
    appointment = (await appointmentTime()).parseAppointmentTime(f.appointment_datetime, team.timezone);
    if (!appointment) {
      throw new BadRequestError(
        `appointment_datetime: "${f.appointment_datetime.slice(0, 60)}" is not a date-time (use ISO 8601, e.g. 2026-11-25T14:00:00-05:00)`,
        'appointment_datetime',
      );
    }
  }
  return { phone, appointment };
}

/** The v0 unified type of an intake lead, from its lead_source (docs/api/intake.md, Lead sources). */
export function leadTypeFor(source: string | null): LeadType {
  const s = (source ?? '').toLowerCase();
  if (/\blsa\b|local services/.test(s)) return 'google_lsa';
  if (/chat/.test(s)) return 'web_chat';
  if (/\bsms\b|text/.test(s)) return 'text';
  if (/call|phone/.test(s)) return 'call';
  return 'scheduling_widget';
}
