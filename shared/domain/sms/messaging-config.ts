import * as z from 'zod';
import { atLoad } from '#shared/lazy';

/**
 * A team's texting configuration (operator CLI: `messaging set`). Only the CLI validates with the
 * schema; the functions read stored configurations as they are and never build it.
 */
export const messagingConfigSchema = /* @__PURE__ */ atLoad(() =>
  z
    .object({
      /** Local send window for campaigns that respect quiet hours; Florida numbers end at 20:00 at the latest. */
      quiet_hours: z
        .object({ start_hour: z.number().int().min(0).max(23).default(8), end_hour: z.number().int().min(1).max(24).default(21) })
        .strict()
        .refine((w) => w.start_hour < w.end_hour, { error: 'start_hour must be before end_hour' })
        .default({ start_hour: 8, end_hour: 21 }),
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
 * load for its defaults (test/unit/messaging-config.test.ts keeps the two equal).
 */
export const DEFAULT_MESSAGING_CONFIG: MessagingConfig = { quiet_hours: { start_hour: 8, end_hour: 21 }, phone_region: 'US' };
