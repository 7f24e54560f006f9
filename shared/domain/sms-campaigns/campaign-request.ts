import * as z from 'zod/mini';
import { nameText } from '#shared/domain/plain-text';
import { atLoad } from '#shared/lazy';

/** The SMS campaign request. */
export const CAMPAIGN_TYPES = [
  'maintenance_reminder',
  'seasonal_promotion',
  'service_follow_up',
  'appointment_reminder',
  'emergency_notification',
  'marketing',
] as const;

export const MAX_RECIPIENTS = 10_000;
export const MAX_TEMPLATE_CHARS = 1_600;
/** How far ahead a campaign may be scheduled. */
export const MAX_SCHEDULE_HORIZON_DAYS = 90;
/** A schedule_time this close to now (or in the past by at most this much) means "now". */
export const SCHEDULE_GRACE_SECONDS = 60;

const recipientSchema = /* @__PURE__ */ atLoad(() =>
  z.strictObject({
    phone: z.string({ error: 'is required' }).check(z.minLength(1, { error: 'is required' }), z.maxLength(40, { error: 'is too long' })),
    // Kept without control or bidi characters, like every person's name (plain-text.ts).
    name: z.nullable(z.optional(z.string().check(z.maxLength(200, { error: 'must be at most 200 characters' }), z.overwrite(nameText)))),
    custom_fields: z.nullable(
      z.optional(
        z.record(
          z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'keys must be letters, digits or underscores' })),
          z.string().check(z.maxLength(500)),
        ),
      ),
    ),
  }),
);

/**
 * settings: include_opt_out (default true) and respect_quiet_hours (default true). Unknown members
 * are refused (400 naming the member), so a typo never silently disables a compliance setting.
 */
const settingsSchema = /* @__PURE__ */ atLoad(() =>
  z.nullable(
    z.optional(
      z.strictObject({
        include_opt_out: z.optional(z.boolean({ error: 'must be true or false' })),
        respect_quiet_hours: z.optional(z.boolean({ error: 'must be true or false' })),
      }),
    ),
  ),
);

export const campaignRequestSchema = /* @__PURE__ */ atLoad(() =>
  z.strictObject({
    campaign_type: z.enum(CAMPAIGN_TYPES, { error: `must be one of ${CAMPAIGN_TYPES.join(', ')}` }),
    recipients: z
      .array(recipientSchema, { error: 'must be an array of recipients' })
      .check(
        z.minLength(1, { error: 'must hold at least 1 recipient' }),
        z.maxLength(MAX_RECIPIENTS, { error: `must hold at most ${MAX_RECIPIENTS} recipients` }),
      ),
    message_template: z.string({ error: 'is required' }).check(
      z.refine((t) => t.trim().length > 0, { error: 'must not be empty' }),
      z.refine((t) => t.length <= MAX_TEMPLATE_CHARS, { error: `must be at most ${MAX_TEMPLATE_CHARS} characters` }),
    ),
    schedule_time: z.nullable(z.optional(z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with a time zone' }))),
    settings: settingsSchema,
    /** Accepted and stored; recipient filtering is not applied yet (documented). */
    segmentation: z.nullable(z.optional(z.record(z.string(), z.unknown()))),
    fallback_message: z.nullable(
      z.optional(
        z.string().check(
          z.refine((t) => t.trim().length > 0, { error: 'must not be empty when given' }),
          z.refine((t) => t.length <= MAX_TEMPLATE_CHARS, { error: `must be at most ${MAX_TEMPLATE_CHARS} characters` }),
        ),
      ),
    ),
    /** Preflight: validate and price, send nothing. */
    preflight: z.optional(z.boolean()),
  }),
);

export type CampaignRequest = z.output<typeof campaignRequestSchema>;
