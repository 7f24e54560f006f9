import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';
import { CAMPAIGN_TYPES } from './campaign-request';

/** The hours a send window may start at and end at (an end of 24 is midnight). */
export const QUIET_HOUR_RANGES = { start_hour: { min: 0, max: 23 }, end_hour: { min: 1, max: 24 } } as const;
export const ORIGINATION_TYPES = ['10dlc', 'toll_free', 'short_code'] as const;
/** The highest sending rate a team's origination may name, per second. */
export const MAX_MESSAGES_PER_SECOND = 1000;
/** A region is an ISO 3166-1 alpha-2 code. */
export const PHONE_REGION_PATTERN = /^[A-Z]{2}$/;

/**
 * A team's texting configuration (operator CLI: `messaging set`). The CLI validates what it writes
 * with the schema; the store reads a stored configuration back with plain checks of the same rules
 * (the constants above, the defaults of DEFAULT_MESSAGING_CONFIG), which build nothing at load (ADR 0208).
 */
export const messagingConfigSchema = /* @__PURE__ */ atLoad(() =>
  z.strictObject({
    /** Local send window for campaigns that respect quiet hours; state rules (calling-hours.ts) narrow it for solicitations. */
    quiet_hours: z._default(
      z
        .strictObject({
          start_hour: z._default(
            z.number().check(z.int(), z.gte(QUIET_HOUR_RANGES.start_hour.min), z.lte(QUIET_HOUR_RANGES.start_hour.max)),
            8,
          ),
          end_hour: z._default(z.number().check(z.int(), z.gte(QUIET_HOUR_RANGES.end_hour.min), z.lte(QUIET_HOUR_RANGES.end_hour.max)), 21),
        })
        .check(z.refine((w) => w.start_hour < w.end_hour, { error: 'start_hour must be before end_hour' })),
      { start_hour: 8, end_hour: 21 },
    ),
    /**
     * Campaign types this team treats otherwise than the defaults (solicitation.ts): true makes
     * a type a telephone solicitation (state hours, closed days and caps apply), false exempts it.
     */
    solicitation_overrides: z.optional(z.partialRecord(z.enum(CAMPAIGN_TYPES), z.boolean())),
    /**
     * The team's origination identity: its type and, for 10DLC, the carrier-approved rate
     * (campaign-schedule.ts DEFAULT_MPS: 10DLC 1, toll-free 3, short code 100 per second).
     */
    origination: z.optional(
      z.strictObject({
        type: z.enum(ORIGINATION_TYPES),
        messages_per_second: z.optional(z.number().check(z.positive(), z.lte(MAX_MESSAGES_PER_SECOND))),
      }),
    ),
    /** Region for recipient numbers without a country code. */
    phone_region: z._default(z.string().check(z.regex(PHONE_REGION_PATTERN)), 'US'),
  }),
);

export type MessagingConfig = z.output<typeof messagingConfigSchema>;
/**
 * What `messagingConfigSchema.parse({})` returns, written out so no function builds the schema for
 * its defaults: the store fills a stored configuration's absent members from it
 * (test/unit/shared/domain/sms-campaigns/messaging-config.test.ts keeps the two equal).
 */
export const DEFAULT_MESSAGING_CONFIG: MessagingConfig = { quiet_hours: { start_hour: 8, end_hour: 21 }, phone_region: 'US' };
