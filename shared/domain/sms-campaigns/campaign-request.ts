import * as z from 'zod';
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
  z
    .object({
      phone: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(40, { error: 'is too long' }),
      name: z.string().max(200, { error: 'must be at most 200 characters' }).optional().nullable(),
      custom_fields: z
        .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'keys must be letters, digits or underscores' }), z.string().max(500))
        .optional()
        .nullable(),
    })
    .strict(),
);

/**
 * settings: include_opt_out (default true) and respect_quiet_hours (default true). Unknown members
 * are refused (400 naming the member), so a typo never silently disables a compliance setting.
 */
const settingsSchema = /* @__PURE__ */ atLoad(() =>
  z
    .object({
      include_opt_out: z.boolean({ error: 'must be true or false' }).optional(),
      respect_quiet_hours: z.boolean({ error: 'must be true or false' }).optional(),
    })
    .strict()
    .optional()
    .nullable(),
);

export const campaignRequestSchema = /* @__PURE__ */ atLoad(() =>
  z
    .object({
      campaign_type: z.enum(CAMPAIGN_TYPES, { error: `must be one of ${CAMPAIGN_TYPES.join(', ')}` }),
      recipients: z
        .array(recipientSchema, { error: 'must be an array of recipients' })
        .min(1, { error: 'must hold at least 1 recipient' })
        .max(MAX_RECIPIENTS, { error: `must hold at most ${MAX_RECIPIENTS} recipients` }),
      message_template: z
        .string({ error: 'is required' })
        .refine((t) => t.trim().length > 0, { error: 'must not be empty' })
        .refine((t) => t.length <= MAX_TEMPLATE_CHARS, { error: `must be at most ${MAX_TEMPLATE_CHARS} characters` }),
      schedule_time: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with a time zone' }).optional().nullable(),
      settings: settingsSchema,
      /** Accepted and stored; recipient filtering is not applied yet (documented). */
      segmentation: z.record(z.string(), z.unknown()).optional().nullable(),
      fallback_message: z
        .string()
        .refine((t) => t.trim().length > 0, { error: 'must not be empty when given' })
        .refine((t) => t.length <= MAX_TEMPLATE_CHARS, { error: `must be at most ${MAX_TEMPLATE_CHARS} characters` })
        .optional()
        .nullable(),
      /** Preflight: validate and price, send nothing. */
      preflight: z.boolean().optional(),
    })
    .strict(),
);

export type CampaignRequest = z.output<typeof campaignRequestSchema>;
