import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_MESSAGING_CONFIG,
  type MessagingConfig,
  MessagingConfigError,
  readMessagingConfig,
} from '#shared/domain/sms-campaigns/messaging-config';
import type { MessagingConfigStore } from '#shared/ports/messaging-config-store';
import { teamPk } from './keys';

/**
 * `TEAM#<t>` / `CONFIG#messaging` in the teams table: the configuration as one map, read back with
 * the configuration's own reader (readMessagingConfig: a member the map lacks takes its default;
 * one that is not what it should be, or one the configuration does not have, fails the read naming
 * it, as every stored item does: `stored messaging configuration item is malformed at config.<path>`).
 */
type MessagingConfigItem = { readonly pk: string; readonly sk: typeof SK; readonly config: MessagingConfig; readonly updated_at: string };

const SK = 'CONFIG#messaging';

function readStored(config: unknown): MessagingConfig {
  try {
    return readMessagingConfig(config, 'config');
  } catch (error) {
    if (!(error instanceof MessagingConfigError)) throw error;
    throw new Error(`stored messaging configuration item is malformed at ${error.path}: expected ${error.expected}`);
  }
}

function toMessagingConfigItem(teamId: number, config: MessagingConfig, at: string): MessagingConfigItem {
  return {
    pk: teamPk(teamId),
    sk: SK,
    config: {
      quiet_hours: config.quiet_hours,
      ...(config.solicitation_overrides === undefined ? {} : { solicitation_overrides: config.solicitation_overrides }),
      ...(config.origination === undefined ? {} : { origination: config.origination }),
      phone_region: config.phone_region,
    },
    updated_at: at,
  };
}

/** A team's texting configuration in the teams table. */
export class DynamoMessagingConfigStore implements MessagingConfigStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async getMessagingConfig(teamId: number): Promise<MessagingConfig> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { pk: teamPk(teamId), sk: SK } }));
    return result.Item ? readStored(result.Item.config) : DEFAULT_MESSAGING_CONFIG;
  }

  async putMessagingConfig(teamId: number, config: MessagingConfig): Promise<void> {
    await this.client.send(
      new PutCommand({ TableName: this.tableName, Item: toMessagingConfigItem(teamId, config, new Date().toISOString()) }),
    );
  }
}
