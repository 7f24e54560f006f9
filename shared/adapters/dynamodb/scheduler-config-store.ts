import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { FOLLOW_THROUGH_DEFAULTS, RECOVERY_MODES } from '#shared/domain/appointment-texts/scheduler-settings';
import { BOOKING_DEFAULTS, type SchedulerConfig, type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import { atLoad } from '#shared/lazy';
import type { PositionedScheduler, SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import { padId, teamPk } from './keys';
import { type Item, parseStoredItem, queryUpTo } from './query';
import { storedNumber, storedText } from './stored-members';

const PREFIX = 'SCHEDULER#';

function schedulerSk(schedulerId: number): string {
  return `${PREFIX}${padId(schedulerId)}`;
}

/**
 * A scheduler as stored: its settings under their own names, its ids and times, read as the other
 * stored items are, by type from the shared member schemas. Its checks are the settings schema's
 * (domain/scheduler-settings-schema.ts), made when it is written: `putScheduler` is the one writer
 * and parses what it stores, so reading it again with them answers the same and built 71 zod
 * objects at load in every widget and appointment function, a time zone check at every read. The
 * booking and follow-through members are absent on rows written before they existed: their
 * defaults (BOOKING_DEFAULTS, FOLLOW_THROUGH_DEFAULTS) fill them when read. Keys and any other
 * attribute are dropped when read.
 */
const storedScheduler = /* @__PURE__ */ atLoad(() => {
  const numberOr = (fallback: number) => z._default(storedNumber, fallback);
  // Its own list of texts rather than the shared one: stored-members.ts is read at load wherever
  // it is imported, so a shared member only this first-use store used (the inbound-SMS webhook's
  // visit reply) would be built at every cold start there.
  const texts = z.array(storedText);
  const day = z.nullable(z.object({ open: storedText, close: storedText }));
  return z.object({
    name: storedText,
    services: texts,
    job_types: texts,
    service_areas: texts,
    time_zone: storedText,
    hours: z.object(Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, day])) as Record<(typeof WEEKDAYS)[number], typeof day>),
    slot_minutes: numberOr(BOOKING_DEFAULTS.slot_minutes),
    interval_minutes: numberOr(BOOKING_DEFAULTS.interval_minutes),
    lead_time_minutes: numberOr(BOOKING_DEFAULTS.lead_time_minutes),
    days_ahead: numberOr(BOOKING_DEFAULTS.days_ahead),
    capacity_per_slot: numberOr(BOOKING_DEFAULTS.capacity_per_slot),
    allowed_origins: z._default(texts, [...BOOKING_DEFAULTS.allowed_origins]),
    reminder_offsets_minutes: z._default(z.array(storedNumber), [...FOLLOW_THROUGH_DEFAULTS.reminder_offsets_minutes]),
    change_cutoff_minutes: numberOr(FOLLOW_THROUGH_DEFAULTS.change_cutoff_minutes),
    recovery: z._default(z.enum(RECOVERY_MODES), FOLLOW_THROUGH_DEFAULTS.recovery),
    scheduler_id: storedNumber,
    team_id: storedNumber,
    created_at: storedText,
    updated_at: storedText,
  });
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
    // The settings' checks come with the first write: no function's request writes a scheduler.
    const { schedulerSettingsSchema } = await import('#shared/domain/scheduler-settings-schema');
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
