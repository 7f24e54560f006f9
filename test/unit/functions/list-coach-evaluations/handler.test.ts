import type { CoachEvaluationDependencies } from '#shared/adapters/runtime/coach-dependencies';
import type { EvaluationStore } from '#shared/ports/coach-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: CoachEvaluationDependencies } = {};
jest.mock('#shared/adapters/runtime/coach-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/coach-dependencies'),
  coachEvaluationDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/list-coach-evaluations/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-coach-evaluations');
  ({ handler } = await import('../../../../functions/list-coach-evaluations/handler'));
});

describe('list-coach-evaluations', () => {
  it('answers a page of the team’s evaluations', async () => {
    mockDependencies.current = { evaluations: fakePort<EvaluationStore>({ listEvaluations: async () => [] }) };
    const answer = await answerOf(handler, routeEvent('listCoachEvaluations', { headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [] });
  });

  it('refuses a min_score that is not a number, naming min_score', async () => {
    mockDependencies.current = { evaluations: failingPort<EvaluationStore>() };
    const answer = await answerOf(
      handler,
      routeEvent('listCoachEvaluations', { headers: { 'x-team-id': '1' }, query: { min_score: 'high' } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'min_score' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { evaluations: failingPort<EvaluationStore>() };
    const answer = await answerOf(handler, routeEvent('listCoachEvaluations', { headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
