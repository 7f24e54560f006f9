import type { CoachEvaluationDependencies } from '#shared/adapters/runtime/coach-dependencies';
import type { EvaluationStore } from '#shared/ports/coach-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: CoachEvaluationDependencies } = {};
jest.mock('#shared/adapters/runtime/coach-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/coach-dependencies'),
  coachEvaluationDependencies: () => () => mockDependencies.current,
}));

const CALL_ID = '7d9e2b4a-1c3f-4e5d-8a6b-9c0d1e2f3a4b';
let handler: typeof import('../../../../functions/get-coach-evaluation/handler').handler;
beforeAll(async () => {
  functionEnvironment('get-coach-evaluation');
  ({ handler } = await import('../../../../functions/get-coach-evaluation/handler'));
});

describe('get-coach-evaluation', () => {
  it('answers 404 for a call without an evaluation', async () => {
    mockDependencies.current = { evaluations: fakePort<EvaluationStore>({ getEvaluation: async () => null }) };
    const answer = await answerOf(handler, routeEvent('getCoachEvaluation', { path: { callId: CALL_ID }, headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: 'not_found' });
  });

  it('refuses a multi-team key that names no team, naming x-team-id', async () => {
    mockDependencies.current = { evaluations: failingPort<EvaluationStore>() };
    const answer = await answerOf(handler, routeEvent('getCoachEvaluation', { path: { callId: CALL_ID } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'x-team-id' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { evaluations: failingPort<EvaluationStore>() };
    const answer = await answerOf(handler, routeEvent('getCoachEvaluation', { path: { callId: CALL_ID }, headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
