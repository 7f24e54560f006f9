import type { CallRecord } from '#shared/domain/calls';
import { type CoachEvaluation, scoreEvaluation } from '#shared/domain/coach/evaluation';
import { isEvaluable } from '#shared/domain/coach/evaluation-request';
import { type RubricRevision, rubricInputSchema, teamRubric } from '#shared/domain/coach/rubric';
import { DEFAULT_REVISION } from '#shared/domain/coach/rubric-history';
import { judgeByRules, RuleBasedEvaluator } from '#shared/domain/coach/rule-evaluator';

/**
 * The coach demo: one team's own rubric (an HVAC company that also sells maintenance plans, in
 * force for the last DAYS_CUSTOM days, so its calls show both rubrics), and an evaluation of every
 * seeded call with a transcript, made by the rule-based evaluator against the revision in force
 * when the call ended, as the coach worker would have made it.
 */
const DAYS_CUSTOM = 30;

export const DEMO_CUSTOM_RUBRIC = rubricInputSchema.parse({
  rubric_id: 'bayside-comfort',
  name: 'Bayside Comfort call standard',
  pass_threshold: 75,
  criteria: [
    { id: 'greeting', title: 'Greeting', description: 'Opens with a greeting that names Bayside and offers help.', weight: 10 },
    { id: 'captured_name', title: 'Captured name', description: "Gets the customer's name.", weight: 10 },
    { id: 'captured_phone', title: 'Captured phone', description: 'Confirms a callback number.', weight: 15 },
    { id: 'captured_address', title: 'Captured address', description: 'Gets the service address or at least the city.', weight: 15 },
    { id: 'identified_need', title: 'Identified the need', description: 'Finds out what is wrong with the system.', weight: 15 },
    { id: 'offered_booking', title: 'Offered a booking', description: 'Offers a technician visit.', weight: 20 },
    {
      id: 'mentioned_follow_up',
      title: 'Promised a follow-up',
      description: 'Tells the customer how they will hear from us next (a text confirmation or a callback).',
      weight: 15,
      keywords: ['text confirmation', 'follow up', 'call you back'],
    },
  ],
});

/** The custom rubric as the team's revision 1, in force from DAYS_CUSTOM days before `now`. */
export function demoRubricRevision(now: Date): RubricRevision {
  return {
    revision: 1,
    rubric: teamRubric(DEMO_CUSTOM_RUBRIC, DEMO_CUSTOM_RUBRIC.rubric_id ?? 'bayside-comfort', 1),
    in_force_from: new Date(now.getTime() - DAYS_CUSTOM * 86_400_000).toISOString(),
  };
}

/** Each evaluable call's evaluation against the revision in force when it ended (revisions oldest first). */
export function demoEvaluations(calls: readonly CallRecord[], revisions: readonly RubricRevision[]): CoachEvaluation[] {
  const evaluator = new RuleBasedEvaluator();
  return calls.filter(isEvaluable).map((call) => {
    const endedAt = call.ended_at ?? call.started_at;
    const revision = [DEFAULT_REVISION, ...revisions].filter((r) => (r.in_force_from ?? '') <= endedAt).at(-1) ?? DEFAULT_REVISION;
    const transcript = call.transcript ?? '';
    return scoreEvaluation({
      rubric: revision.rubric,
      transcript,
      judgments: judgeByRules({ rubric: revision.rubric, transcript, call: { direction: call.direction } }),
      evaluator: evaluator.identity,
      call,
      // The worker runs seconds after the report.
      evaluatedAt: new Date(Date.parse(endedAt) + 4_000),
    });
  });
}
