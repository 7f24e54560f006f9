import type { coachEvaluatorDependencies } from '#shared/adapters/runtime/coach-evaluator-dependencies';
import { CONTEXT, failingPort, functionEnvironment, sqsEvent } from '../../../support/handler-harness';

type Dependencies = ReturnType<ReturnType<typeof coachEvaluatorDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/coach-evaluator-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/coach-evaluator-dependencies'),
  coachEvaluatorDependencies: () => () => mockDependencies.current,
}));

const MESSAGE = { team_id: 1, call_id: 'c1', started_at: '2026-03-01T12:00:00.000Z' };
let handler: typeof import('../../../../functions/coach-evaluator/handler').handler;
beforeAll(async () => {
  functionEnvironment('coach-evaluator');
  ({ handler } = await import('../../../../functions/coach-evaluator/handler'));
});

describe('coach-evaluator', () => {
  it('reports a message that does not parse as failed, without reaching its dependencies', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent({ team_id: 1, call_id: 'c1' }), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });

  it('reports the message as failed, so SQS retries it, when its dependencies fail', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });
});
