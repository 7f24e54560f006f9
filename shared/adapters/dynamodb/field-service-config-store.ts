import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';
import type { FieldServiceConfig, FieldServiceConfigStore } from '#shared/ports/field-service-config-store';
import { teamPk } from './keys';
import { parseStoredItem } from './query';

const SK = 'FIELD_SERVICE';

/**
 * The team's configuration item; the configuration is kept whole under `config`, as the port types
 * it (the operator CLI checks each member before writing; an error names the member, never its value).
 */
const storedFieldServiceConfig = /* @__PURE__ */ atLoad(() => {
  // One instance per kind of member, as for the other stored items (ADR 0195).
  const text = z.string();
  const number = z.number();
  return z.object({
    config: z.discriminatedUnion('system', [
      z.object({ system: z.literal('sandbox') }),
      z.object({
        system: z.literal('servicetitan'),
        tenant_id: text,
        client_id: text,
        client_secret: text,
        app_key: text,
        application_guid: text,
        business_unit_id: number,
        job_type_id: number,
        campaign_id: number,
        cancel_reason_id: z.optional(number),
        api_base_url: text,
        auth_url: text,
      }),
    ]),
  });
}) satisfies z.ZodMiniType<{ config: FieldServiceConfig }>;

type FieldServiceConfigItem = { readonly pk: string; readonly sk: typeof SK } & z.input<typeof storedFieldServiceConfig>;

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
    return result.Item ? parseStoredItem(storedFieldServiceConfig, result.Item, 'field service configuration').config : null;
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
