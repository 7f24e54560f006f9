import type { QueueMessage, QueueName } from '#shared/ports/message-queue';
import { startDailyRuns } from '../../../../local/runtime/scheduler';

/** The local stand-in for the stack's daily schedules: once at start, then every 24 hours, until stopped. */
describe('startDailyRuns', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends each daily worker’s message at start and once a day, and only those', async () => {
    const sent: { queue: QueueName; message: QueueMessage }[] = [];
    const stop = startDailyRuns(
      [{ queue: 'retention-sweeps', daily: { kind: 'retention-sweep' } }, { queue: 'appointment-texts' }],
      (queue) => ({
        send: async (messages) => {
          for (const message of messages) sent.push({ queue, message });
        },
      }),
    );
    expect(sent).toEqual([{ queue: 'retention-sweeps', message: { body: { kind: 'retention-sweep' } } }]);
    jest.advanceTimersByTime(86_400_000);
    expect(sent).toHaveLength(2);
    stop();
    jest.advanceTimersByTime(2 * 86_400_000);
    expect(sent).toHaveLength(2);
  });
});
