import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { type SchedulerConfig, type SchedulerSettingsInput, schedulerSettingsSchema } from '#shared/domain/schedulers';
import { atLoad } from '#shared/lazy';
import type { PositionedScheduler, SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import { padId, teamPk } from './keys';
import { type Item, parseStoredItem, queryUpTo } from './query';

const PREFIX = 'SCHEDULER#';

function schedulerSk(schedulerId: number): string {
  return `${PREFIX}${padId(schedulerId)}`;
}

/**
 * A scheduler as stored: its settings under their own names (the settings schema, which the
 * operator's input is also parsed with, so the one field list types, fills and validates the item),
 * its ids and times. The booking and follow-through members are absent on rows written before they
 * existed: the schema's defaults (BOOKING_DEFAULTS, FOLLOW_THROUGH_DEFAULTS) fill them when read.
 * Keys and any other attribute are dropped when read.
 */
const storedScheduler = /* @__PURE__ */ atLoad(() => {
  // One instance per kind of member (a schema is immutable), as for the other stored items.
  const number = z.number();
  const text = z.string();
  return z.object({ ...schedulerSettingsSchema.shape, scheduler_id: number, team_id: number, created_at: text, updated_at: text });
}) satisfies z.ZodMiniType<SchedulerConfig>;

/** A scheduler's item: its key and the stored scheduler. */
type SchedulerItem = { readonly pk: string; readonly sk: string } & z.input<typeof storedScheduler>;

function toSchedulerItem(config: SchedulerConfig): SchedulerItem {
  return { pk: teamPk(config.team_id), sk: schedulerSk(config.scheduler_id), ...config };
}

function fromSchedulerItem(item: Item): SchedulerConfig {
  return parseStoredItem(storedScheduler, item, 'scheduler');
}

/**
 * Scheduler configurations in the teams table, beside the team's other configuration:
 * `TEAM#<t>` / `SCHEDULER#<scheduler id, zero-padded>`. A team's list is one Query on its
 * partition over the SCHEDULER# range (the team's other items are outside it), by id.
 */
export class DynamoSchedulerConfigStore implements SchedulerConfigStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listSchedulers(query: {
    readonly teamId: number;
    readonly after?: string;
    readonly limit: number;
  }): Promise<PositionedScheduler[]> {
    // The position is the last row's zero-padded id: the next page starts at the id after it.
    const lo = query.after === undefined ? schedulerSk(0) : schedulerSk(Number(query.after) + 1);
    const items = await queryUpTo(
      this.client,
      {
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: { ':pk': teamPk(query.teamId), ':lo': lo, ':hi': `${PREFIX}9999999999` },
      },
      query.limit + 1,
    );
    return items.map((item) => {
      const scheduler = fromSchedulerItem(item);
      return { scheduler, position: padId(scheduler.scheduler_id) };
    });
  }

  async getScheduler(teamId: number, schedulerId: number): Promise<SchedulerConfig | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: teamPk(teamId), sk: schedulerSk(schedulerId) }, ConsistentRead: true }),
    );
    return result.Item ? fromSchedulerItem(result.Item) : null;
  }

  async putScheduler(teamId: number, schedulerId: number, settings: SchedulerSettingsInput, now: Date): Promise<SchedulerConfig> {
    const existing = await this.getScheduler(teamId, schedulerId);
    const config: SchedulerConfig = {
      scheduler_id: schedulerId,
      team_id: teamId,
      ...schedulerSettingsSchema.parse(settings),
      created_at: existing?.created_at ?? now.toISOString(),
      updated_at: now.toISOString(),
    };
    await this.client.send(new PutCommand({ TableName: this.tableName, Item: toSchedulerItem(config) }));
    return config;
  }
}
