import * as z from 'zod';
import { TARGET_FIELDS, validateFieldMapping } from './field-mapping';
import { pathProblem } from './payload-path';
import { isTimeOfDay, SCHEDULING_MODES, WEEKDAYS } from './scheduling-config';

/**
 * The schema of a team's intake configuration (types and defaults: ./intake-config.ts). The
 * operator CLI validates every configuration with it before storing it; the intake function reads
 * stored configurations as they are and never builds this schema (about 600 zod schema objects:
 * docs/adr/0119-cold-start-build-only-what-requests-need.md).
 */
const pathString = z.string().superRefine((p, ctx) => {
  const problem = pathProblem(p);
  if (problem !== null) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a payload path such as contact.phone, phones[0].number or items[name=phone].value: "${p.slice(0, 80)}" ${problem}`,
    });
  }
});

const windowSchema = z
  .object({
    start: z.string().refine(isTimeOfDay, { error: 'must be HH:MM (24-hour)' }),
    end: z.string().refine(isTimeOfDay, { error: 'must be HH:MM (24-hour)' }),
  })
  .strict();

const weeklyWindows = z.partialRecord(z.enum(WEEKDAYS), z.array(windowSchema).max(8)).default({});

export const routingRuleSchema = z
  .object({
    /** Payload path whose value is compared. */
    field: pathString,
    /** Matches when the value (as text, case-insensitive, trimmed) equals one of these. */
    equals: z.array(z.string().min(1)).min(1).max(100),
    team_id: z.number().int().positive(),
  })
  .strict();

export const intakeConfigSchema = z
  .object({
    field_mapping: z
      .object({
        fields: z.partialRecord(z.enum(TARGET_FIELDS), z.array(pathString).min(1).max(20)),
        notes_combine: z.array(pathString).max(50).optional(),
        fallback_values: z.partialRecord(z.enum(TARGET_FIELDS), z.string().trim().min(1).max(200)).optional(),
      })
      .strict()
      .nullable()
      .default(null),
    /** The lead sources the team reports on; an incoming lead_source is matched case-insensitively. */
    lead_sources: z.array(z.string().min(1).max(100)).max(200).default([]),
    /** Where an unknown lead_source goes; null keeps it unmapped (the raw value is kept either way). */
    default_lead_source: z.string().min(1).max(100).nullable().default(null),
    dedupe_window_hours: z.number().int().min(0).max(720).default(24),
    scheduling: z
      .object({
        mode: z.enum(SCHEDULING_MODES).default('always'),
        business_hours: weeklyWindows,
        custom_windows: weeklyWindows,
      })
      .strict()
      .default({ mode: 'always', business_hours: {}, custom_windows: {} }),
    outreach: z
      .object({
        max_attempts: z.number().int().min(1).max(5).default(1),
        retry_spacing_minutes: z.number().int().min(1).max(10_080).default(30),
      })
      .strict()
      .default({ max_attempts: 1, retry_spacing_minutes: 30 }),
    /** ISO 3166 region for numbers without a country code. */
    phone_region: z
      .string()
      .regex(/^[A-Z]{2}$/, { error: 'must be a two-letter ISO 3166 region such as US' })
      .default('US'),
    /** Enterprise routing, read on the anchor team of a multi-team key. */
    routing: z
      .object({
        rules: z.array(routingRuleSchema).max(200).default([]),
        default_team_id: z.number().int().positive().nullable().default(null),
      })
      .strict()
      .default({ rules: [], default_team_id: null }),
  })
  .strict()
  .superRefine((config, ctx) => {
    if (config.field_mapping) {
      for (const problem of validateFieldMapping(config.field_mapping))
        ctx.addIssue({ code: 'custom', message: problem, path: ['field_mapping'] });
    }
    const s = config.scheduling;
    const windows = s.mode === 'custom' ? s.custom_windows : s.business_hours;
    if (s.mode !== 'always' && Object.values(windows).every((list) => !list || list.length === 0)) {
      ctx.addIssue({
        code: 'custom',
        message: `mode ${s.mode} needs at least one window in ${s.mode === 'custom' ? 'custom_windows' : 'business_hours'}`,
        path: ['scheduling'],
      });
    }
    if (config.default_lead_source && config.lead_sources.length > 0 && !config.lead_sources.includes(config.default_lead_source)) {
      ctx.addIssue({ code: 'custom', message: 'must be one of lead_sources', path: ['default_lead_source'] });
    }
  });
