import { randomUUID } from 'node:crypto';
import type { Identity } from '../../auth/identity';
import { BadRequestError, ConflictError, ForbiddenError, ServiceUnavailableError } from '../../errors';
import { leadCreated } from '../../events/lead-events';
import { log } from '../../logging/logger';
import type { EventBus } from '../../ports/event-bus';
import type { IntakeConfigStore, IntakeStore } from '../../ports/intake-store';
import { DuplicateLeadError } from '../../ports/intake-store';
import type { MessageQueue } from '../../ports/message-queue';
import type { OneTimeScheduler } from '../../ports/scheduler';
import type { TenancyStore } from '../../ports/tenancy-store';
import type { LeadRecord, LeadType } from '../leads';
import { toE164 } from '../phone';
import { assertStorable } from '../stored-size';
import type { Team } from '../tenancy';
import { parseAppointmentTime } from './appointment-time';
import { applyFieldMapping, type MappingResult } from './field-mapping';
import { DEFAULT_INTAKE_CONFIG, type IntakeConfig, resolveLeadSource } from './intake-config';
import { type OutreachMessage, type OutreachState, scheduleName } from './outreach';
import { type RoutingDecision, routeLead } from './routing';
import { nextAllowedInstant } from './scheduling';

export interface IngestDependencies {
  readonly tenancy: TenancyStore;
  readonly configs: IntakeConfigStore;
  readonly intake: IntakeStore;
  readonly outreachQueue: MessageQueue;
  readonly scheduler: OneTimeScheduler;
  readonly eventBus: EventBus;
}

export interface IngestRequest {
  readonly identity: Identity;
  readonly payload: Record<string, unknown>;
  readonly now: Date;
  /** Runs mapping, routing and scheduling and reports them; writes and calls nothing. */
  readonly testMode: boolean;
}

export interface IngestPreview {
  readonly team_id: number;
  readonly routing: RoutingDecision | { kind: 'key_team' };
  readonly mapped_fields: Record<string, string>;
  readonly field_sources: MappingResult['sources'];
  readonly unmapped_fields: string[];
  readonly lead_source: string | null;
  readonly outreach: { status: 'queued' | 'scheduled'; due_at: string; scheduling_mode: string };
  readonly warnings: string[];
}

export type IngestResult =
  | {
      readonly kind: 'created';
      readonly leadId: number;
      readonly stlCallId: number;
      readonly preview: IngestPreview;
      readonly recovered?: boolean;
    }
  | { readonly kind: 'preview'; readonly preview: IngestPreview };

const MAX_EXTERNAL_ID = 256;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The v0 unified type of an intake lead, from its lead_source (see README: lead types). */
export function leadTypeFor(source: string | null): LeadType {
  const s = (source ?? '').toLowerCase();
  if (/\blsa\b|local services/.test(s)) return 'google_lsa';
  if (/chat/.test(s)) return 'web_chat';
  if (/\bsms\b|text/.test(s)) return 'text';
  if (/call|phone/.test(s)) return 'call';
  return 'scheduling_widget';
}

async function resolveTargetTeam(
  deps: IngestDependencies,
  identity: Identity,
  payload: Record<string, unknown>,
): Promise<{ team: Team; routing: IngestPreview['routing'] }> {
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

/**
 * Speed-to-lead intake: route, map, validate, deduplicate, create the lead with its outreach
 * record, then queue the call now or schedule it for the team's next allowed instant, and emit
 * lead.created.
 */
export async function ingestLead(deps: IngestDependencies, request: IngestRequest): Promise<IngestResult> {
  const { identity, payload, now } = request;
  const { team, routing } = await resolveTargetTeam(deps, identity, payload);
  const config: IntakeConfig = (await deps.configs.getIntakeConfig(team.id)) ?? DEFAULT_INTAKE_CONFIG;
  const mapped = applyFieldMapping(payload, config.field_mapping);
  const f = mapped.fields;
  const warnings: string[] = [];

  if (!f.phone_number) {
    throw new BadRequestError(
      'phone_number: no phone number found in the payload; a lead without a phone cannot be called',
      'phone_number',
    );
  }
  const phone = toE164(f.phone_number, config.phone_region);
  if (!phone) {
    throw new BadRequestError(`phone_number: "${f.phone_number.slice(0, 40)}" is not a valid phone number`, 'phone_number');
  }
  if (f.external_id && f.external_id.length > MAX_EXTERNAL_ID) {
    throw new BadRequestError(`external_id: must be at most ${MAX_EXTERNAL_ID} characters`, 'external_id');
  }
  let appointment: string | null = null;
  if (f.appointment_datetime) {
    appointment = parseAppointmentTime(f.appointment_datetime, team.timezone);
    if (!appointment) {
      throw new BadRequestError(
        `appointment_datetime: "${f.appointment_datetime.slice(0, 60)}" is not a date-time (use ISO 8601, e.g. 2026-11-25T14:00:00-05:00)`,
        'appointment_datetime',
      );
    }
  }
  let email: string | null = f.email ?? null;
  if (email && !EMAIL.test(email)) {
    warnings.push('email: not a valid address; kept in the raw payload only');
    email = null;
  }
  const leadSource = resolveLeadSource(config, f.lead_source);
  // A value that matches a configured source only in case or spacing is a match, not a warning
  // (even when the source it matches is also the default).
  const rawSource = f.lead_source?.trim().toLowerCase();
  if (rawSource !== undefined && config.lead_sources.length > 0 && !config.lead_sources.some((s) => s.toLowerCase() === rawSource)) {
    warnings.push(`lead_source: "${f.lead_source}" is not a configured lead source; recorded as ${leadSource ?? 'none'}`);
  }

  const dueAt = nextAllowedInstant({ ...config.scheduling, timezone: team.timezone }, now);
  if (!dueAt) {
    throw new BadRequestError(
      `The team's ${config.scheduling.mode} schedule allows no call within the next week; ask the operator to fix it`,
      'scheduling',
    );
  }
  const queuedNow = dueAt.getTime() <= now.getTime();
  const outreachPreview = {
    status: queuedNow ? ('queued' as const) : ('scheduled' as const),
    due_at: dueAt.toISOString(),
    scheduling_mode: config.scheduling.mode,
  };
  const preview: IngestPreview = {
    team_id: team.id,
    routing,
    mapped_fields: { ...f, phone_number: phone },
    field_sources: mapped.sources,
    unmapped_fields: mapped.unmappedPaths,
    lead_source: leadSource,
    outreach: outreachPreview,
    warnings,
  };
  const address = f.address ?? ([f.street, f.city, f.state, f.zip].filter(Boolean).join(', ') || null);
  const build = (leadId: number, stlCallId: number): LeadRecord => ({
    id: randomUUID(),
    lead_id: leadId,
    team_id: team.id,
    type: leadTypeFor(leadSource ?? f.lead_source ?? null),
    datetime: now.toISOString(),
    status: 'new',
    customer_name: f.customer_name ?? null,
    customer_phone: phone,
    customer_email: email,
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
      gclid: null,
    },
    external_id: f.external_id ?? null,
    source: leadSource,
    outreach: {
      stl_call_id: stlCallId,
      status: outreachPreview.status,
      scheduling_mode: config.scheduling.mode,
      due_at: outreachPreview.due_at,
      attempt: 1,
      max_attempts: config.outreach.max_attempts,
      retry_spacing_minutes: config.outreach.retry_spacing_minutes,
      provider_call_id: null,
      last_attempt_at: null,
      outcome: null,
      completed_at: null,
      reason: null,
      claim_token: null,
      dispatched: false,
    } satisfies OutreachState,
    appointment: null,
  });
  // Checked before test mode answers and before ids are drawn: a lead too large to store is
  // refused the same way in both modes (the store checks the final item again).
  assertStorable(build(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER), 'The lead (with its raw payload)');
  if (request.testMode) return { kind: 'preview', preview };

  const [leadId, stlCallId] = await Promise.all([deps.intake.nextLeadId(), deps.intake.nextStlCallId()]);
  const lead = build(leadId, stlCallId);
  const outreach = lead.outreach as unknown as OutreachState;

  try {
    await deps.intake.createLead({ lead, phone, phoneWindowHours: config.dedupe_window_hours, now });
  } catch (error) {
    if (error instanceof DuplicateLeadError) {
      const recovered = error.existingStlCallId !== null ? await finishUnfinishedIntake(deps, error.existingStlCallId, now) : null;
      if (recovered) return { ...recovered, preview: { ...preview, team_id: recovered.teamId, outreach: recovered.outreach } };
      const which =
        error.reason === 'external_id'
          ? `external_id "${f.external_id}"`
          : `phone number within the ${config.dedupe_window_hours} h dedupe window`;
      throw new ConflictError(
        `Duplicate lead: the team already has a lead with this ${which}${error.existingLeadId !== null ? ` (lead_id ${error.existingLeadId})` : ''}`,
        error.reason,
        { lead_id: error.existingLeadId },
      );
    }
    throw error;
  }

  try {
    await dispatchOutreach(deps, { stl_call_id: stlCallId, attempt: 1 }, dueAt, now);
  } catch (error) {
    // The lead is stored but its call is not queued: mark it, and ask the caller to repeat the
    // request. The repeat finds the lead (a duplicate), queues the call and answers 201 with the
    // same ids, so nothing is lost and nothing is created twice.
    log('error', 'outreach dispatch failed', { leadId, stlCallId, error: error instanceof Error ? error.message : String(error) });
    await deps.intake.transitionOutreach(
      stlCallId,
      { statuses: [outreach.status], attempt: 1 },
      { status: 'dispatch_failed', reason: 'queue unavailable' },
    );
    throw new ServiceUnavailableError('The lead is stored but its outreach call could not be queued; repeat the same request to queue it', {
      lead_id: leadId,
      stl_call_id: stlCallId,
    });
  }

  const ref = { lead_id: leadId, stl_call_id: stlCallId, team_id: team.id, external_id: lead.external_id };
  await deps.eventBus
    .publish([
      leadCreated(
        ref,
        {
          customer_name: lead.customer_name,
          phone_number: phone,
          email,
          service_type: f.service_type ?? null,
          lead_source: leadSource,
          appointment_datetime: appointment,
        },
        { ...outreachPreview, max_attempts: outreach.max_attempts },
        now,
      ),
    ])
    .catch((error: unknown) =>
      log('error', 'lead.created not published', { leadId, error: error instanceof Error ? error.message : String(error) }),
    );

  // Not recording it only means a repeat after the request limit queues the call (harmlessly) again.
  await deps.intake
    .markOutreachDispatched(stlCallId)
    .catch((error: unknown) =>
      log('error', 'outreach dispatch not recorded', { leadId, error: error instanceof Error ? error.message : String(error) }),
    );

  return { kind: 'created', leadId, stlCallId, preview };
}

/**
 * How long an intake request may run (the function's 10 s timeout, API Gateway's 29 s): a lead
 * stored longer ago whose dispatch was never recorded belongs to a request that stopped (a crash).
 */
const INTAKE_REQUEST_LIMIT_MS = 30_000;

/**
 * A repeated request for a lead whose first request did not finish: its dispatch failed (the
 * 503 answer), or the request stopped between storing the lead and recording its dispatch (a
 * crash; the client never got its answer). Queues (or schedules) the first call unless it is
 * already under way (the worker's claim makes a second message harmless), emits lead.created
 * (same event id as a first publication would have had), records the dispatch, and answers as
 * the first request would have. Null for a lead whose request finished: a plain duplicate.
 */
async function finishUnfinishedIntake(
  deps: IngestDependencies,
  stlCallId: number,
  now: Date,
): Promise<{
  kind: 'created';
  leadId: number;
  stlCallId: number;
  teamId: number;
  outreach: IngestPreview['outreach'];
  recovered: true;
} | null> {
  const lead = await deps.intake.getLeadByStlCallId(stlCallId);
  const outreach = lead?.outreach as OutreachState | null | undefined;
  if (!lead || lead.lead_id === null || !outreach) return null;
  const stopped = outreach.dispatched === false && now.getTime() - Date.parse(lead.datetime) > INTAKE_REQUEST_LIMIT_MS;
  if (outreach.status !== 'dispatch_failed' && !stopped) return null;

  let summary = { status: outreach.status === 'scheduled' ? ('scheduled' as const) : ('queued' as const), due_at: outreach.due_at };
  if (outreach.attempt === 1 && ['queued', 'scheduled', 'dispatch_failed'].includes(outreach.status)) {
    const dueAt = new Date(Math.max(now.getTime(), Date.parse(outreach.due_at)));
    await dispatchOutreach(deps, { stl_call_id: stlCallId, attempt: 1 }, dueAt, now);
    summary = { status: dueAt.getTime() <= now.getTime() ? 'queued' : 'scheduled', due_at: dueAt.toISOString() };
    if (outreach.status === 'dispatch_failed') {
      const moved = await deps.intake.transitionOutreach(
        stlCallId,
        { statuses: ['dispatch_failed'], attempt: 1 },
        { status: summary.status, due_at: summary.due_at, reason: null },
      );
      if (!moved) return null;
    }
  }
  const content = lead.lead_content as { service_type?: string | null; appointment_datetime?: string | null };
  const outreachSummary = { ...summary, scheduling_mode: outreach.scheduling_mode };
  await deps.eventBus
    .publish([
      leadCreated(
        { lead_id: lead.lead_id, stl_call_id: stlCallId, team_id: lead.team_id, external_id: lead.external_id },
        {
          customer_name: lead.customer_name,
          phone_number: lead.customer_phone as string,
          email: lead.customer_email,
          service_type: content.service_type ?? null,
          lead_source: lead.source,
          appointment_datetime: content.appointment_datetime ?? null,
        },
        { ...outreachSummary, max_attempts: outreach.max_attempts },
        now,
      ),
    ])
    .catch((error: unknown) =>
      log('error', 'lead.created not published', { leadId: lead.lead_id, error: error instanceof Error ? error.message : String(error) }),
    );
  await deps.intake.markOutreachDispatched(stlCallId);
  return { kind: 'created', leadId: lead.lead_id, stlCallId, teamId: lead.team_id, outreach: outreachSummary, recovered: true };
}

/** Queues the attempt now, or schedules it for its due instant. */
export async function dispatchOutreach(
  deps: Pick<IngestDependencies, 'outreachQueue' | 'scheduler'>,
  message: OutreachMessage,
  dueAt: Date,
  now: Date,
): Promise<void> {
  if (dueAt.getTime() <= now.getTime()) {
    await deps.outreachQueue.send([{ body: { ...message } }]);
  } else {
    await deps.scheduler.scheduleMessage({
      name: scheduleName(message.stl_call_id, message.attempt),
      at: dueAt,
      queue: 'outreach-calls',
      body: { ...message },
    });
  }
}
