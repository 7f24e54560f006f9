import type { outreachDependencies } from '#shared/adapters/runtime/intake-outreach-dependencies';
import { CONTEXT, failingPort, functionEnvironment, sqsEvent } from '../../../support/handler-harness';

type Dependencies = ReturnType<ReturnType<typeof outreachDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/intake-outreach-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/intake-outreach-dependencies'),
  outreachDependencies: () => () => mockDependencies.current,
}));

const MESSAGE = { stl_call_id: 7, attempt: 1 };
let handler: typeof import('../../../../functions/outreach-worker/handler').handler;
beforeAll(async () => {
  functionEnvironment('outreach-worker');
  ({ handler } = await import('../../../../functions/outreach-worker/handler'));
});

describe('outreach-worker', () => {
  it('reports a message that does not parse as failed, without reaching its dependencies', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent({ stl_call_id: 'seven', attempt: 1 }), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });

  it('reports the message as failed, so SQS retries it, when its dependencies fail', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });
});
