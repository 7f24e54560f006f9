import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { sessionKey } from '#shared/adapters/dynamodb/widget-session-items';
import type { Team } from '#shared/domain/tenancy';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { leftSession, recoverySessions, recoveryTeam } from '../../../../support/widget-recovery';

/**
 * A widget session's own attributes, read back from the embedded DynamoDB: the members share one
 * schema per kind (a bare string, a number, an optional string), and each place one sits is
 * refused, and named, on its own.
 */
let dynamo: LocalDynamo;
let team: Team;

beforeAll(async () => {
  dynamo = await startEmulator();
  team = await recoveryTeam('ws_widget_session_store');
});
afterAll(() => dynamo.stop());

async function storedWith(attribute: string, value: unknown) {
  const { ref } = await leftSession(team, null);
  const [name, member] = attribute.split('.');
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: physicalTableName('sessions'),
      Key: sessionKey(ref),
      UpdateExpression: member ? 'SET #a.#m = :v' : 'SET #a = :v',
      ExpressionAttributeNames: member ? { '#a': name ?? '', '#m': member } : { '#a': name ?? '' },
      ExpressionAttributeValues: { ':v': value },
    }),
  );
  return recoverySessions().getSession(ref);
}

describe('a stored widget session', () => {
  it('reads its job and effects marks when they are there, and without them', async () => {
    expect(await storedWith('job_failed_at', '2026-06-10T15:00:00.000Z')).toMatchObject({
      jobFailedAt: '2026-06-10T15:00:00.000Z',
      effectsRecordedAt: null,
    });
    expect(await storedWith('effects_recorded_at', '2026-06-10T15:01:00.000Z')).toMatchObject({
      jobFailedAt: null,
      effectsRecordedAt: '2026-06-10T15:01:00.000Z',
    });
    const { ref } = await leftSession(team, null);
    expect((await recoverySessions().getSession(ref))?.extras).toMatchObject({ lead_id: null, stl_call_id: null });
  });

  it.each([
    ['version', 'two'],
    ['enterpriseId', '1'],
    ['job_failed_at', 5],
    ['effects_recorded_at', false],
    ['widget.lead_id', 'one'],
    ['widget.stl_call_id', '7'],
    ['widget.page_url', 3],
  ])('refuses a malformed %s, naming it', async (attribute, value) => {
    await expect(storedWith(attribute, value)).rejects.toThrow(`stored widget session item is malformed at ${attribute}:`);
  });
});
