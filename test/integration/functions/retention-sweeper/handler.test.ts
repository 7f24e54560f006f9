import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { KEEP_EVERYTHING, retentionAudit } from '#shared/domain/call-retention';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { LocalQueue } from '../../../../local/runtime/queue';
import { storedCall } from '../../../support/call-fixture';
import { startEmulator } from '../../../support/emulator';
import { createTenancyFixture, type TenancyFixture } from '../../../support/tenancy-fixture';

/** The retention-sweeper worker on its queue: the daily message sweeps, twice as harmlessly as once. */
let dynamo: LocalDynamo;
let fixture: TenancyFixture;
let calls: DynamoCallStore;

beforeAll(async () => {
  dynamo = await startEmulator();
  fixture = await createTenancyFixture();
  calls = new DynamoCallStore(getDocumentClient(), physicalTableName('calls'));
});
afterAll(() => dynamo.stop());

it('removes an expired transcript on the daily message, and a doubled message changes nothing more', async () => {
  const { own } = fixture.teams;
  const old = { ...storedCall, call_id: randomUUID(), team_id: own.id, started_at: new Date(Date.now() - 3 * 86_400_000).toISOString() };
  await calls.putCalls([old]);
  const setting = { transcriptDays: 1, recordingDays: null };
  await fixture.store.setTeamRetention(own.id, setting, retentionAudit(own, KEEP_EVERYTHING, setting, { kind: 'system' }, new Date()));
  const queue = new LocalQueue({
    name: 'retention-sweeps',
    batchSize: 1,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 0.05,
    consumer: async () =>
      (require('../../../../functions/retention-sweeper/handler') as { handler: (e: SQSEvent) => Promise<never> }).handler,
  });
  try {
    await queue.send([{ body: { kind: 'retention-sweep' } }, { body: { kind: 'retention-sweep' } }]);
    await queue.drained();
    expect(queue.deadLetters).toEqual([]);
  } finally {
    await queue.stop();
  }
  const { turns: _t, turns_trimmed: _tt, ...rest } = old;
  expect(await calls.getCall(own.id, old.call_id)).toEqual({ ...rest, transcript: null });
});
