import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { DEFAULT_MESSAGING_CONFIG, type MessagingConfig, messagingConfigSchema } from '#shared/domain/sms-campaigns/messaging-config';
import { atLoad } from '#shared/lazy';
import type { MessagingConfigStore } from '#shared/ports/messaging-config-store';
import { teamPk } from './keys';
import { parseStoredItem } from './query';

/**
 * `TEAM#<t>` / `CONFIG#messaging` in the teams table: the configuration as one map, read back
 * through the schema the operator CLI validated it with, so a member the map lacks (written before
 * it existed) takes its default.
 */
const storedMessagingConfig = /* @__PURE__ */ atLoad(() => z.object({ config: messagingConfigSchema }));

type MessagingConfigItem = { readonly pk: string; readonly sk: typeof SK; readonly updated_at: string } & z.input<
  typeof storedMessagingConfig
>;

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

/** A team's texting configuration in the teams table. */
export class DynamoMessagingConfigStore implements MessagingConfigStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async getMessagingConfig(teamId: number): Promise<MessagingConfig> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { pk: teamPk(teamId), sk: SK } }));
    return result.Item ? parseStoredItem(storedMessagingConfig, result.Item, 'messaging configuration').config : DEFAULT_MESSAGING_CONFIG;
  }

  async putMessagingConfig(teamId: number, config: MessagingConfig): Promise<void> {
    await this.client.send(
      new PutCommand({ TableName: this.tableName, Item: toMessagingConfigItem(teamId, config, new Date().toISOString()) }),
    );
  }
}
