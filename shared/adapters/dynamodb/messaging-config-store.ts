import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_MESSAGING_CONFIG, type MessagingConfig } from '#shared/domain/sms-campaigns/messaging-config';
import type { MessagingConfigStore } from '#shared/ports/messaging-config-store';
import { teamPk } from './keys';

/** `TEAM#<t>` / `CONFIG#messaging` in the teams table: the configuration as one map. */
type MessagingConfigItem = {
  readonly pk: string;
  readonly sk: 'CONFIG#messaging';
  readonly config: {
    readonly quiet_hours?: MessagingConfig['quiet_hours'];
    readonly solicitation_overrides?: MessagingConfig['solicitation_overrides'];
    readonly origination?: MessagingConfig['origination'];
    readonly phone_region?: string;
  };
  readonly updated_at: string;
};

const SK = 'CONFIG#messaging';

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

/** A member the stored map lacks takes its default (the CLI validated what it wrote). */
function fromMessagingConfigItem(item: MessagingConfigItem): MessagingConfig {
  const { config } = item;
  return {
    quiet_hours: config.quiet_hours ?? DEFAULT_MESSAGING_CONFIG.quiet_hours,
    ...(config.solicitation_overrides === undefined ? {} : { solicitation_overrides: config.solicitation_overrides }),
    ...(config.origination === undefined ? {} : { origination: config.origination }),
    phone_region: config.phone_region ?? DEFAULT_MESSAGING_CONFIG.phone_region,
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
    return result.Item?.config ? fromMessagingConfigItem(result.Item as MessagingConfigItem) : DEFAULT_MESSAGING_CONFIG;
  }

  async putMessagingConfig(teamId: number, config: MessagingConfig): Promise<void> {
    await this.client.send(
      new PutCommand({ TableName: this.tableName, Item: toMessagingConfigItem(teamId, config, new Date().toISOString()) }),
    );
  }
}
