import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';
import { CAMPAIGN_TYPES } from './campaign-request';

/**
 * A team's texting configuration (operator CLI: `messaging set`). The CLI validates what it writes
 * with the schema, and the store reads stored configurations back through it (ADR 0172).
 */
export const messagingConfigSchema = /* @__PURE__ */ atLoad(() =>
  z.strictObject({
    /** Local send window for campaigns that respect quiet hours; state rules (calling-hours.ts) narrow it for solicitations. */
    quiet_hours: z._default(
      z
        .strictObject({
          start_hour: z._default(z.number().check(z.int(), z.gte(0), z.lte(23)), 8),
          end_hour: z._default(z.number().check(z.int(), z.gte(1), z.lte(24)), 21),
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
        type: z.enum(['10dlc', 'toll_free', 'short_code']),
        messages_per_second: z.optional(z.number().check(z.positive(), z.lte(1000))),
      }),
    ),
    /** Region for recipient numbers without a country code. */
    phone_region: z._default(z.string().check(z.regex(/^[A-Z]{2}$/)), 'US'),
  }),
);

export type MessagingConfig = z.output<typeof messagingConfigSchema>;
/**
 * What `messagingConfigSchema.parse({})` returns, written out so no function builds the schema at
 * load for its defaults (test/unit/shared/domain/sms-campaigns/messaging-config.test.ts keeps the two equal).
 */
export const DEFAULT_MESSAGING_CONFIG: MessagingConfig = { quiet_hours: { start_hour: 8, end_hour: 21 }, phone_region: 'US' };
