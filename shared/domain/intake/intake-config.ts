import type * as z from 'zod';
import type { intakeConfigSchema } from './intake-config-schema';

/**
 * A team's intake configuration, set by the operator (CLI, validated by `intakeConfigSchema` of
 * ./intake-config-schema.ts) and read at ingest. Everything has a default, so a team without
 * configuration ingests with default aliases, calls at once, one attempt.
 */
export type IntakeConfig = z.output<typeof intakeConfigSchema>;
export type IntakeConfigInput = z.input<typeof intakeConfigSchema>;

/**
 * What `intakeConfigSchema.parse({})` returns, written out so the intake function does not build
 * the schema at load just for its defaults (test/unit/shared/domain/intake/intake-config.test.ts keeps the two equal).
 */
export const DEFAULT_INTAKE_CONFIG: IntakeConfig = {
  field_mapping: null,
  lead_sources: [],
  default_lead_source: null,
  dedupe_window_hours: 24,
  scheduling: { mode: 'always', business_hours: {}, custom_windows: {} },
  outreach: { max_attempts: 1, retry_spacing_minutes: 30 },
  phone_region: 'US',
  routing: { rules: [], default_team_id: null },
};

/** Maps an incoming lead_source onto the team's configured sources (case-insensitive). */
export function resolveLeadSource(config: IntakeConfig, raw: string | undefined): string | null {
  if (raw === undefined) return config.default_lead_source;
  const match = config.lead_sources.find((s) => s.toLowerCase() === raw.trim().toLowerCase());
  if (match) return match;
  return config.lead_sources.length === 0 ? raw.trim() : config.default_lead_source;
}
