import type { webhookDispatcherDependencies } from '#shared/adapters/runtime/webhook-dispatcher-dependencies';
import { CONTEXT, failingPort, functionEnvironment, sqsEvent } from '../../../support/handler-harness';

type Dependencies = Awaited<ReturnType<ReturnType<typeof webhookDispatcherDependencies>>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/webhook-dispatcher-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/webhook-dispatcher-dependencies'),
  webhookDispatcherDependencies: () => async () => mockDependencies.current,
}));

const MESSAGE = { kind: 'webhook-attempt', team_id: 1, webhook_id: 'wh_test', delivery_id: 'msg_1', attempt: 1 };
let handler: typeof import('../../../../functions/webhook-dispatcher/handler').handler;
beforeAll(async () => {
  functionEnvironment('webhook-dispatcher');
  ({ handler } = await import('../../../../functions/webhook-dispatcher/handler'));
});

describe('webhook-dispatcher', () => {
  it('reports a message that does not parse as failed, without reaching its dependencies', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent('not json'), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });

  it('reports the message as failed, so SQS retries it, when its dependencies fail', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });
});
