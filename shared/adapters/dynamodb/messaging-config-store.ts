import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CAMPAIGN_TYPES } from '#shared/domain/sms-campaigns/campaign-request';
import {
  DEFAULT_MESSAGING_CONFIG,
  MAX_MESSAGES_PER_SECOND,
  type MessagingConfig,
  ORIGINATION_TYPES,
  PHONE_REGION_PATTERN,
  QUIET_HOUR_RANGES,
} from '#shared/domain/sms-campaigns/messaging-config';
import { atLoad } from '#shared/lazy';
import type { MessagingConfigStore } from '#shared/ports/messaging-config-store';
import { teamPk } from './keys';

/**
 * `TEAM#<t>` / `CONFIG#messaging` in the teams table: the configuration as one map. The operator
 * CLI validates what it writes with `messagingConfigSchema`; a stored map is read back with plain
 * checks of the same rules (messaging-config.ts: its ranges, types and pattern), not the schema,
 * which built 36 zod objects at load in every texting function (ADR 0208). A member the map lacks
 * (written before it existed) takes its default (DEFAULT_MESSAGING_CONFIG); a member that is not
 * what it should be, or one the configuration does not have, fails the read naming it, as every
 * stored item does (`stored messaging configuration item is malformed at config.<path>`).
 */
type MessagingConfigItem = { readonly pk: string; readonly sk: typeof SK; readonly config: MessagingConfig; readonly updated_at: string };

const SK = 'CONFIG#messaging';

type CampaignType = (typeof CAMPAIGN_TYPES)[number];

/** Reads one stored value at its path (`config.quiet_hours.start_hour`), failing where it is not what it should be. */
type Reader<T> = (value: unknown, at: string) => T;

function malformed(at: string, expected: string): never {
  throw new Error(`stored messaging configuration item is malformed at ${at}: expected ${expected}`);
}

function members(value: unknown, at: string): Map<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return malformed(at, 'a map');
  return new Map(Object.entries(value));
}

const withDefault =
  <T>(read: Reader<T>, fallback: T): Reader<T> =>
  (value, at) =>
    value === undefined ? fallback : read(value, at);

const optional =
  <T>(read: Reader<T>): Reader<T | undefined> =>
  (value, at) =>
    value === undefined ? undefined : read(value, at);

const oneOf =
  <T extends string>(values: readonly T[]): Reader<T> =>
  (value, at) =>
    values.find((known) => known === value) ?? malformed(at, `one of ${values.join(', ')}`);

/**
 * A map read member by member, each by its reader: the readers' names are the one list of the
 * members (a name the map has and the list lacks fails the read, as the schema's strict objects
 * do); a member read as absent is left out.
 */
function strictMap<R extends Record<string, Reader<unknown>>>(readers: R): Reader<{ [K in keyof R]: ReturnType<R[K]> }> {
  return (value, at) => {
    const stored = members(value, at);
    for (const name of stored.keys()) if (!Object.hasOwn(readers, name)) malformed(`${at}.${name}`, 'no such member');
    const read: Record<string, unknown> = {};
    for (const [name, reader] of Object.entries(readers)) {
      const member = reader(stored.get(name), `${at}.${name}`);
      if (member !== undefined) read[name] = member;
    }
    // Every reader's member was read by it above, absent ones left out: the map is what the readers answer.
    return read as { [K in keyof R]: ReturnType<R[K]> };
  };
}

const hour =
  (range: { readonly min: number; readonly max: number }): Reader<number> =>
  (value, at) =>
    typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max
      ? value
      : malformed(at, `a whole hour from ${range.min} to ${range.max}`);

const readOverrides: Reader<Partial<Record<CampaignType, boolean>>> = (value, at) => {
  const overrides: Partial<Record<CampaignType, boolean>> = {};
  for (const [name, flag] of members(value, at)) {
    const type = oneOf(CAMPAIGN_TYPES)(name, `${at}.${name}`);
    overrides[type] = typeof flag === 'boolean' ? flag : malformed(`${at}.${name}`, 'true or false');
  }
  return overrides;
};

/**
 * The stored configuration's members, each with its reader: the list the read checks a map
 * against. Built at load by the functions that read a configuration (plain closures, no schema).
 */
const readConfig: Reader<MessagingConfig> = /* @__PURE__ */ atLoad(() => {
  const readHours = strictMap({
    start_hour: withDefault(hour(QUIET_HOUR_RANGES.start_hour), DEFAULT_MESSAGING_CONFIG.quiet_hours.start_hour),
    end_hour: withDefault(hour(QUIET_HOUR_RANGES.end_hour), DEFAULT_MESSAGING_CONFIG.quiet_hours.end_hour),
  });
  const members = {
    quiet_hours: withDefault((value, at) => {
      const hours = readHours(value, at);
      return hours.start_hour < hours.end_hour ? hours : malformed(at, 'start_hour before end_hour');
    }, DEFAULT_MESSAGING_CONFIG.quiet_hours),
    solicitation_overrides: optional(readOverrides),
    origination: optional(
      strictMap({
        type: oneOf(ORIGINATION_TYPES),
        messages_per_second: optional((value, at) =>
          typeof value === 'number' && value > 0 && value <= MAX_MESSAGES_PER_SECOND
            ? value
            : malformed(at, `a rate above 0 and at most ${MAX_MESSAGES_PER_SECOND}`),
        ),
      }),
    ),
    phone_region: withDefault(
      (value, at) => (typeof value === 'string' && PHONE_REGION_PATTERN.test(value) ? value : malformed(at, 'a two-letter region code')),
      DEFAULT_MESSAGING_CONFIG.phone_region,
    ),
  } satisfies { readonly [K in keyof MessagingConfig]-?: Reader<MessagingConfig[K]> };
  return strictMap(members);
});

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
    return result.Item ? readConfig(result.Item.config, 'config') : DEFAULT_MESSAGING_CONFIG;
  }

  async putMessagingConfig(teamId: number, config: MessagingConfig): Promise<void> {
    await this.client.send(
      new PutCommand({ TableName: this.tableName, Item: toMessagingConfigItem(teamId, config, new Date().toISOString()) }),
    );
  }
}
