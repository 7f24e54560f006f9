import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  DescribeTableCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ResourceNotFoundException,
  TransactGetItemsCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLES, tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import type { TableName } from '#shared/routes';
import { createDynaliteWithStore, type DynaliteStore } from '../../../../local/dynamodb/dynalite-internals';
import { ensureTables, localDynamoClient, startLocalDynamo } from '../../../../local/dynamodb/embedded';
import { installTransactions } from '../../../../local/dynamodb/transactions';

const tableNames = Object.keys(TABLES) as TableName[];

describe('embedded DynamoDB', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'local-dynamo-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates every table with the keys, indexes and billing mode of the shared definitions', async () => {
    const dynamo = await startLocalDynamo();
    const client = localDynamoClient(dynamo.endpoint);
    try {
      await ensureTables(dynamo.endpoint, 'it');

      for (const name of tableNames) {
        const definition = TABLES[name];
        const { Table: table } = await client.send(new DescribeTableCommand({ TableName: `it-${name}` }));
        expect(table?.TableStatus).toBe('ACTIVE');
        expect(table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
        expect(table?.KeySchema).toEqual([
          { AttributeName: definition.partitionKey, KeyType: 'HASH' },
          ...(definition.sortKey === undefined ? [] : [{ AttributeName: definition.sortKey, KeyType: 'RANGE' }]),
        ]);
        const indexes = (table?.GlobalSecondaryIndexes ?? []).map((i) => ({
          name: i.IndexName,
          keys: i.KeySchema,
          projection: i.Projection?.ProjectionType,
          status: i.IndexStatus,
        }));
        expect(indexes.sort((a, b) => String(a.name).localeCompare(String(b.name)))).toEqual(
          definition.indexes
            .map((i) => ({
              name: i.name,
              keys: [
                { AttributeName: i.partitionKey, KeyType: 'HASH' },
                { AttributeName: i.sortKey, KeyType: 'RANGE' },
              ],
              projection: 'ALL',
              status: 'ACTIVE',
            }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        );
        for (const attribute of table?.AttributeDefinitions ?? []) expect(attribute.AttributeType).toBe('S');
      }
    } finally {
      client.destroy();
      await dynamo.stop();
    }
  });

  it('points the handlers at the tables through the environment', async () => {
    const dynamo = await startLocalDynamo();
    try {
      await ensureTables(dynamo.endpoint, 'env');

      for (const name of tableNames) expect(process.env[tableNameEnvVar(name)]).toBe(`env-${name}`);
      expect(process.env.DYNAMODB_ENDPOINT).toBe(dynamo.endpoint);
      expect(process.env.AWS_REGION).toBe('local');
    } finally {
      await dynamo.stop();
    }
  });

  it('leaves existing tables and their items alone when called again', async () => {
    const dynamo = await startLocalDynamo();
    const client = localDynamoClient(dynamo.endpoint);
    try {
      await ensureTables(dynamo.endpoint, 'again');
      await client.send(new PutItemCommand({ TableName: 'again-teams', Item: { pk: { S: 'A' }, sk: { S: 'B' } } }));

      await ensureTables(dynamo.endpoint, 'again');

      const { Item } = await client.send(new GetItemCommand({ TableName: 'again-teams', Key: { pk: { S: 'A' }, sk: { S: 'B' } } }));
      expect(Item).toEqual({ pk: { S: 'A' }, sk: { S: 'B' } });
    } finally {
      client.destroy();
      await dynamo.stop();
    }
  });

  it('keeps tables and items across a restart with the same data folder', async () => {
    const first = await startLocalDynamo({ dataDir });
    const writer = localDynamoClient(first.endpoint);
    await ensureTables(first.endpoint, 'persist');
    await writer.send(
      new PutItemCommand({ TableName: 'persist-leads', Item: { pk: { S: 'TEAM#1' }, sk: { S: 'lead-1' }, name: { S: 'kept' } } }),
    );
    writer.destroy();
    await first.stop();

    const second = await startLocalDynamo({ dataDir });
    const reader = localDynamoClient(second.endpoint);
    try {
      await ensureTables(second.endpoint, 'persist');
      const { Item } = await reader.send(
        new GetItemCommand({ TableName: 'persist-leads', Key: { pk: { S: 'TEAM#1' }, sk: { S: 'lead-1' } } }),
      );
      expect(Item?.name).toEqual({ S: 'kept' });
    } finally {
      reader.destroy();
      await second.stop();
    }
  });

  it('keeps data across a restart when dynalite runs on the main thread too', async () => {
    const first = await startLocalDynamo({ dataDir, thread: 'main' });
    const writer = localDynamoClient(first.endpoint);
    await ensureTables(first.endpoint, 'persist');
    await writer.send(new PutItemCommand({ TableName: 'persist-calls', Item: { pk: { S: 'TEAM#1' }, sk: { S: 'call-1' } } }));
    writer.destroy();
    await first.stop();

    const second = await startLocalDynamo({ dataDir, thread: 'main' });
    const reader = localDynamoClient(second.endpoint);
    try {
      const { Item } = await reader.send(
        new GetItemCommand({ TableName: 'persist-calls', Key: { pk: { S: 'TEAM#1' }, sk: { S: 'call-1' } } }),
      );
      expect(Item).toBeDefined();
    } finally {
      reader.destroy();
      await second.stop();
    }
  });

  it('starts empty every time without a data folder', async () => {
    const first = await startLocalDynamo();
    await ensureTables(first.endpoint, 'memory');
    await first.stop();

    const second = await startLocalDynamo();
    const client = localDynamoClient(second.endpoint);
    try {
      await expect(client.send(new DescribeTableCommand({ TableName: 'memory-teams' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    } finally {
      client.destroy();
      await second.stop();
    }
  });

  describe('transactions (dynalite has none; the emulator adds them)', () => {
    let dynamo: Awaited<ReturnType<typeof startLocalDynamo>>;
    let client: ReturnType<typeof localDynamoClient>;
    const key = (pk: string) => ({ pk: { S: pk }, sk: { S: 'META' } });

    // One emulator for these tests: each one uses its own item keys.
    beforeAll(async () => {
      dynamo = await startLocalDynamo();
      client = localDynamoClient(dynamo.endpoint);
      await ensureTables(dynamo.endpoint, 'tx');
    });
    afterAll(async () => {
      client.destroy();
      await dynamo.stop();
    });

    it('writes every item of a transaction and keeps the indexes in step', async () => {
      await client.send(new PutItemCommand({ TableName: 'tx-teams', Item: { ...key('C'), n: { N: '1' } } }));

      await client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            {
              Put: {
                TableName: 'tx-teams',
                Item: { ...key('A'), keyListPk: { S: 'APIKEYS' }, keyId: { S: 'k1' } },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Update: {
                TableName: 'tx-teams',
                Key: key('C'),
                UpdateExpression: 'ADD n :one',
                ExpressionAttributeValues: { ':one': { N: '1' } },
              },
            },
            { Delete: { TableName: 'tx-teams', Key: key('missing') } },
          ],
        }),
      );

      const { Responses } = await client.send(
        new TransactGetItemsCommand({
          TransactItems: [{ Get: { TableName: 'tx-teams', Key: key('A') } }, { Get: { TableName: 'tx-teams', Key: key('C') } }],
        }),
      );
      expect(Responses?.[0]?.Item?.keyId).toEqual({ S: 'k1' });
      expect(Responses?.[1]?.Item?.n).toEqual({ N: '2' });
      const byIndex = await client.send(
        new QueryCommand({
          TableName: 'tx-teams',
          IndexName: 'byKeyId',
          KeyConditionExpression: 'keyListPk = :p',
          ExpressionAttributeValues: { ':p': { S: 'APIKEYS' } },
        }),
      );
      expect(byIndex.Items?.map((i) => i.keyId)).toEqual([{ S: 'k1' }]);
    });

    it('writes nothing and reports the failing condition when one condition fails', async () => {
      await client.send(new PutItemCommand({ TableName: 'tx-teams', Item: { ...key('TAKEN'), v: { S: 'old' } } }));

      const attempt = client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: 'tx-teams', Item: { ...key('NEW') } } },
            { Put: { TableName: 'tx-teams', Item: { ...key('TAKEN'), v: { S: 'new' } }, ConditionExpression: 'attribute_not_exists(pk)' } },
          ],
        }),
      );

      await expect(attempt).rejects.toBeInstanceOf(TransactionCanceledException);
      await expect(attempt).rejects.toMatchObject({ CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }] });
      expect((await client.send(new GetItemCommand({ TableName: 'tx-teams', Key: key('NEW') }))).Item).toBeUndefined();
      expect((await client.send(new GetItemCommand({ TableName: 'tx-teams', Key: key('TAKEN') }))).Item?.v).toEqual({ S: 'old' });
    });

    it('cancels on a failed ConditionCheck without writing the other items', async () => {
      const attempt = client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { ConditionCheck: { TableName: 'tx-teams', Key: key('ABSENT'), ConditionExpression: 'attribute_exists(pk)' } },
            { Put: { TableName: 'tx-teams', Item: key('OTHER') } },
          ],
        }),
      );

      await expect(attempt).rejects.toMatchObject({ name: 'TransactionCanceledException' });
      expect((await client.send(new GetItemCommand({ TableName: 'tx-teams', Key: key('OTHER') }))).Item).toBeUndefined();
    });

    it('refuses two operations on the same item', async () => {
      const attempt = client.send(
        new TransactWriteItemsCommand({
          TransactItems: [{ Put: { TableName: 'tx-teams', Item: key('SAME') } }, { Delete: { TableName: 'tx-teams', Key: key('SAME') } }],
        }),
      );

      await expect(attempt).rejects.toMatchObject({ name: 'ValidationException' });
    });
  });

  describe('transactions are all-or-nothing across a crash', () => {
    let server: Server;
    let store: DynaliteStore;
    let client: ReturnType<typeof localDynamoClient>;
    const key = (pk: string) => ({ pk: { S: pk }, sk: { S: 'META' } });
    const calls = { put: 0, del: 0, batches: [] as { type: string; key: string }[][] };

    beforeAll(async () => {
      ({ server, store } = createDynaliteWithStore({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 }));
      installTransactions(server, store);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      client = localDynamoClient(endpoint);
      await ensureTables(endpoint, 'atomic');
      // Every write that reaches LevelDB, counted from here on.
      const db = store.db as unknown as Record<'put' | 'del' | 'batch', (...args: unknown[]) => unknown>;
      const { put, del, batch } = db;
      db.put = (...args) => {
        calls.put++;
        return put.apply(store.db, args);
      };
      db.del = (...args) => {
        calls.del++;
        return del.apply(store.db, args);
      };
      db.batch = (...args) => {
        calls.batches.push(args[0] as { type: string; key: string }[]);
        return batch.apply(store.db, args);
      };
    });
    afterAll(async () => {
      client.destroy();
      await new Promise((resolve) => server.close(resolve));
    });
    beforeEach(() => {
      calls.put = 0;
      calls.del = 0;
      calls.batches = [];
    });

    it("writes a transaction's items and index entries to LevelDB as one batch, so a killed process keeps all or none", async () => {
      await client.send(new PutItemCommand({ TableName: 'atomic-teams', Item: { ...key('C'), n: { N: '1' } } }));
      calls.put = 0;

      await client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: 'atomic-teams', Item: { ...key('A'), keyListPk: { S: 'APIKEYS' }, keyId: { S: 'k9' } } } },
            {
              Update: {
                TableName: 'atomic-teams',
                Key: key('C'),
                UpdateExpression: 'ADD n :one',
                ExpressionAttributeValues: { ':one': { N: '1' } },
              },
            },
          ],
        }),
      );

      expect({ put: calls.put, del: calls.del }).toEqual({ put: 0, del: 0 });
      expect(calls.batches).toHaveLength(1);
      const keys = calls.batches[0]?.map((op) => `${op.type} ${op.key.split('~')[0]}`).sort();
      expect(keys).toEqual(['put index-global', 'put item-atomic-teams', 'put item-atomic-teams']);
      // The keys the batch wrote are the ones dynalite reads: items and the index entry.
      expect((await client.send(new GetItemCommand({ TableName: 'atomic-teams', Key: key('C') }))).Item?.n).toEqual({ N: '2' });
      const byIndex = await client.send(
        new QueryCommand({
          TableName: 'atomic-teams',
          IndexName: 'byKeyId',
          KeyConditionExpression: 'keyListPk = :p',
          ExpressionAttributeValues: { ':p': { S: 'APIKEYS' } },
        }),
      );
      expect(byIndex.Items?.map((i) => i.keyId)).toEqual([{ S: 'k9' }]);
    });

    it('writes nothing when an action fails after every condition passed (an update over the item size limit)', async () => {
      await client.send(new PutItemCommand({ TableName: 'atomic-teams', Item: { ...key('BIG'), a: { S: 'x'.repeat(250_000) } } }));

      const attempt = client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: 'atomic-teams', Item: key('BESIDE') } },
            {
              Update: {
                TableName: 'atomic-teams',
                Key: key('BIG'),
                UpdateExpression: 'SET b = :b',
                ExpressionAttributeValues: { ':b': { S: 'y'.repeat(200_000) } },
              },
            },
          ],
        }),
      );

      await expect(attempt).rejects.toMatchObject({ name: 'ValidationException' });
      expect((await client.send(new GetItemCommand({ TableName: 'atomic-teams', Key: key('BESIDE') }))).Item).toBeUndefined();
      expect((await client.send(new GetItemCommand({ TableName: 'atomic-teams', Key: key('BIG') }))).Item?.b).toBeUndefined();
    });
  });

  describe('ReturnValuesOnConditionCheckFailure (newer than dynalite; the emulator adds it)', () => {
    let dynamo: Awaited<ReturnType<typeof startLocalDynamo>>;
    let client: ReturnType<typeof localDynamoClient>;
    const TableName = 'rv-idempotency';
    const existing = { id: { S: 'taken' }, status: { S: 'COMPLETED' }, expiration: { N: '1' } };
    const failing = { TableName, ConditionExpression: 'attribute_not_exists(id)' };

    beforeAll(async () => {
      dynamo = await startLocalDynamo();
      client = localDynamoClient(dynamo.endpoint);
      await ensureTables(dynamo.endpoint, 'rv');
      await client.send(new PutItemCommand({ TableName, Item: existing }));
    });
    afterAll(async () => {
      client.destroy();
      await dynamo.stop();
    });

    async function failure(send: Promise<unknown>): Promise<ConditionalCheckFailedException> {
      const error = await send.then(
        () => undefined,
        (e: unknown) => e,
      );
      if (!(error instanceof ConditionalCheckFailedException)) throw new Error(`expected a failed condition, got ${String(error)}`);
      return error;
    }

    it('returns the item as it was with a failed PutItem, UpdateItem or DeleteItem condition when asked for ALL_OLD, as DynamoDB does', async () => {
      const key = { id: existing.id };
      const attempts = [
        client.send(new PutItemCommand({ ...failing, Item: { id: existing.id }, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })),
        client.send(
          new UpdateItemCommand({
            ...failing,
            Key: key,
            UpdateExpression: 'SET #s = :s',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':s': { S: 'INPROGRESS' } },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        ),
        client.send(new DeleteItemCommand({ ...failing, Key: key, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })),
      ];
      for (const attempt of attempts) expect((await failure(attempt)).Item).toEqual(existing);
      expect((await client.send(new GetItemCommand({ TableName, Key: key }))).Item).toEqual(existing);
    });

    it('returns no item when not asked, or when there was none', async () => {
      const notAsked = await failure(client.send(new PutItemCommand({ ...failing, Item: { id: existing.id } })));
      const none = await failure(
        client.send(
          new PutItemCommand({
            TableName,
            Item: { id: { S: 'absent' } },
            ConditionExpression: 'attribute_exists(id)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        ),
      );
      expect([notAsked.Item, none.Item]).toEqual([undefined, undefined]);
    });

    it('refuses a value DynamoDB does not know', async () => {
      const attempt = client.send(
        new PutItemCommand({ ...failing, Item: { id: { S: 'x' } }, ReturnValuesOnConditionCheckFailure: 'ALL_NEW' as 'ALL_OLD' }),
      );
      await expect(attempt).rejects.toMatchObject({ name: 'ValidationException' });
    });
  });
});
