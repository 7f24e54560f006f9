import type { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DEFAULT_INTAKE_CONFIG, type IntakeConfig } from '#shared/domain/intake/intake-config';
import { intakeConfigSchema } from '#shared/domain/intake/intake-config-schema';
import { formatPath } from '#shared/domain/intake/payload-path';
import { routingMembershipProblems, routingTargets } from '#shared/domain/intake/routing';
import { nextAllowedInstant } from '#shared/domain/intake/scheduling';
import type { Team } from '#shared/domain/tenancy';
import { type Context, requireTeam } from '../command';
import { UsageError } from '../errors';

/*
 * Every command saves the whole configuration through saveIntakeConfig, so none can store one
 * that the intake would refuse or that never lets a lead be called.
 */

/**
 * Which flag an invalid configuration field is blamed on: the first entry whose path prefix
 * matches the field's path ('' matches every path).
 */
type FlagMap = readonly (readonly [prefix: string, flag: string])[];

/** Where a routing target sits on this command line, for the message that refuses it. */
type RoutingBlame = (index: number | null) => { readonly flag: string; readonly label: string };

/** The team's configuration with every default filled in; the defaults when nothing is stored. */
export async function loadIntakeConfig(context: Context): Promise<{ team: Team; config: IntakeConfig; stored: boolean }> {
  const team = await requireTeam(context);
  const raw = await context.configs.getIntakeConfig(team.id);
  if (raw === null) return { team, config: DEFAULT_INTAKE_CONFIG, stored: false };
  const parsed = intakeConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `the stored intake configuration of team ${team.id} does not validate (${issuesText(parsed.error.issues)}); ` +
        `replace it with \`intake set --team ${team.id} --file FILE\``,
    );
  }
  return { team, config: parsed.data, stored: true };
}

/**
 * Validates the whole candidate (intakeConfigSchema), the routing targets when `routingBlame` is
 * given (each must be a team of the anchor's enterprise), and that the schedule leaves a time to
 * call; then saves it. Refusals are UsageErrors naming the flag and the field.
 */
export async function saveIntakeConfig(
  context: Context,
  team: Team,
  candidate: unknown,
  flags: FlagMap,
  routingBlame?: RoutingBlame,
): Promise<IntakeConfig> {
  const parsed = intakeConfigSchema.safeParse(candidate);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const flag = flagFor(first ? issuePath(first.path) : '', flags);
    throw new UsageError(`${flag}: ${issuesText(parsed.error.issues)}`, flag);
  }
  const config = parsed.data;
  if (routingBlame) await assertRoutingTargets(context.store, team, config.routing, routingBlame);
  if (nextAllowedInstant({ ...config.scheduling, timezone: team.timezone }, new Date()) === null) {
    const flag = flagFor(config.scheduling.mode === 'custom' ? 'scheduling.custom_windows' : 'scheduling.business_hours', flags);
    throw new UsageError(`${flag}: scheduling: mode ${config.scheduling.mode} with these hours leaves no time to call within a week`, flag);
  }
  await context.configs.putIntakeConfig(team.id, config);
  return config;
}

/** Every routing target must exist and belong to the anchor team's enterprise. */
async function assertRoutingTargets(
  store: DynamoTenancyStore,
  anchor: Team,
  routing: IntakeConfig['routing'],
  blame: RoutingBlame,
): Promise<void> {
  const ids = routingTargets(routing);
  if (ids.length === 0) return;
  const teams = new Map((await store.getTeams(ids)).map((t) => [t.id, t]));
  const [problem] = routingMembershipProblems(anchor.enterpriseId, routing, teams);
  if (!problem) return;
  const { flag, label } = blame(problem.ruleIndex);
  const target = teams.get(problem.teamId);
  if (problem.kind === 'missing' || !target) throw new UsageError(`${label}: team ${problem.teamId} does not exist`, flag);
  const enterprise = await store.getEnterprise(anchor.enterpriseId);
  throw new UsageError(
    `${label}: team ${target.id} (${target.name}) is not a team of enterprise ${anchor.enterpriseId}` +
      `${enterprise ? ` (${enterprise.name})` : ''}, the enterprise of anchor team ${anchor.id} (${anchor.name}); ` +
      'routing may only name teams of the anchor team’s enterprise',
    flag,
  );
}

function flagFor(fieldPath: string, flags: FlagMap): string {
  const match = flags.find(
    ([prefix]) => prefix === '' || fieldPath === prefix || fieldPath.startsWith(`${prefix}.`) || fieldPath.startsWith(`${prefix}[`),
  );
  return match?.[1] ?? flags[flags.length - 1]?.[1] ?? '--team';
}

function issuePath(segments: readonly PropertyKey[]): string {
  return formatPath(segments.map((s) => (typeof s === 'number' ? s : String(s))));
}

/** zod issues as "field.path: message; ..." (at most five). */
export function issuesText(issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[]): string {
  const texts = issues.slice(0, 5).map((issue) => {
    const at = issuePath(issue.path);
    return at === '' ? issue.message : `${at}: ${issue.message}`;
  });
  if (issues.length > 5) texts.push(`and ${issues.length - 5} more`);
  return texts.join('; ');
}
