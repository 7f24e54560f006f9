import type { RollupConsumerDependencies } from '#shared/adapters/runtime/rollup-dependencies';
import { CONTEXT, failingPort, functionEnvironment, streamEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: RollupConsumerDependencies } = {};
jest.mock('#shared/adapters/runtime/rollup-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/rollup-dependencies'),
  rollupDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/session-rollups/handler').handler;
beforeAll(async () => {
  functionEnvironment('session-rollups');
  ({ handler } = await import('../../../../functions/session-rollups/handler'));
});

describe('session-rollups', () => {
  it('answers no failures for an empty batch, reading nothing', async () => {
    mockDependencies.current = failingPort<RollupConsumerDependencies>();
    const result = await handler(streamEvent(), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
  });

  it('fails the invocation, so the stream retries the batch, when its records cannot be read', async () => {
    mockDependencies.current = failingPort<RollupConsumerDependencies>();
    await expect(handler(streamEvent({ pk: { S: 'a' } }, { pk: { S: 'b' } }), CONTEXT)).rejects.toThrow('store unavailable');
  });
});
