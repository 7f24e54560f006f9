import * as z from 'zod';
import { atLoad } from '#shared/lazy';
import { CAMPAIGN_TYPES } from './campaign-request';

/**
 * A team's texting configuration (operator CLI: `messaging set`). The CLI validates what it writes
 * with the schema, and the store reads stored configurations back through it (ADR 0172).
 */
export const messagingConfigSchema = /* @__PURE__ */ atLoad(() =>
  z
    .object({
      /** Local send window for campaigns that respect quiet hours; state rules (calling-hours.ts) narrow it for solicitations. */
      quiet_hours: z
        .object({ start_hour: z.number().int().min(0).max(23).default(8), end_hour: z.number().int().min(1).max(24).default(21) })
        .strict()
        .refine((w) => w.start_hour < w.end_hour, { error: 'start_hour must be before end_hour' })
        .default({ start_hour: 8, end_hour: 21 }),
      /**
       * Campaign types this team treats otherwise than the defaults (solicitation.ts): true makes
       * a type a telephone solicitation (state hours, closed days and caps apply), false exempts it.
       */
      solicitation_overrides: z.partialRecord(z.enum(CAMPAIGN_TYPES), z.boolean()).optional(),
      /**
       * The team's origination identity: its type and, for 10DLC, the carrier-approved rate
       * (campaign-schedule.ts DEFAULT_MPS: 10DLC 1, toll-free 3, short code 100 per second).
       */
      origination: z
        .object({
          type: z.enum(['10dlc', 'toll_free', 'short_code']),
          messages_per_second: z.number().positive().max(1000).optional(),
        })
        .strict()
        .optional(),
      /** Region for recipient numbers without a country code. */
      phone_region: z
        .string()
        .regex(/^[A-Z]{2}$/)
        .default('US'),
    })
    .strict(),
);

export type MessagingConfig = z.output<typeof messagingConfigSchema>;
/**
 * What `messagingConfigSchema.parse({})` returns, written out so no function builds the schema at
 * load for its defaults (test/unit/shared/domain/sms-campaigns/messaging-config.test.ts keeps the two equal).
 */
export const DEFAULT_MESSAGING_CONFIG: MessagingConfig = { quiet_hours: { start_hour: 8, end_hour: 21 }, phone_region: 'US' };
