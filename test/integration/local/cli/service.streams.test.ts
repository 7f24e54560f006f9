import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type AttributeValue, PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { type LocalService, startLocalService } from '../../../../local/cli/service';
import { localDynamoClient } from '../../../../local/dynamodb/embedded';
import type { StreamHandler } from '../../../../local/runtime/stream-mapping';

process.env.LOG_LEVEL = 'silent';

/**
 * The local service runs one stream poller per stream consumer row: startLocalService returns
 * once the consumers have handled a fresh seed, settle() waits for them, a write reaches the
 * consumer within the row's batching window and a poll, and a restart resumes after the checkpoint.
 * The consumer's handler is the test's own (loadStreamHandler).
 */
const S = (value: string) => ({ S: value });

function recorder(): { seen: { key: string; event: string }[]; load: (name: string) => StreamHandler } {
  const seen: { key: string; event: string }[] = [];
  return {
    seen,
    // Only the sessions consumer's records (the outbox publisher is handed its own, none here).
    load: (name) => async (event: DynamoDBStreamEvent) => {
      if (name !== 'session-rollups') return { batchItemFailures: [] };
      for (const record of event.Records)
        seen.push({ key: `${record.dynamodb?.Keys?.pk?.S}|${record.dynamodb?.Keys?.sk?.S}`, event: record.eventName ?? '' });
      return { batchItemFailures: [] };
    },
  };
}

describe('stream consumers of the local service', () => {
  let service: LocalService | undefined;
  const dirs: string[] = [];
  afterEach(async () => {
    await service?.stop();
    service = undefined;
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('returns from a start that seeded the demo only once the consumer has handled every seeded session', async () => {
    const { seen, load } = recorder();
    service = await startLocalService({ port: 0, dataDir: undefined, seed: true, loadStreamHandler: load });
    expect(service.streams.consumers.has('session-rollups')).toBe(true);
    const client = localDynamoClient(service.dynamoEndpoint);
    try {
      const keys = new Set<string>();
      let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
      do {
        const page = await client.send(
          new ScanCommand({ TableName: physicalTableName('sessions'), ProjectionExpression: 'pk, sk', ExclusiveStartKey }),
        );
        for (const item of page.Items ?? []) keys.add(`${item.pk?.S}|${item.sk?.S}`);
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      expect(keys.size).toBeGreaterThan(1000);
      expect(new Set(seen.filter((s) => s.event === 'INSERT').map((s) => s.key))).toEqual(keys);
    } finally {
      client.destroy();
    }
  });

  it('brings a write to the consumer within the batching window and a poll, and settle() waits for it', async () => {
    const { seen, load } = recorder();
    service = await startLocalService({ port: 0, dataDir: undefined, seed: false, loadStreamHandler: load });
    const client = localDynamoClient(service.dynamoEndpoint);
    try {
      const written = Date.now();
      await client.send(new PutItemCommand({ TableName: physicalTableName('sessions'), Item: { pk: S('TEAM#9'), sk: S('fresh') } }));
      while (seen.length === 0 && Date.now() - written < 5000) await new Promise((resolve) => setTimeout(resolve, 10));
      // The row's window is 1 s; the poller looks four times a second.
      expect(Date.now() - written).toBeLessThan(2000);
      expect(seen).toEqual([{ key: 'TEAM#9|fresh', event: 'INSERT' }]);

      await client.send(new PutItemCommand({ TableName: physicalTableName('sessions'), Item: { pk: S('TEAM#9'), sk: S('settled') } }));
      await service.settle();
      expect(seen.map((s) => s.key)).toEqual(['TEAM#9|fresh', 'TEAM#9|settled']);
    } finally {
      client.destroy();
    }
  });

  it('resumes after its checkpoint when the service starts again on the same data folder', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'service-streams-'));
    dirs.push(dataDir);
    const put = async (sk: string) => {
      const client = localDynamoClient(service?.dynamoEndpoint ?? '');
      await client.send(new PutItemCommand({ TableName: physicalTableName('sessions'), Item: { pk: S('TEAM#7'), sk: S(sk) } }));
      client.destroy();
    };
    const first = recorder();
    service = await startLocalService({ port: 0, dataDir, seed: false, loadStreamHandler: first.load, streamBatchingWindowSeconds: 0.05 });
    const rollups = () => service?.restored.streams.filter((s) => s.functionName === 'session-rollups');
    expect(rollups()).toEqual([{ functionName: 'session-rollups', streamArn: expect.any(String), resumedAfter: null }]);
    await put('one');
    await put('two');
    await service.settle();
    await service.stop();

    const second = recorder();
    service = await startLocalService({ port: 0, dataDir, seed: false, loadStreamHandler: second.load, streamBatchingWindowSeconds: 0.05 });
    expect(rollups()).toEqual([
      { functionName: 'session-rollups', streamArn: expect.any(String), resumedAfter: expect.stringMatching(/^\d{21}$/) },
    ]);
    await put('three');
    await service.settle();
    expect(first.seen.map((s) => s.key)).toEqual(['TEAM#7|one', 'TEAM#7|two']);
    expect(second.seen.map((s) => s.key)).toEqual(['TEAM#7|three']);
  });
});
