import { startLocalDynamo } from '../../../../local/dynamodb/embedded';
import { DYNAMODB_LOCAL_STREAM_RECORDS } from '../../../support/dynamodb-local-stream-records';
import { runStreamScenarios } from '../../../support/stream-scenarios';

/**
 * The embedded DynamoDB's stream emitter against the reference: the same writes
 * (test/support/stream-scenarios.ts) give the records Amazon's DynamoDB Local gives
 * (DYNAMODB_LOCAL_STREAM_RECORDS, asserted against DynamoDB Local itself in
 * dynamodb-local-streams.test.ts), after normalizing run-dependent values.
 */
describe('DynamoDB Streams on the embedded dynalite with its stream emitter', () => {
  it('writes the records DynamoDB Local writes, write by write', async () => {
    const dynamo = await startLocalDynamo();
    try {
      expect((await runStreamScenarios(dynamo.endpoint)).steps).toEqual(DYNAMODB_LOCAL_STREAM_RECORDS);
    } finally {
      await dynamo.stop();
    }
  });
});
