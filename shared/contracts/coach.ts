import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';
import { COACH_ROUTES } from '#shared/route-table/coach';
import { integerParam, limitParam, offsetParam } from '#shared/schemas/params';
import { startBeforeEnd, teamIdParam, V0_LIMIT, v0ListMembers, withinMaxRange } from '#shared/schemas/query-parts';
import { defineContract, type ResponseSchema, type ResponseZod, responseSchema } from './contract';
import { teamSelectionHeader } from './headers';
import { count, dateTime, id, nullableDateTime, offsetPagination } from './responses';

/** Coach evaluations and rubrics (functions/list-coach-evaluations, get-coach-evaluation, list-coach-rubrics). */

const scoreParam = /* @__PURE__ */ atLoad(() =>
  z.pipe(
    integerParam,
    z
      .number()
      .check(z.gte(0, { error: 'must be a whole score from 0 to 100' }), z.lte(100, { error: 'must be a whole score from 0 to 100' })),
  ),
);

const rubricIdParam = /* @__PURE__ */ atLoad(() =>
  z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, { error: 'must be a rubric id: 1-64 lowercase letters, digits, - or _' })),
);

export const coachQuery = /* @__PURE__ */ atLoad(() =>
  withinMaxRange(
    startBeforeEnd(
      z
        .object({
          ...v0ListMembers,
          min_score: z.optional(scoreParam),
          max_score: z.optional(scoreParam),
          rubric_id: z.optional(rubricIdParam),
        })
        .check(
          z.refine((q) => q.min_score === undefined || q.max_score === undefined || q.min_score <= q.max_score, {
            error: 'min_score must not be above max_score',
            path: ['min_score'],
          }),
        ),
    ),
  ),
);

/** A call id as /api/calls shows it: our UUID. Anything else is a 400 naming callId. */
const callPath = /* @__PURE__ */ atLoad(() => z.object({ callId: z.uuid({ error: 'must be a call id (UUID) as /api/calls shows it' }) }));

const rubricsQuery = /* @__PURE__ */ atLoad(() =>
  z.object({
    team_id: teamIdParam,
    limit: limitParam(V0_LIMIT.default, V0_LIMIT.max),
    offset: offsetParam,
  }),
);

// ---------------------------------------------------------------------------------------------
// Responses (shared/domain/coach)

const score = (z: ResponseZod) => z.int().min(0).max(100);

export const criterionResult = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      criterion_id: z.string(),
      title: z.string(),
      weight: z.number().positive().describe('The criterion’s weight in the rubric the call was evaluated with'),
      applicable: z.boolean().describe('False when the criterion does not apply to this call (no booking to confirm, nothing urgent)'),
      score: score(z).nullable().describe('0–100; null when not applicable'),
      passed: z.boolean().nullable().describe('At least half the marks (score ≥ 50); null when not applicable'),
      reason: z.string().describe('Why, in a sentence'),
      evidence: z.string().nullable().describe('A quote, verbatim from the transcript; null when there is none (the reason says why)'),
    })
    .describe('How the call did on one criterion of the rubric'),
);

export const coachEvaluation = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      call_id: z.uuid().describe('The call (GET /api/calls)'),
      team_id: id(),
      call_started_at: dateTime().describe('When the call started: the instant the date range filters and the list orders by'),
      evaluated_at: dateTime(),
      rubric_id: z.string(),
      rubric_version: id().describe('The version of the rubric the call was evaluated with (GET /api/coach/rubrics lists them)'),
      score: score(z).describe('Weighted total over the applicable criteria, 0–100, rounded to a whole number'),
      pass_threshold: z.number().min(0).max(100),
      passed: z.boolean().describe('score ≥ pass_threshold'),
      criteria: z.array(criterionResult()),
      evaluator: z
        .strictObject({
          kind: z.enum(['rule_based', 'language_model']),
          model: z.string().nullable().describe('The language model, when one evaluated the call'),
        })
        .describe('What evaluated the call'),
    })
    .describe('A call’s coach evaluation against its team’s rubric'),
);

export const listCoachEvaluationsResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({ data: z.array(coachEvaluation()), pagination: offsetPagination() }),
);

export const getCoachEvaluationResponse = /* @__PURE__ */ responseSchema((z) => z.strictObject({ data: coachEvaluation() }));

export const coachRubric = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      rubric_id: z.string(),
      version: id().describe('Counts the changes of this rubric id within the team; the built-in default is version 1'),
      name: z.string(),
      source: z.enum(['default', 'team']).describe('default: the built-in home-services rubric; team: set for the team by an operator'),
      pass_threshold: z.number().min(0).max(100),
      criteria: z.array(
        z.strictObject({
          id: z.string(),
          title: z.string(),
          description: z.string(),
          weight: z.number().positive(),
          keywords: z.array(z.string()).optional().describe('Phrases the rule-based evaluator (local runs) looks for'),
        }),
      ),
      revision: count().describe('Position in the team’s rubric history: 0 is the built-in default, each change adds one'),
      in_force_from: nullableDateTime().describe('When this revision took effect; null for revision 0 (since the team was created)'),
      current: z.boolean().describe('Whether new calls are evaluated with this revision'),
    })
    .describe('A revision of the team’s rubric'),
);

export const listCoachRubricsResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({ data: z.array(coachRubric()), pagination: offsetPagination() }),
);

export const listCoachEvaluations = /* @__PURE__ */ defineContract(COACH_ROUTES, {
  routeId: 'listCoachEvaluations',
  query: coachQuery,
  headers: /* @__PURE__ */ atLoad(() => z.object(teamSelectionHeader)),
  responses: { 200: listCoachEvaluationsResponse },
});

export const getCoachEvaluation = /* @__PURE__ */ defineContract(COACH_ROUTES, {
  routeId: 'getCoachEvaluation',
  path: callPath,
  query: /* @__PURE__ */ atLoad(() => z.object({ team_id: teamIdParam })),
  headers: /* @__PURE__ */ atLoad(() => z.object(teamSelectionHeader)),
  responses: { 200: getCoachEvaluationResponse },
  errors: { 404: 'The call has no evaluation: an unknown call, another team’s call, or one not evaluated (yet, or without a transcript)' },
});

export const listCoachRubrics = /* @__PURE__ */ defineContract(COACH_ROUTES, {
  routeId: 'listCoachRubrics',
  query: rubricsQuery,
  headers: /* @__PURE__ */ atLoad(() => z.object(teamSelectionHeader)),
  responses: { 200: listCoachRubricsResponse },
});

export const COACH_COMPONENTS = {
  CoachEvaluation: coachEvaluation,
  CoachCriterionResult: criterionResult,
  CoachRubric: coachRubric,
  ListCoachEvaluationsResponse: listCoachEvaluationsResponse,
  GetCoachEvaluationResponse: getCoachEvaluationResponse,
  ListCoachRubricsResponse: listCoachRubricsResponse,
} as const satisfies Record<string, ResponseSchema>;
