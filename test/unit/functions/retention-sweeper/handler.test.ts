import type { RetentionSweepDependencies } from '#shared/domain/call-retention';
import { CONTEXT, failingPort, functionEnvironment, sqsEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: RetentionSweepDependencies } = {};
jest.mock('#shared/adapters/runtime/call-retention-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/call-retention-dependencies'),
  callRetentionDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/retention-sweeper/handler').handler;
beforeAll(async () => {
  functionEnvironment('retention-sweeper');
  ({ handler } = await import('../../../../functions/retention-sweeper/handler'));
});

/** Team 7 keeps transcripts 30 days and recordings forever; team 8's settings were cleared meanwhile. */
function recordingSweep(removed: { teamId: number; part: string; cutoff: Date }[]): RetentionSweepDependencies {
  return {
    teams: {
      listRetentionTeamIds: async () => [7, 8],
      getTeam: async (id) => (id === 7 ? { transcriptRetentionDays: 30, recordingRetentionDays: null } : null),
    },
    calls: {
      removeBefore: async (teamId, part, cutoff) => {
        removed.push({ teamId, part, cutoff });
        return 3;
      },
    },
  };
}

describe('retention-sweeper', () => {
  it('removes the transcripts past a team’s setting and nothing its settings keep', async () => {
    const removed: { teamId: number; part: string; cutoff: Date }[] = [];
    mockDependencies.current = recordingSweep(removed);
    const before = Date.now();
    const result = await handler(sqsEvent({ kind: 'retention-sweep' }), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(removed.map(({ teamId, part }) => ({ teamId, part }))).toEqual([{ teamId: 7, part: 'transcript' }]);
    const days = (before - (removed[0]?.cutoff.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
  });

  it('reports the message as failed, so SQS retries the sweep, when its dependencies fail', async () => {
    mockDependencies.current = failingPort<RetentionSweepDependencies>();
    const result = await handler(sqsEvent({ kind: 'retention-sweep' }), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });
});
