import type { widgetWorkerDependencies } from '#shared/adapters/runtime/widget-worker-dependencies';
import { CONTEXT, failingPort, functionEnvironment, sqsEvent } from '../../../support/handler-harness';

type Dependencies = ReturnType<ReturnType<typeof widgetWorkerDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/widget-worker-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/widget-worker-dependencies'),
  widgetWorkerDependencies: () => () => mockDependencies.current,
}));

const MESSAGE = {
  kind: 'drop_off',
  session: { team_id: 1, scheduler_id: 1, started_at: '2026-03-01T12:00:00.000Z', session_id: 'ses_000001' },
};
let handler: typeof import('../../../../functions/widget-worker/handler').handler;
beforeAll(async () => {
  functionEnvironment('widget-worker');
  ({ handler } = await import('../../../../functions/widget-worker/handler'));
});

describe('widget-worker', () => {
  it('reports a message that does not parse as failed, without reaching its dependencies', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent({ kind: 'drop_off' }), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });

  it('reports the message as failed, so SQS retries it, when its dependencies fail', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });
});
