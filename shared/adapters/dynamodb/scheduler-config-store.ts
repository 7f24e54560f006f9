import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { FOLLOW_THROUGH_DEFAULTS, type RecoveryMode } from '#shared/domain/appointment-texts/scheduler-settings';
import {
  BOOKING_DEFAULTS,
  type SchedulerConfig,
  type SchedulerSettingsInput,
  schedulerSettingsSchema,
  WEEKDAYS,
} from '#shared/domain/schedulers';
import type { PositionedScheduler, SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import { padId, teamPk } from './keys';
import { type Item, queryUpTo } from './query';

const PREFIX = 'SCHEDULER#';

function schedulerSk(schedulerId: number): string {
  return `${PREFIX}${padId(schedulerId)}`;
}

/**
 * A scheduler's item: its key and its settings under their own names. The booking members are
 * absent on rows written before they existed (they read as BOOKING_DEFAULTS).
 */
type SchedulerItem = {
  readonly pk: string;
  readonly sk: string;
  readonly scheduler_id: number;
  readonly team_id: number;
  readonly name: string;
  readonly services: readonly string[];
  readonly job_types: readonly string[];
  readonly service_areas: readonly string[];
  readonly time_zone: string;
  readonly hours: SchedulerConfig['hours'];
  readonly slot_minutes?: number;
  readonly interval_minutes?: number;
  readonly lead_time_minutes?: number;
  readonly days_ahead?: number;
  readonly capacity_per_slot?: number;
  readonly allowed_origins?: readonly string[];
  /** Absent on rows written before a booking's follow-through was configurable (FOLLOW_THROUGH_DEFAULTS). */
  readonly reminder_offsets_minutes?: readonly number[];
  readonly change_cutoff_minutes?: number;
  readonly recovery?: RecoveryMode;
  readonly created_at: string;
  readonly updated_at: string;
};

function toSchedulerItem(config: SchedulerConfig): SchedulerItem {
  return {
    pk: teamPk(config.team_id),
    sk: schedulerSk(config.scheduler_id),
    scheduler_id: config.scheduler_id,
    team_id: config.team_id,
    name: config.name,
    services: [...config.services],
    job_types: [...config.job_types],
    service_areas: [...config.service_areas],
    time_zone: config.time_zone,
    hours: config.hours,
    slot_minutes: config.slot_minutes,
    interval_minutes: config.interval_minutes,
    lead_time_minutes: config.lead_time_minutes,
    days_ahead: config.days_ahead,
    capacity_per_slot: config.capacity_per_slot,
    allowed_origins: [...config.allowed_origins],
    reminder_offsets_minutes: [...config.reminder_offsets_minutes],
    change_cutoff_minutes: config.change_cutoff_minutes,
    recovery: config.recovery,
    created_at: config.created_at,
    updated_at: config.updated_at,
  };
}

function fromSchedulerItem(item: Item): SchedulerConfig {
  const c = item as unknown as SchedulerItem;
  return {
    scheduler_id: c.scheduler_id,
    team_id: c.team_id,
    name: c.name,
    services: [...c.services],
    job_types: [...c.job_types],
    service_areas: [...c.service_areas],
    time_zone: c.time_zone,
    hours: Object.fromEntries(
      WEEKDAYS.map((day) => [day, c.hours[day] ? { open: c.hours[day].open, close: c.hours[day].close } : null]),
    ) as SchedulerConfig['hours'],
    // Rows written before the booking settings existed read as the defaults.
    slot_minutes: c.slot_minutes ?? BOOKING_DEFAULTS.slot_minutes,
    interval_minutes: c.interval_minutes ?? BOOKING_DEFAULTS.interval_minutes,
    lead_time_minutes: c.lead_time_minutes ?? BOOKING_DEFAULTS.lead_time_minutes,
    days_ahead: c.days_ahead ?? BOOKING_DEFAULTS.days_ahead,
    capacity_per_slot: c.capacity_per_slot ?? BOOKING_DEFAULTS.capacity_per_slot,
    allowed_origins: c.allowed_origins ? [...c.allowed_origins] : [],
    reminder_offsets_minutes: [...(c.reminder_offsets_minutes ?? FOLLOW_THROUGH_DEFAULTS.reminder_offsets_minutes)],
    change_cutoff_minutes: c.change_cutoff_minutes ?? FOLLOW_THROUGH_DEFAULTS.change_cutoff_minutes,
    recovery: c.recovery ?? FOLLOW_THROUGH_DEFAULTS.recovery,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
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
