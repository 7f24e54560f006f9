import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { LocalQueue, type SqsConsumer } from '../../../../local/runtime/queue';
import type { RuntimeStateStore } from '../../../../local/runtime/state';
import { startRuntimeState } from '../../../support/runtime-state';

process.env.LOG_LEVEL = 'silent';

/**
 * The local queue keeps SQS's guarantees across a crash when it has a state store: what `send`
 * acknowledged is delivered even if the process dies before or while its worker runs, receive
 * counts carry over (so dead-lettering and the workers' claim rules see the true count), and a
 * message is gone only after its worker succeeded. A "crash" here is a queue abandoned with a
 * batch whose worker never returns, and a second queue restored from the same store.
 */
let runtime: Awaited<ReturnType<typeof startRuntimeState>>;
let queueNumber = 0;
beforeAll(async () => {
  runtime = await startRuntimeState();
});
afterAll(() => runtime.stop());

interface Delivery {
  readonly body: string;
  readonly messageId: string;
  readonly receiveCount: number;
}

function recordingConsumer(outcome: (d: Delivery) => 'ok' | 'fail' | 'hang' = () => 'ok') {
  const deliveries: Delivery[] = [];
  const consumer: SqsConsumer = async (event: SQSEvent) => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const r of event.Records) {
      const d = { body: r.body, messageId: r.messageId, receiveCount: Number(r.attributes.ApproximateReceiveCount) };
      deliveries.push(d);
      const result = outcome(d);
      if (result === 'hang') await new Promise(() => undefined);
      if (result === 'fail') failures.push({ itemIdentifier: r.messageId });
    }
    return { batchItemFailures: failures };
  };
  return { deliveries, consumer };
}

function queueOn(
  state: RuntimeStateStore,
  name: string,
  consumer: SqsConsumer,
  maxReceiveCount = 5,
  visibilityTimeoutSeconds = 0.05,
): LocalQueue {
  return new LocalQueue({
    // The queue name only selects the partition of the state table; each test uses its own.
    name: name as 'outreach-calls',
    batchSize: 5,
    maxReceiveCount,
    visibilityTimeoutSeconds,
    state,
    consumer: async () => consumer,
  });
}

const freshName = () => `test-queue-${++queueNumber}`;

describe('LocalQueue with a state store', () => {
  it('delivers after a restart a message that was acknowledged but never delivered', async () => {
    const name = freshName();
    const first = queueOn(runtime.state, name, recordingConsumer().consumer);
    await first.stop();
    await first.send([{ body: { n: 1 } }]);

    const second = recordingConsumer();
    const restarted = queueOn(runtime.state, name, second.consumer);
    expect(await restarted.restore()).toBe(1);
    await restarted.drained();
    await restarted.stop();

    expect(second.deliveries.map((d) => d.body)).toEqual(['{"n":1}']);
    expect(await runtime.state.list(`QUEUE#${name}`)).toEqual([]);
  });

  it('delivers a message again, with its receive count carried over, when the process died while its worker ran', async () => {
    const name = freshName();
    const crashed = recordingConsumer(() => 'hang');
    const first = queueOn(runtime.state, name, crashed.consumer);
    await first.send([{ body: { n: 2 } }]);
    await waitFor(() => crashed.deliveries.length === 1);
    void first.stop(); // never resolves: its batch never finishes, like a killed process

    const second = recordingConsumer();
    const restarted = queueOn(runtime.state, name, second.consumer);
    await restarted.restore();
    await restarted.drained();
    await restarted.stop();

    expect(second.deliveries).toEqual([{ body: '{"n":2}', messageId: crashed.deliveries[0]?.messageId, receiveCount: 2 }]);
  });

  it('dead-letters a message after its receives across restarts add up to maxReceiveCount', async () => {
    const name = freshName();
    const first = recordingConsumer(() => 'fail');
    const q1 = queueOn(runtime.state, name, first.consumer, 3);
    await q1.send([{ body: { poison: true } }]);
    await waitFor(() => first.deliveries.length === 2);
    await q1.stop();

    const second = recordingConsumer(() => 'fail');
    const q2 = queueOn(runtime.state, name, second.consumer, 3);
    await q2.restore();
    await q2.drained();
    await q2.stop();

    expect(second.deliveries.map((d) => d.receiveCount)).toEqual([3]);
    expect(q2.deadLetters.map((m) => m.body)).toEqual(['{"poison":true}']);
    expect(await runtime.state.list(`QUEUE#${name}`)).toEqual([]);
  });

  it('keeps the messages a worker reported as failed, invisible until their timeout, and deletes the ones it finished', async () => {
    const name = freshName();
    const consumer = recordingConsumer((d) => (d.body === '{"n":"bad"}' ? 'fail' : 'ok'));
    const queue = queueOn(runtime.state, name, consumer.consumer, 5, 600);
    await queue.send([{ body: { n: 'good' } }, { body: { n: 'bad' } }]);
    await waitFor(() => consumer.deliveries.length === 2 && queue.depth === 1);
    await queue.stop();

    const stored = await runtime.state.list(`QUEUE#${name}`);
    expect(stored).toEqual([expect.objectContaining({ body: '{"n":"bad"}', receiveCount: 1 })]);
    expect(Number(stored[0]?.visibleAt)).toBeGreaterThan(Date.now() + 500_000);
  });

  it('answers a send only once the message is stored', async () => {
    const name = freshName();
    const queue = queueOn(runtime.state, name, recordingConsumer(() => 'hang').consumer);
    await queue.stop();
    await queue.send([{ body: { a: 1 }, delaySeconds: 600 }]);

    const [row] = await runtime.state.list(`QUEUE#${name}`);
    expect(row).toMatchObject({ body: '{"a":1}', receiveCount: 0 });
    expect(Number(row?.visibleAt)).toBeGreaterThan(Date.now() + 500_000);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('condition not reached');
}
