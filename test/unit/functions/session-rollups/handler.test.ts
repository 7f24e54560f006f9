import type { AttributeValue, DynamoDBStreamEvent } from 'aws-lambda';
import { sessionChangeOfStreamRecord } from '#shared/adapters/dynamodb/session-store';
import type { RollupConsumerDependencies } from '#shared/adapters/runtime/rollup-dependencies';
import type { SessionRecord } from '#shared/domain/sessions';
import { session } from '../../../support/factories';
import { CONTEXT, failingPort, functionEnvironment, streamEvent } from '../../../support/handler-harness';
import { memoryRollups } from '../../../support/rollup-fakes';

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

/** The stream image of a session row: the attributes the rollup consumer reads. */
const imageOf = (s: SessionRecord): Record<string, AttributeValue> => ({
  session_id: { S: s.session_id },
  team_id: { N: String(s.team_id) },
  started_at: { S: s.started_at },
});

/** The funnel tuple a bucket write stored: [sessions, booking started, info completed, booked, dropped off, ...]. */
const funnelOf = (write: { aggregate: { funnel: string } } | undefined): number[] => JSON.parse(write?.aggregate.funnel ?? 'null');

/** A session row moved: its old image where it was, its new image where it is. */
function modified(before: SessionRecord, after: SessionRecord): DynamoDBStreamEvent {
  const [record] = streamEvent(imageOf(after)).Records;
  if (!record?.dynamodb) throw new Error('no record');
  return { Records: [{ ...record, eventName: 'MODIFY', dynamodb: { ...record.dynamodb, OldImage: imageOf(before) } }] };
}

function consumer(stores: ReturnType<typeof memoryRollups>): RollupConsumerDependencies {
  return { ...stores.dependencies, sessionChangeOf: sessionChangeOfStreamRecord };
}

describe('session-rollups', () => {
  it('recomputes the hour and the day a new session started in from the team’s sessions', async () => {
    const dropped = session({ team_id: 3, scheduler_id: 6, started_at: '2026-03-01T10:40:00.000Z', status: 'dropped_off' });
    const sessions = [
      session({ team_id: 3, scheduler_id: 5, started_at: '2026-03-01T10:05:00.000Z' }),
      dropped,
      session({ team_id: 3, scheduler_id: 5, started_at: '2026-03-01T14:00:00.000Z' }),
    ];
    const stores = memoryRollups(sessions, 8);
    mockDependencies.current = consumer(stores);
    const result = await handler(streamEvent(imageOf(dropped)), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    const hour = stores.bucket(3, 'H#2026-03-01T10');
    expect(funnelOf(hour).slice(0, 5)).toEqual([2, 0, 0, 0, 1]);
    expect(hour?.schedulers.map((s) => s.schedulerId).sort()).toEqual([5, 6]);
    expect(hour?.enterprises.map((e) => e.enterpriseId)).toEqual([8]);
    // The day is summed from its hours; the 14:00 hour was not touched, so not yet written.
    expect(funnelOf(stores.bucket(3, 'D#2026-03-01'))[0]).toBe(2);
    expect(stores.bucket(3, 'H#2026-03-01T14')).toBeUndefined();
  });

  it('recomputes the hour a moved session left as well as the one it joined', async () => {
    const before = session({ team_id: 3, started_at: '2026-03-01T10:05:00.000Z' });
    const after = { ...before, started_at: '2026-03-01T11:05:00.000Z' };
    const stores = memoryRollups([session({ team_id: 3, started_at: '2026-03-01T10:30:00.000Z' }), after]);
    mockDependencies.current = consumer(stores);
    const result = await handler(modified(before, after), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(funnelOf(stores.bucket(3, 'H#2026-03-01T10'))[0]).toBe(1);
    expect(funnelOf(stores.bucket(3, 'H#2026-03-01T11'))[0]).toBe(1);
    expect(funnelOf(stores.bucket(3, 'D#2026-03-01'))[0]).toBe(2);
  });

  it('passes over a record without a team or a start, writing nothing', async () => {
    const stores = memoryRollups([]);
    mockDependencies.current = consumer(stores);
    const result = await handler(streamEvent({ session_id: { S: 'ses_x' }, team_id: { S: 'three' } }), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(stores.bucket(3, 'H#2026-03-01T10')).toBeUndefined();
  });

  it('reports only the record whose team’s bucket could not be written, so the stream retries from it', async () => {
    const sessions = [session({ team_id: 3 }), session({ team_id: 4 })];
    const stores = memoryRollups(sessions);
    const { rollups } = stores.dependencies;
    mockDependencies.current = {
      ...consumer(stores),
      rollups: {
        ...rollups,
        commit: async (write) => (write.teamId === 4 ? Promise.reject(new Error('store unavailable')) : rollups.commit(write)),
      },
    };
    const result = await handler(streamEvent(...sessions.map(imageOf)), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '101' }]);
    expect(funnelOf(stores.bucket(3, 'H#2026-03-01T12'))[0]).toBe(1);
  });

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
