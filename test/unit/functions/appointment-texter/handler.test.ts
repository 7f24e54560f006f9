import type { appointmentTextDependencies } from '#shared/adapters/runtime/appointment-text-dependencies';
import { CONTEXT, failingPort, functionEnvironment, sqsEvent } from '../../../support/handler-harness';

type Dependencies = ReturnType<ReturnType<typeof appointmentTextDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/appointment-text-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/appointment-text-dependencies'),
  appointmentTextDependencies: () => () => mockDependencies.current,
}));

const MESSAGE = { kind: 'booked', team_id: 1, appointment_id: 'apt_1' };
let handler: typeof import('../../../../functions/appointment-texter/handler').handler;
beforeAll(async () => {
  functionEnvironment('appointment-texter');
  ({ handler } = await import('../../../../functions/appointment-texter/handler'));
});

describe('appointment-texter', () => {
  it('reports a message that does not parse as failed, without reaching its dependencies', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent({ kind: 'booked' }), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });

  it('reports the message as failed, so SQS retries it, when its dependencies fail', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });
});
