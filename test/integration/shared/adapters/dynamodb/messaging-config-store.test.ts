import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { teamPk } from '#shared/adapters/dynamodb/keys';
import { DynamoMessagingConfigStore } from '#shared/adapters/dynamodb/messaging-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DEFAULT_MESSAGING_CONFIG, type MessagingConfig } from '#shared/domain/sms-campaigns/messaging-config';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';

/**
 * A team's stored texting configuration read back on the embedded DynamoDB, with the
 * configuration's own reader: members it lacks filled with their defaults, and a map it refuses
 * failing the read as every malformed stored item does, naming where.
 */
let dynamo: LocalDynamo;
let store: DynamoMessagingConfigStore;
let nextTeam = 7_100;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoMessagingConfigStore(getDocumentClient(), physicalTableName('teams'));
});
afterAll(() => dynamo.stop());

/** Stores `config` as the configuration of a team of its own, as it is (no check on the way in). */
async function storedAs(config: unknown): Promise<number> {
  const teamId = nextTeam++;
  await getDocumentClient().send(
    new PutCommand({
      TableName: physicalTableName('teams'),
      Item: { pk: teamPk(teamId), sk: 'CONFIG#messaging', config, updated_at: '2026-06-01T00:00:00.000Z' },
    }),
  );
  return teamId;
}

describe('DynamoMessagingConfigStore', () => {
  it('reads back what it wrote, and the defaults for a team with none stored', async () => {
    const config = {
      quiet_hours: { start_hour: 9, end_hour: 20 },
      solicitation_overrides: { marketing: false, service_follow_up: true },
      origination: { type: 'toll_free' as const, messages_per_second: 2.5 },
      phone_region: 'CA',
    };
    await store.putMessagingConfig(7_000, config);
    expect(await store.getMessagingConfig(7_000)).toStrictEqual(config);
    expect(await store.getMessagingConfig(7_001)).toStrictEqual(DEFAULT_MESSAGING_CONFIG);
  });

  const withDefaults = (config: Partial<MessagingConfig>): MessagingConfig => ({ ...DEFAULT_MESSAGING_CONFIG, ...config });
  it.each<[string, unknown, MessagingConfig]>([
    ['an empty map', {}, DEFAULT_MESSAGING_CONFIG],
    ['quiet hours alone', { quiet_hours: { start_hour: 0, end_hour: 24 } }, withDefaults({ quiet_hours: { start_hour: 0, end_hour: 24 } })],
    ['one end of the quiet hours', { quiet_hours: { end_hour: 23 } }, withDefaults({ quiet_hours: { start_hour: 8, end_hour: 23 } })],
    [
      'an origination without a rate',
      { origination: { type: 'short_code' }, phone_region: 'GB' },
      withDefaults({ origination: { type: 'short_code' }, phone_region: 'GB' }),
    ],
    [
      'overrides',
      { solicitation_overrides: { appointment_reminder: true } },
      withDefaults({ solicitation_overrides: { appointment_reminder: true } }),
    ],
  ])('reads %s, filling the members it lacks', async (_, config, expected) => {
    const teamId = await storedAs(config);
    expect(await store.getMessagingConfig(teamId)).toStrictEqual(expected);
  });

  it.each<[string, unknown, string]>([
    ['a configuration that is not a map', 'quiet', 'config'],
    ['a member the configuration does not have', { quiet_hours: { start_hour: 8, end_hour: 21 }, sender: 'x' }, 'config.sender'],
    ['an hour out of range', { quiet_hours: { start_hour: 24 } }, 'config.quiet_hours.start_hour'],
    ['an hour that is not whole', { quiet_hours: { end_hour: 20.5 } }, 'config.quiet_hours.end_hour'],
    ['an hour stored as text', { quiet_hours: { start_hour: '8' } }, 'config.quiet_hours.start_hour'],
    ['a window that ends before it starts', { quiet_hours: { start_hour: 22, end_hour: 6 } }, 'config.quiet_hours'],
    ['a member of the window it does not have', { quiet_hours: { start_hour: 8, end_minute: 30 } }, 'config.quiet_hours.end_minute'],
    ['an unknown campaign type overridden', { solicitation_overrides: { raffle: true } }, 'config.solicitation_overrides.raffle'],
    ['an override that is not true or false', { solicitation_overrides: { marketing: 'yes' } }, 'config.solicitation_overrides.marketing'],
    ['an unknown origination type', { origination: { type: 'long_code' } }, 'config.origination.type'],
    ['a rate of zero', { origination: { type: '10dlc', messages_per_second: 0 } }, 'config.origination.messages_per_second'],
    ['a rate above the highest', { origination: { type: '10dlc', messages_per_second: 1001 } }, 'config.origination.messages_per_second'],
    ['a region that is not a code', { phone_region: 'usa' }, 'config.phone_region'],
    ['a region stored as null', { phone_region: null }, 'config.phone_region'],
  ])('refuses %s, naming where', async (_, config, where) => {
    const teamId = await storedAs(config);
    await expect(store.getMessagingConfig(teamId)).rejects.toThrow(`stored messaging configuration item is malformed at ${where}:`);
  });
});
