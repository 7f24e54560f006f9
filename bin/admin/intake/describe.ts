import type { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DEFAULT_ALIASES, TARGET_FIELDS } from '#shared/domain/intake/field-mapping';
import type { IntakeConfig } from '#shared/domain/intake/intake-config';
import { routingTargets } from '#shared/domain/intake/routing';
import type { Team } from '#shared/domain/tenancy';
import type { Context } from '../command';
import { toJson } from '../format';
import { formatWeek } from './week';

/*
 * A configuration as text for an operator: whole (`intake show`), or the lines of the part a
 * command saved, worded the same in both so an operator reads a change as `show` would print it.
 */

export async function describeIntakeConfig(store: DynamoTenancyStore, team: Team, config: IntakeConfig, stored: boolean): Promise<string> {
  const width = Math.max(...TARGET_FIELDS.map((t) => t.length));
  const lines = [
    `Intake configuration of team ${team.id} (${team.name}, ${team.timezone})${stored ? '' : ': nothing stored, the defaults apply'}`,
    '',
    'Field mapping (per target, the first alias present in the payload wins)',
  ];
  const mapping = config.field_mapping;
  for (const target of TARGET_FIELDS) {
    if (target === 'notes' && mapping?.notes_combine?.length) {
      lines.push(`  ${target.padEnd(width)}  one JSON object of ${mapping.notes_combine.join(', ')}`);
      continue;
    }
    const own = mapping?.fields[target];
    const fallback = mapping?.fallback_values?.[target];
    lines.push(
      `  ${target.padEnd(width)}  ${(own ?? DEFAULT_ALIASES[target]).join(', ')}${own ? '' : '  (default)'}${fallback ? `  else "${fallback}"` : ''}`,
    );
  }
  lines.push('', ...leadSourceLines(config), `dedupe window   ${dedupeText(config)}`, ...schedulingLines(team, config));
  lines.push(`outreach        ${outreachText(config)}`, `phone region    ${config.phone_region}`);
  lines.push(...(await routingLines(store, config.routing)));
  return lines.join('\n');
}

export function leadSourceLines(config: IntakeConfig): string[] {
  return [
    `lead sources    ${config.lead_sources.length > 0 ? config.lead_sources.join(', ') : '(none configured: the incoming value is kept as sent)'}`,
    `default source  ${config.default_lead_source ?? '-'}`,
  ];
}

export function dedupeText(config: IntakeConfig): string {
  return config.dedupe_window_hours === 0
    ? 'off (only a repeated external_id is a duplicate)'
    : `${config.dedupe_window_hours} h (the same phone within it is a duplicate)`;
}

export function outreachText(config: IntakeConfig): string {
  const { max_attempts: attempts, retry_spacing_minutes: spacing } = config.outreach;
  return attempts === 1 ? '1 attempt' : `${attempts} attempts, ${spacing} min apart`;
}

export function schedulingLines(team: Team, config: IntakeConfig): string[] {
  const s = config.scheduling;
  return [
    `scheduling      ${s.mode} (times in ${team.timezone})`,
    `  business hours  ${formatWeek(s.business_hours)}`,
    `  custom windows  ${formatWeek(s.custom_windows)}`,
  ];
}

export async function routingLines(store: DynamoTenancyStore, routing: IntakeConfig['routing']): Promise<string[]> {
  if (routing.rules.length === 0 && routing.default_team_id === null) {
    return ['routing         none (multi-team keys anchored on this team ingest for this team)'];
  }
  const names = new Map((await store.getTeams(routingTargets(routing))).map((t) => [t.id, t.name]));
  const teamText = (id: number) => `team ${id}${names.has(id) ? ` (${names.get(id)})` : ' (missing)'}`;
  return [
    'routing         for multi-team keys anchored on this team; the first matching rule wins',
    ...routing.rules.map((r, i) => `  ${i + 1}. ${r.field} = ${r.equals.map((e) => `"${e}"`).join(' | ')} -> ${teamText(r.team_id)}`),
    `  otherwise -> ${routing.default_team_id === null ? 'refused (400 naming routing)' : teamText(routing.default_team_id)}`,
  ];
}

/** With --json the whole saved configuration, the shape `intake set --file` takes, so it can be kept and replayed. */
export function reportSaved(context: Context, team: Team, config: IntakeConfig, lines: readonly string[]): void {
  if (context.json) {
    context.out(toJson(config));
    return;
  }
  context.out([`Saved the intake configuration of team ${team.id} (${team.name})`, ...lines.map((l) => `  ${l}`)].join('\n'));
}
