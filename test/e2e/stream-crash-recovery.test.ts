import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type AttributeValue, PutItemCommand, QueryCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { localDynamoClient } from '../../local/dynamodb/embedded';
import { type ServiceProcess, startServiceProcess } from '../support/service-process';
import { iteratorOf, readFrom, streamArnOf, streamsClient } from '../support/streams';

/**
 * The local service killed with SIGKILL while sessions are written and its stream consumer is
 * mid-batch, then started again on the same data folder: every acknowledged write has its stream
 * record and no record exists without its write (they are one LevelDB batch), and the consumer
 * resumes after its last checkpoint, so every record is handled at least once (the batch in hand
 * at the kill is handed over again).
 */
const CHILD = 'test/support/stream-service-child.ts';
const SESSIONS = 'local-sessions';

const dirs: string[] = [];
const running: ServiceProcess[] = [];
afterAll(async () => {
  for (const service of running) await service.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function start(dataDir: string, handledFile: string, delayMs: number): Promise<{ service: ServiceProcess; endpoint: string }> {
  const service = await startServiceProcess(dataDir, { HANDLED_FILE: handledFile, HANDLER_DELAY_MS: String(delayMs) }, CHILD);
  running.push(service);
  await until(() => /DynamoDB (http:\S+)/.test(service.output()), 'the DynamoDB endpoint');
  return { service, endpoint: /DynamoDB (http:\S+)/.exec(service.output())?.[1] ?? '' };
}

const handledLines = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => {
          const [sequence = '', event = '', sk = ''] = line.split(' ');
          return { sequence, event, sk };
        })
    : [];

describe('stream records and the stream consumer across a SIGKILL', () => {
  it('loses no record of an acknowledged write, records no write that did not happen, and handles every record at least once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stream-crash-'));
    dirs.push(dataDir);
    const handledFile = path.join(dataDir, 'handled.txt');

    const first = await start(dataDir, handledFile, 1000);
    const client = localDynamoClient(first.endpoint);
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const sk = `s-${String(i).padStart(5, '0')}`;
        try {
          await client.send(new PutItemCommand({ TableName: SESSIONS, Item: { pk: { S: 'TEAM#1' }, sk: { S: sk }, n: { N: String(i) } } }));
          acknowledged.push(sk);
        } catch {
          return; // the process is gone
        }
      }
    })();
    // Killed once the consumer has checkpointed and is handling a later batch, with writes under way.
    const checkpointed = async () => {
      const rows = await client.send(
        new QueryCommand({
          TableName: 'local-local-runtime',
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: 'STREAM#session-rollups' } },
        }),
      );
      return (rows.Items ?? []).length > 0 && handledLines(handledFile).length >= 100;
    };
    await until(checkpointed, 'a checkpoint');
    // Killed just after a batch was recorded as handled, within the second its handler takes to
    // answer: that batch is in hand and not checkpointed, so it must be handed over again.
    const handledSoFar = handledLines(handledFile).length;
    await until(async () => handledLines(handledFile).length > handledSoFar, 'a batch in hand');
    await first.service.kill('SIGKILL');
    running.splice(running.indexOf(first.service), 1);
    writing = false;
    await writer;
    client.destroy();
    const handledBeforeKill = handledLines(handledFile).length;
    expect(acknowledged.length).toBeGreaterThan(0);

    const second = await start(dataDir, handledFile, 0);
    expect(second.service.output()).toMatch(/"resumedAfter":"\d{21}"/);
    const after = localDynamoClient(second.endpoint);
    const streams = streamsClient(second.endpoint);
    try {
      const handledKeys = () => new Set(handledLines(handledFile).map((h) => h.sk));
      await until(() => acknowledged.every((sk) => handledKeys().has(sk)), 'every acknowledged write handled');

      // The table and its stream agree exactly: one INSERT per stored item, none for anything else.
      const stored: string[] = [];
      let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
      do {
        const page = await after.send(new ScanCommand({ TableName: SESSIONS, ExclusiveStartKey }));
        stored.push(...(page.Items ?? []).map((item) => item.sk?.S ?? ''));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      const records = await readFrom(streams, await iteratorOf(streams, await streamArnOf(after, SESSIONS), 'TRIM_HORIZON'));
      expect(records.map((r) => r.dynamodb?.Keys?.sk?.S).sort()).toEqual([...stored].sort());
      expect(stored).toEqual(expect.arrayContaining(acknowledged));

      // At least once: every record handled; the batch in hand at the kill was handed over again.
      const handled = handledLines(handledFile);
      expect(new Set(handled.map((h) => h.sequence))).toEqual(new Set(records.map((r) => r.dynamodb?.SequenceNumber)));
      expect(handled.length).toBeGreaterThan(new Set(handled.map((h) => h.sequence)).size);
      expect(handledBeforeKill).toBeLessThan(handled.length);
    } finally {
      streams.destroy();
      after.destroy();
    }
  });
});
