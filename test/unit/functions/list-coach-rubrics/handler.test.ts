import type { CoachRubricDependencies } from '#shared/adapters/runtime/coach-dependencies';
import type { RubricStore } from '#shared/ports/coach-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: CoachRubricDependencies } = {};
jest.mock('#shared/adapters/runtime/coach-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/coach-dependencies'),
  coachRubricDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/list-coach-rubrics/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-coach-rubrics');
  ({ handler } = await import('../../../../functions/list-coach-rubrics/handler'));
});

describe('list-coach-rubrics', () => {
  it('answers the default rubric for a team that never set one', async () => {
    mockDependencies.current = { rubrics: fakePort<RubricStore>({ getCurrentRevision: async () => null, listRevisions: async () => [] }) };
    const answer = await answerOf(handler, routeEvent('listCoachRubrics', { headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [expect.objectContaining({ current: true })] });
  });

  it('refuses a limit that is not a number, naming limit', async () => {
    mockDependencies.current = { rubrics: failingPort<RubricStore>() };
    const answer = await answerOf(handler, routeEvent('listCoachRubrics', { headers: { 'x-team-id': '1' }, query: { limit: 'many' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'limit' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { rubrics: failingPort<RubricStore>() };
    const answer = await answerOf(handler, routeEvent('listCoachRubrics', { headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
