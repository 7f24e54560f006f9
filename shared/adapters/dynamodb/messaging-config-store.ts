import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_MESSAGING_CONFIG, type MessagingConfig } from '#shared/domain/sms/messaging-config';
import { teamPk } from './keys';

/** A team's texting configuration: `TEAM#<t>` / `CONFIG#messaging` in the teams table. */
export class DynamoMessagingConfigStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async getMessagingConfig(teamId: number): Promise<MessagingConfig> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: teamPk(teamId), sk: 'CONFIG#messaging' } }),
    );
    return (result.Item?.config as MessagingConfig | undefined) ?? DEFAULT_MESSAGING_CONFIG;
  }

  async putMessagingConfig(teamId: number, config: MessagingConfig): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { pk: teamPk(teamId), sk: 'CONFIG#messaging', config, updated_at: new Date().toISOString() },
      }),
    );
  }
}
