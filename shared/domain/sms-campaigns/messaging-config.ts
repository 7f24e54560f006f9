import { atLoad } from '#shared/lazy';
import { CAMPAIGN_TYPES } from './campaign-request';

/** The hours a send window may start at and end at (an end of 24 is midnight). */
export const QUIET_HOUR_RANGES = { start_hour: { min: 0, max: 23 }, end_hour: { min: 1, max: 24 } } as const;
export const ORIGINATION_TYPES = ['10dlc', 'toll_free', 'short_code'] as const;
/** The highest sending rate a team's origination may name, per second. */
export const MAX_MESSAGES_PER_SECOND = 1000;
/** A region is an ISO 3166-1 alpha-2 code. */
export const PHONE_REGION_PATTERN = /^[A-Z]{2}$/;

type CampaignType = (typeof CAMPAIGN_TYPES)[number];

/** A team's texting configuration (operator CLI: `messaging …`; stored whole in the teams table). */
export interface MessagingConfig {
  /** Local send window for campaigns that respect quiet hours; state rules (calling-hours.ts) narrow it for solicitations. */
  quiet_hours: { start_hour: number; end_hour: number };
  /**
   * Campaign types this team treats otherwise than the defaults (solicitation.ts): true makes
   * a type a telephone solicitation (state hours, closed days and caps apply), false exempts it.
   */
  solicitation_overrides?: Partial<Record<CampaignType, boolean>>;
  /**
   * The team's origination identity: its type and, for 10DLC, the carrier-approved rate
   * (campaign-schedule.ts DEFAULT_MPS: 10DLC 1, toll-free 3, short code 100 per second).
   */
  origination?: { type: (typeof ORIGINATION_TYPES)[number]; messages_per_second?: number };
  /** Region for recipient numbers without a country code. */
  phone_region: string;
}

/** What a configuration with no members reads as: the store fills a stored configuration's absent members from it. */
export const DEFAULT_MESSAGING_CONFIG: MessagingConfig = { quiet_hours: { start_hour: 8, end_hour: 21 }, phone_region: 'US' };

/** A configuration member that is not what it should be: where (`quiet_hours.start_hour`) and what was expected. */
export class MessagingConfigError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path}: expected ${expected}`);
  }
}

/**
 * The one declaration of the configuration's members and rules: the operator CLI checks what it
 * writes with it, and the store reads a stored map back with it. Plain checks rather than a zod
 * schema, which built 36 zod objects at load in every texting function (ADR 0208). A member the map
 * lacks takes its default (DEFAULT_MESSAGING_CONFIG); a member that is not what it should be, or
 * one the configuration does not have, throws MessagingConfigError naming it under `root`.
 */
export function readMessagingConfig(value: unknown, root = ''): MessagingConfig {
  return readConfig(value, root);
}

/** Reads one value at its path, throwing where it is not what it should be. */
type Reader<T> = (value: unknown, at: string) => T;

function malformed(at: string, expected: string): never {
  throw new MessagingConfigError(at, expected);
}

const child = (at: string, name: string) => (at === '' ? name : `${at}.${name}`);

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
 * members (a name the map has and the list lacks fails the read); a member read as absent is left out.
 */
function strictMap<R extends Record<string, Reader<unknown>>>(readers: R): Reader<{ [K in keyof R]: ReturnType<R[K]> }> {
  return (value, at) => {
    const given = members(value, at);
    for (const name of given.keys()) if (!Object.hasOwn(readers, name)) malformed(child(at, name), 'no such member');
    const read: Record<string, unknown> = {};
    for (const [name, reader] of Object.entries(readers)) {
      const member = reader(given.get(name), child(at, name));
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
    const type = oneOf(CAMPAIGN_TYPES)(name, child(at, name));
    overrides[type] = typeof flag === 'boolean' ? flag : malformed(child(at, name), 'true or false');
  }
  return overrides;
};

/** The members, each with its reader; built at load by the functions that read a configuration (plain closures). */
const readConfig: Reader<MessagingConfig> = /* @__PURE__ */ atLoad(() => {
  const readHours = strictMap({
    start_hour: withDefault(hour(QUIET_HOUR_RANGES.start_hour), DEFAULT_MESSAGING_CONFIG.quiet_hours.start_hour),
    end_hour: withDefault(hour(QUIET_HOUR_RANGES.end_hour), DEFAULT_MESSAGING_CONFIG.quiet_hours.end_hour),
  });
  const readers = {
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
  return strictMap(readers);
});
