import type { OperationExamplesById } from './types';

/** Coach evaluations. */
export const COACH_EXAMPLES: OperationExamplesById = {
  listCoachEvaluations: {
    responses: {
      '200': {
        default: {
          summary: 'A page of coach evaluations',
          value: {
            data: [
              {
                call_id: 'd959e41a-e9cd-4a22-83c4-0135c89f8aa1',
                team_id: 1,
                call_started_at: '2026-11-23T08:17:40.470Z',
                evaluated_at: '2026-11-23T08:17:40.887Z',
                rubric_id: 'home-services',
                rubric_version: 1,
                score: 23,
                pass_threshold: 70,
                passed: false,
                criteria: [
                  {
                    criterion_id: 'greeting',
                    title: 'Greeting',
                    weight: 10,
                    applicable: true,
                    score: 100,
                    passed: true,
                    reason: 'The agent greets the caller and introduces itself or offers help',
                    evidence: 'Thanks for calling Summit Plumbing.',
                  },
                ],
                evaluator: {
                  kind: 'rule_based',
                  model: null,
                },
              },
            ],
            pagination: {
              limit: 1,
              offset: 0,
              has_more: true,
            },
          },
        },
      },
    },
  },
};
