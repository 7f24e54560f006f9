import type { campaignSenderDependencies } from '#shared/adapters/runtime/sms-campaign-dependencies';
import { CONTEXT, failingPort, functionEnvironment, sqsEvent } from '../../../support/handler-harness';

type Dependencies = ReturnType<ReturnType<typeof campaignSenderDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/sms-campaign-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/sms-campaign-dependencies'),
  campaignSenderDependencies: () => () => mockDependencies.current,
}));

const MESSAGE = { type: 'chunk', campaign_id: 'cmp_0123456789abcdef0123', chunk: 0 };
let handler: typeof import('../../../../functions/campaign-sender/handler').handler;
beforeAll(async () => {
  functionEnvironment('campaign-sender');
  ({ handler } = await import('../../../../functions/campaign-sender/handler'));
});

describe('campaign-sender', () => {
  it('reports a message that does not parse as failed, without reaching its dependencies', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent({ type: 'chunk', campaign_id: 'cmp_1', chunk: -1 }), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });

  it('reports the message as failed, so SQS retries it, when its dependencies fail', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });
});
