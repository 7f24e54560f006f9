import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { FieldServiceConfig, FieldServiceConfigStore } from '#shared/ports/field-service-config-store';
import { teamPk } from './keys';

const SK = 'FIELD_SERVICE';

/** The team's configuration item; the configuration is kept whole under `config`, as the port types it. */
type FieldServiceConfigItem = {
  readonly pk: string;
  readonly sk: typeof SK;
  readonly config: FieldServiceConfig;
};

/**
 * `TEAM#<t>` / `FIELD_SERVICE` in the teams table, beside the team's other configuration. The
 * table is encrypted at rest with its KMS key and only the functions whose rows list it read it;
 * the client secret never leaves this item but for the token request.
 */
export class DynamoFieldServiceConfigStore implements FieldServiceConfigStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async getFieldServiceConfig(teamId: number): Promise<FieldServiceConfig | null> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { pk: teamPk(teamId), sk: SK } }));
    const item = result.Item as FieldServiceConfigItem | undefined;
    return item?.config ?? null;
  }

  async putFieldServiceConfig(teamId: number, config: FieldServiceConfig | null): Promise<void> {
    const Key = { pk: teamPk(teamId), sk: SK };
    if (config === null) await this.client.send(new DeleteCommand({ TableName: this.tableName, Key }));
    else {
      const item: FieldServiceConfigItem = { pk: Key.pk, sk: SK, config };
      await this.client.send(new PutCommand({ TableName: this.tableName, Item: item }));
    }
  }
}
