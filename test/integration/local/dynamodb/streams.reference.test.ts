import type { AttributeValue } from '@aws-sdk/client-dynamodb-streams';
import { type DynamoDbLocal, startDynamoDbLocal } from '../../../support/dynamodb-local';
import { DYNAMODB_LOCAL_STREAM_RECORDS } from '../../../support/dynamodb-local-stream-records';
import { MARKER_PK, runStreamScenarios, STEP_NAMES, type StepName, type StreamScenarioResult } from '../../../support/stream-scenarios';

/**
 * DynamoDB Streams on Amazon's DynamoDB Local: the reference for the embedded emulator's stream
 * emitter. The scenarios (test/support/stream-scenarios.ts) create the sessions table as the stack
 * defines it and make every kind of write; these tests record what DynamoDB Local's stream holds
 * for each. Needs Java 17+ (fails, naming it, without).
 */
describe('DynamoDB Streams on Amazon DynamoDB Local (the reference for the embedded emitter)', () => {
  let ddb: DynamoDbLocal | undefined;
  let result: StreamScenarioResult;
  const startedAt = Date.now();

  beforeAll(async () => {
    ddb = await startDynamoDbLocal();
    result = await runStreamScenarios(ddb.endpoint);
  });
  afterAll(async () => {
    await ddb?.stop();
  });

  const sessionOf = (keys: Record<string, AttributeValue> | undefined) => /#(s\d+)$/.exec(keys?.sk?.S ?? '')?.[1];

  it('writes a record for each write that changes an item, and none for one that changes nothing', () => {
    const summary = result.steps.map(({ step, records }) => [
      step,
      records.map((r) => `${r.eventName} ${sessionOf(r.dynamodb?.Keys as never)}`),
    ]);
    expect(summary).toEqual([
      ['PutItem new', ['INSERT s1']],
      ['PutItem overwrite, changed', ['MODIFY s1']],
      ['PutItem overwrite, identical', []],
      ['UpdateItem SET and REMOVE', ['MODIFY s1']],
      ['UpdateItem of a missing item (creates it)', ['INSERT s2']],
      ['UpdateItem to identical values', []],
      // Put s3 (new), delete s1, put s2 (changed), put s5 (new), delete s9 (missing: no record).
      ['BatchWriteItem puts and deletes', ['REMOVE s1', 'MODIFY s2', 'INSERT s3', 'INSERT s5']],
      ['DeleteItem', ['REMOVE s2']],
      ['DeleteItem of a missing item', []],
      ['PutItem failing its condition', []],
      // Put s4 (new), update s3, delete s5, ConditionCheck on s1 (no record).
      ['TransactWriteItems Put, Update, Delete, ConditionCheck', ['MODIFY s3', 'INSERT s4', 'REMOVE s5']],
      ['TransactWriteItems canceled by its ConditionCheck', []],
    ]);
    expect(summary.map(([step]) => step)).toEqual([...STEP_NAMES]);
  });

  it('writes exactly DYNAMODB_LOCAL_STREAM_RECORDS: images, view type, sizes and fields (the normalized reference)', () => {
    expect(result.steps).toEqual(DYNAMODB_LOCAL_STREAM_RECORDS);
  });

  it('an INSERT carries the item after the write, a MODIFY the item before and after, a REMOVE the item before', () => {
    const images = { INSERT: ['NewImage'], MODIFY: ['NewImage', 'OldImage'], REMOVE: ['OldImage'] };
    for (const record of result.steps.flatMap((step) => step.records)) {
      const present = Object.keys(record.dynamodb ?? {}).filter((field) => field.endsWith('Image'));
      expect({ eventName: record.eventName, images: present.sort() }).toEqual({
        eventName: record.eventName,
        images: images[record.eventName as keyof typeof images],
      });
    }
  });

  it('SizeBytes is the metered size of Keys, NewImage and OldImage added up', () => {
    for (const record of result.raw) {
      const { Keys, NewImage, OldImage, SizeBytes } = record.dynamodb ?? {};
      expect(SizeBytes).toBe([Keys, NewImage, OldImage].reduce((sum, image) => sum + (image ? meteredSize(image) : 0), 0));
    }
  });

  it('serves the stream as DynamoDB does: one NEW_AND_OLD_IMAGES stream, increasing sequence numbers, distinct event ids', () => {
    expect(result.streamViewType).toBe('NEW_AND_OLD_IMAGES');
    expect(result.sequenceNumbersIncrease).toBe(true);
    expect(result.eventIdsDistinct).toBe(true);
    // 12 item records and a marker after each of the 12 steps.
    expect(result.records).toHaveLength(12 + STEP_NAMES.length);
  });

  it('fills the fields the normalization drops: what DynamoDB Local puts in them', () => {
    // 21 digits, from 1 in a new stream, one per record, except that the canceled transaction (the
    // last step, before the last marker) used up one number for each of its two write actions.
    expect(result.raw.map((record) => Number(record.dynamodb?.SequenceNumber))).toEqual([
      ...Array.from({ length: 23 }, (_, i) => i + 1),
      26,
    ]);
    for (const record of result.raw) {
      expect(record.dynamodb?.SequenceNumber).toMatch(/^\d{21}$/);
      expect(record.eventID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(record.awsRegion).toBe('ddblocal');
      // GetRecords answers no eventSourceARN (Lambda's event source mapping adds it).
      expect(record).not.toHaveProperty('eventSourceARN');
      // Whole minutes: DynamoDB Local rounds the creation time down to the minute.
      const created = record.dynamodb?.ApproximateCreationDateTime?.getTime() ?? Number.NaN;
      expect(created % 60_000).toBe(0);
      expect(created).toBeGreaterThan(startedAt - 60_000);
      expect(created).toBeLessThanOrEqual(Date.now());
    }
  });

  it('in stream order, a BatchWriteItem has its puts first, in request order, then its deletes; a transaction its actions in request order', () => {
    expect(rawStep('BatchWriteItem puts and deletes')).toEqual(['INSERT s3', 'MODIFY s2', 'INSERT s5', 'REMOVE s1']);
    expect(rawStep('TransactWriteItems Put, Update, Delete, ConditionCheck')).toEqual(['INSERT s4', 'MODIFY s3', 'REMOVE s5']);
  });

  /** A step's records as DynamoDB Local wrote them: between the markers before and after it. */
  const rawStep = (step: StepName) => {
    const index = STEP_NAMES.indexOf(step);
    const markerAt = (i: number) =>
      result.raw.findIndex((r) => r.dynamodb?.Keys?.pk?.S === MARKER_PK && r.dynamodb.Keys.sk?.S === `after#${String(i).padStart(2, '0')}`);
    return result.raw.slice(markerAt(index - 1) + 1, markerAt(index)).map((r) => `${r.eventName} ${sessionOf(r.dynamodb?.Keys)}`);
  };
});

/** An item's size as DynamoDB meters it: names and values in UTF-8 bytes, numbers by their digits. */
function meteredSize(item: Record<string, AttributeValue>): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + valueSize(value), 0);
}

function valueSize(value: AttributeValue): number {
  if (value.S !== undefined) return Buffer.byteLength(value.S);
  if (value.N !== undefined) return numberSize(value.N);
  if (value.B !== undefined) return value.B.byteLength;
  if (value.SS) return value.SS.reduce((sum, s) => sum + Buffer.byteLength(s), 0);
  if (value.NS) return value.NS.reduce((sum, n) => sum + numberSize(n), 0);
  if (value.BS) return value.BS.reduce((sum, b) => sum + b.byteLength, 0);
  if (value.L) return 3 + value.L.reduce((sum, element) => sum + 1 + valueSize(element), 0);
  if (value.M)
    return 3 + Object.entries(value.M).reduce((sum, [name, element]) => sum + 1 + Buffer.byteLength(name) + valueSize(element), 0);
  return 1; // BOOL, NULL
}

/** One byte per two significant digits, plus one; a negative number one more. */
function numberSize(n: string): number {
  const digits = n.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length;
  return Math.ceil(Math.max(1, digits) / 2) + 1 + (n.startsWith('-') ? 1 : 0);
}
