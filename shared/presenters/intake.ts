import type * as z from 'zod';
import type { fieldExplanation, ingestLeadCreated, ingestLeadPreview, intakeOutreach } from '#shared/contracts/intake';
import type { CreatedIntake } from '#shared/domain/intake/commit-intake';
import type { AliasOutcome, FieldExplanation, MappedFields } from '#shared/domain/intake/field-mapping';
import type { IntakeDecision, IntakeRouting, OutreachPlan } from '#shared/domain/intake/prepare-intake';

/** The intake webhook's answers (POST /api/leads/intake), from what the intake decided. */

type Wire<S extends () => z.ZodType> = z.output<ReturnType<S>>;

export type IntakeOutreachData = Wire<typeof intakeOutreach>;
export type IngestLeadCreatedBody = Wire<typeof ingestLeadCreated>;
export type IngestLeadPreviewBody = Wire<typeof ingestLeadPreview>;
type FieldExplanationData = Wire<typeof fieldExplanation>;

/** The first call of a lead as the intake answers name it. */
export function presentIntakeOutreach(outreach: OutreachPlan): IntakeOutreachData {
  return { status: outreach.status, due_at: outreach.dueAt.toISOString(), scheduling_mode: outreach.schedulingMode };
}

/** What every intake route answers about a lead it created (each route adds its own envelope). */
export function presentCreatedLead(created: Pick<CreatedIntake, 'leadId' | 'stlCallId' | 'decision'>) {
  return {
    lead_id: created.leadId,
    stl_call_id: created.stlCallId,
    team_id: created.decision.teamId,
    outreach: presentIntakeOutreach(created.decision.outreach),
    ...(created.decision.warnings.length > 0 ? { warnings: [...created.decision.warnings] } : {}),
  };
}

/** 201 of the intake webhook: the lead is stored and its first call queued or scheduled. */
export function presentIngestLeadCreated(created: CreatedIntake, requestId: string): IngestLeadCreatedBody {
  return { success: true, ...presentCreatedLead(created), request_id: requestId };
}

/** 200 of test mode: what the request would create; nothing was written. */
export function presentIngestPreview(decision: IntakeDecision, requestId: string): IngestLeadPreviewBody {
  return {
    success: true,
    test_mode: true,
    request_id: requestId,
    team_id: decision.teamId,
    routing: presentRouting(decision.routing),
    mapped_fields: targetTexts(decision.mappedFields),
    field_sources: targetTexts(decision.fieldSources),
    explain: Object.fromEntries(
      Object.entries(decision.explain).map(([field, explanation]) => [field, explanation && presentExplanation(explanation)]),
    ),
    unmapped_fields: [...decision.unmappedFields],
    lead_source: decision.leadSource,
    outreach: presentIntakeOutreach(decision.outreach),
    warnings: [...decision.warnings],
  };
}

function presentRouting(routing: IntakeRouting): IngestLeadPreviewBody['routing'] {
  switch (routing.kind) {
    case 'key_team':
      return { kind: 'key_team' };
    case 'default':
      return { kind: 'default', teamId: routing.teamId };
    case 'rule':
      return { kind: 'rule', teamId: routing.teamId, ruleIndex: routing.ruleIndex, field: routing.field, value: routing.value };
  }
}

function targetTexts(fields: MappedFields): Record<string, string | undefined> {
  return { ...fields };
}

function presentExplanation(explanation: FieldExplanation): FieldExplanationData {
  return {
    matched: explanation.matched,
    ...(explanation.fallback_value === undefined ? {} : { fallback_value: explanation.fallback_value }),
    ...(explanation.composed_from === undefined ? {} : { composed_from: [...explanation.composed_from] }),
    aliases: explanation.aliases,
    tried: explanation.tried.map(presentAliasOutcome),
  };
}

function presentAliasOutcome(outcome: AliasOutcome): FieldExplanationData['tried'][number] {
  return 'detail' in outcome
    ? { alias: outcome.alias, result: outcome.result, detail: outcome.detail }
    : { alias: outcome.alias, result: outcome.result };
}
