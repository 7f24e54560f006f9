import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { ensureTables, type LocalDynamo, startLocalDynamo } from '../../../../local/dynamodb/embedded';

/** The embedded DynamoDB's import path: items and their index entries, read back through the wire. */
let dynamo: LocalDynamo;

beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  dynamo = await startLocalDynamo();
  await ensureTables(dynamo.endpoint, 'import');
});
afterAll(() => dynamo.stop());

const table = () => physicalTableName('sessions');
const query = async (indexName: string | undefined, key: string, value: string) =>
  (
    await getDocumentClient().send(
      new QueryCommand({
        TableName: table(),
        IndexName: indexName,
        KeyConditionExpression: '#k = :v',
        ExpressionAttributeNames: { '#k': key },
        ExpressionAttributeValues: { ':v': value },
      }),
    )
  ).Items ?? [];

const session = (n: number, booked: boolean) => ({
  pk: 'TEAM#1',
  sk: `2026-11-0${n}T10:00:00.000Z#s-${n}`,
  statusPk: `TEAM#1#${booked ? 'booked' : 'pending'}`,
  ...(booked ? { bookedPk: 'TEAM#1', bookedSk: `2026-11-0${n}T11:00:00.000Z#s-${n}` } : {}),
  customer_info: { name: null, phone: '+13125550100', email: undefined },
  events: [{ event_type: 'opened', count: 2 }],
  recovered: true,
});

describe('importItems', () => {
  it('writes the items and their index entries, which queries over the wire read back as the document client wrote them', async () => {
    await dynamo.importItems(table(), [session(1, true), session(2, false)]);
    const rows = await query(undefined, 'pk', 'TEAM#1');
    expect(rows.map((r) => r.sk)).toEqual([session(1, true).sk, session(2, false).sk]);
    expect(rows[0]).toEqual({ ...session(1, true), customer_info: { name: null, phone: '+13125550100' } });
    expect((await query('bookings', 'bookedPk', 'TEAM#1')).map((r) => r.sk)).toEqual([session(1, true).sk]);
    expect((await query('byStatus', 'statusPk', 'TEAM#1#pending')).map((r) => r.sk)).toEqual([session(2, false).sk]);
  });

  it('replaces an item imported again with its index entries, leaving none of the old ones', async () => {
    await dynamo.importItems(table(), [session(1, false)]);
    expect(await query('bookings', 'bookedPk', 'TEAM#1')).toEqual([]);
    expect((await query('byStatus', 'statusPk', 'TEAM#1#booked')).length).toBe(0);
    expect((await query('byStatus', 'statusPk', 'TEAM#1#pending')).length).toBe(2);
    expect((await query(undefined, 'pk', 'TEAM#1')).length).toBe(2);
  });

  it('refuses an import with two items of one key, an item without its key, and a value that is not JSON', async () => {
    await expect(dynamo.importItems(table(), [session(3, false), session(3, true)])).rejects.toThrow('same key');
    await expect(dynamo.importItems(table(), [{ pk: 'TEAM#1' }])).rejects.toThrow(/import into .*sessions failed/);
    await expect(dynamo.importItems(table(), [{ ...session(4, false), at: new Date(0) }])).rejects.toThrow('attribute at');
    expect((await query(undefined, 'pk', 'TEAM#1')).length).toBe(2);
  });
});
