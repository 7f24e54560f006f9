import { mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isSupportedCountry } from 'libphonenumber-js/max';
import { IANAZone } from 'luxon';
import { ApiGatewayAuthorizerCache, apiStagesFromEnv, type FlushClient } from '../shared/adapters/aws/api-gateway-authorizer-cache';
import { DynamoAuthorizerCacheEpoch } from '../shared/adapters/dynamodb/authorizer-cache-epoch';
import { DynamoCampaignStore } from '../shared/adapters/dynamodb/campaign-store';
import { DynamoIntakeConfigStore } from '../shared/adapters/dynamodb/intake-store';
import { DynamoMessagingConfigStore } from '../shared/adapters/dynamodb/messaging-config-store';
import { DynamoTenancyStore } from '../shared/adapters/dynamodb/tenancy-store';
import { AUTHORIZER_TIMEOUT_SECONDS } from '../shared/auth/authorizer-settings';
import { KEY_TYPES, type KeyType } from '../shared/auth/permissions';
import { DEFAULT_ALIASES, TARGET_FIELDS, type TargetField } from '../shared/domain/intake/field-mapping';
import { DEFAULT_INTAKE_CONFIG, type IntakeConfig, intakeConfigSchema } from '../shared/domain/intake/intake-config';
import { formatPath, parsePath } from '../shared/domain/intake/payload-path';
import { routingMembershipProblems, routingTargets } from '../shared/domain/intake/routing';
import {
  nextAllowedInstant,
  SCHEDULING_MODES,
  type SchedulingMode,
  type TimeWindow,
  WEEKDAYS,
  type Weekday,
  type WeeklyWindows,
} from '../shared/domain/intake/scheduling';
import { createApiKey, permissionsAllowedFor, revokeApiKey } from '../shared/domain/key-service';
import { toE164 } from '../shared/domain/phone';
import { messagingConfigSchema } from '../shared/domain/sms/messaging-config';
import type { ApiKeyRecord, Team } from '../shared/domain/tenancy';
import { isCallerMistake } from '../shared/errors';
import type { AuthorizerCache } from '../shared/ports/authorizer-cache';
import type { IntakeConfigStore } from '../shared/ports/intake-store';

/**
 * Operator CLI: tenancy (portfolios, enterprises, teams) and API keys.
 *
 *   npm run admin -- <command> [--flags]      (npm run admin -- help)
 *
 * The logic is `runAdmin(argv, io)`, which returns the exit code; this file calls it only when run
 * as the main module, so tests drive it in-process.
 */

// Same notice as in local/start.ts: the SDK's Node 22 warning is noise for an operator's CLI.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const USAGE = `Usage: npm run admin -- <command> [flags] [--json] [--local]

Tenancy
  portfolio create --name NAME
  portfolio list
  portfolio add-enterprise --portfolio ID --enterprise ID
  enterprise create --name NAME [--portfolio ID]
  enterprise list
  team create --name NAME --timezone IANA_ZONE --enterprise ID [--workspace ID] [--test]
  team list [--enterprise ID]

API keys
  key create --type TYPE --team ANCHOR_TEAM_ID --permissions a,b|all [--portfolio ID] [--name NAME]
             TYPE: ${KEY_TYPES.join(' | ')}
             enterprise            the anchor team only
             enterprise_all_teams  every team of the anchor team's enterprise
             portfolio_all_teams   every team of --portfolio (which must include the anchor's enterprise)
             "all" grants every permission the type may hold. The key is printed once.
  key list                         (never shows key material)
  key revoke --id KEY_ID            refused from the next request on: also flushes the authorizer
                                   caches (the running local gateway's; on a deployed stack, the
                                   REST API stages' named by READ_API_ID, PLATFORM_API_ID,
                                   INTAKE_API_ID and API_STAGE_NAME). Again on a revoked key: flushes again.

Intake configuration (per team; each change is validated as a whole before it is saved, and
--json prints the saved configuration, the same shape \`intake set --file\` takes)
  intake show --team ID            the effective configuration (defaults filled in)
  intake set --team ID --file config.json
                                   replace the whole configuration (fields as in \`intake show --json\`)
  intake mapping --team ID --target FIELD --aliases PATH[,PATH...]
                                   ordered alias list of one target field; the first path present
                                   in the payload wins. PATH: name, a.b, list[0].c, data["e-mail"]
${wrapList('FIELD: ', TARGET_FIELDS, 35, 100)}
  intake mapping --team ID --target FIELD --clear      back to the default aliases of FIELD
  intake mapping --team ID --clear                     the whole mapping back to the defaults
  intake notes-combine --team ID --paths PATH[,PATH...] | --clear
                                   notes = one JSON object of these payload paths
  intake lead-sources --team ID [--sources "Google Ads,Facebook,Website"] [--default NAME|none] [--clear]
                                   unknown incoming sources are recorded as --default
  intake dedupe-window --team ID --hours N               same phone within N hours is a duplicate (0 = off)
  intake scheduling --team ID [--mode MODE] [--hours WEEK] [--custom WEEK]
                                   MODE: ${SCHEDULING_MODES.join(' | ')}
                                   --hours sets business hours (business_hours, after_hours),
                                   --custom the windows of mode custom; times are the team's time zone.
                                   WEEK: entries separated by ';', each DAYS RANGE[,RANGE...]:
                                     DAYS   mon, mon-fri, sat,sun, fri-mon, daily, weekdays, weekends
                                     RANGE  HH:MM-HH:MM; an end at or before the start crosses
                                            midnight (fri 22:00-06:00 runs into saturday); 24:00 = midnight
                                   e.g. --hours "mon-fri 08:00-17:00; sat 09:00-12:00"
                                        --custom "daily 22:00-06:00"      --hours none   (clears)
  intake outreach --team ID [--attempts N] [--spacing-minutes M]
                                   call attempts per lead (1-5) and minutes between attempts
  intake phone-region --team ID --region CC                region for numbers without +country (US)
  intake routing --team ANCHOR_ID --rule "FIELD=VALUE[,VALUE...]->TEAM_ID" [--rule ...]
                 [--default-team TEAM_ID|none] | --clear
                                   routes leads of the anchor's multi-team keys: the first rule whose
                                   payload FIELD equals a VALUE (case-insensitive) names the team;
                                   else the default team; else the lead is refused. --rule replaces
                                   all rules (in the order given). Every team must be in the anchor
                                   team's enterprise. e.g. --rule "brand=summit hvac->2"

Texting (SMS campaigns)
  messaging show --team ID
  messaging quiet-hours --team ID [--start H] [--end H]    local send window (default 8-21)
  messaging phone-region --team ID --region CC             region for numbers without +country (US)
  messaging opt-out --team ID --phone NUMBER               add to the team's suppression list
  messaging opt-in --team ID --phone NUMBER                remove from it

  help                             this text

Flags for every command
  --json    machine-readable output on stdout
  --local   use the embedded DynamoDB on \${DATA_DIR:-.data} (the store \`npm start\` uses)

Target
  Deployed stack: set TABLE_TEAMS to the stack output TeamsTableName (the stack also outputs
  SessionsTableName, LeadsTableName and CallsTableName); AWS credentials and region come from the
  default chain (AWS_PROFILE, AWS_REGION, SSO, instance role...). For example:
    export TABLE_TEAMS=$(aws cloudformation describe-stacks --stack-name LeadCallSchedulingService \\
      --query "Stacks[0].Outputs[?OutputKey=='TeamsTableName'].OutputValue" --output text)
  \`key revoke\` on a deployed stack also needs the REST API ids (outputs ReadApiId, PlatformApiId,
  IntakeApiId → READ_API_ID, PLATFORM_API_ID, INTAKE_API_ID; ApiStageName → API_STAGE_NAME, default v1)
  and apigateway:POST on their stages' authorizer caches.
  Running emulator: set DYNAMODB_ENDPOINT (TABLE_TEAMS defaults to local-teams).
  Local data: --local, or neither DYNAMODB_ENDPOINT nor TABLE_TEAMS set. Opens \${DATA_DIR:-.data}
  directly, which \`npm start\` holds locked while it runs: stop it first, or use DYNAMODB_ENDPOINT.

Exit codes: 0 done, 1 invalid command, flag or value (the message names the flag), 2 other failure.
`;

export interface AdminIo {
  readonly stdout: { write(chunk: string): unknown };
  readonly stderr: { write(chunk: string): unknown };
  /** @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The API Gateway client `key revoke` flushes authorizer caches with. @default a new APIGatewayClient */
  readonly apiGateway?: FlushClient;
  /** Waits between the two flushes (ApiGatewayAuthorizerCacheOptions.sleep). @default setTimeout */
  readonly sleep?: (ms: number) => Promise<void>;
}

/** A mistake in the command line: exit code 1, message names the flag. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly flag?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The local data folder is held by another process (LevelDB allows one). */
class LocalDataLockedError extends Error {}

type Values = Record<string, string | boolean | string[] | undefined>;
type Options = NonNullable<ParseArgsConfig['options']>;

interface Context {
  readonly store: DynamoTenancyStore;
  readonly configs: IntakeConfigStore;
  readonly messaging: DynamoMessagingConfigStore;
  readonly campaigns: DynamoCampaignStore;
  /** The authorizer caches in front of this store's APIs; throws a UsageError when they cannot be named. */
  authorizerCaches(): { readonly name: string; readonly cache: AuthorizerCache }[];
  readonly values: Values;
  readonly json: boolean;
  out(text: string): void;
}

interface Command {
  readonly options: Options;
  run(context: Context): Promise<void>;
}

const GLOBAL_OPTIONS: Options = {
  json: { type: 'boolean' },
  local: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};
const GLOBAL_FLAGS = new Set(['--json', '--local', '--help', '-h']);

/** Field names used by shared/ validation, as the flags an operator typed. */
const FIELD_FLAGS: Record<string, string> = {
  name: '--name',
  type: '--type',
  anchorTeamId: '--team',
  permissions: '--permissions',
  portfolioId: '--portfolio',
  keyId: '--id',
  workspace_id: '--workspace',
  workspaceId: '--workspace',
};

// ---------------------------------------------------------------------------------------------
// Intake configuration
// ---------------------------------------------------------------------------------------------

/**
 * Which flag an invalid configuration field is blamed on: the first entry whose path prefix
 * matches the field's path ('' matches every path).
 */
type FlagMap = readonly (readonly [prefix: string, flag: string])[];

/** Where a routing target sits on this command line, for the message that refuses it. */
type RoutingBlame = (index: number | null) => { readonly flag: string; readonly label: string };

const INTAKE_COMMANDS: Record<string, Command> = {
  'intake show': {
    options: { team: { type: 'string' } },
    async run(context) {
      const { team, config, stored } = await loadIntakeConfig(context);
      context.out(context.json ? toJson(config) : await describeIntakeConfig(context.store, team, config, stored));
    },
  },

  'intake set': {
    options: { team: { type: 'string' }, file: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const file = requiredString(context.values, '--file');
      let text: string;
      try {
        text = readFileSync(path.resolve(file), 'utf8');
      } catch (error) {
        throw new UsageError(`--file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, '--file');
      }
      let candidate: unknown;
      try {
        candidate = JSON.parse(text);
      } catch (error) {
        throw new UsageError(`--file ${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`, '--file');
      }
      const config = await saveIntakeConfig(context, team, candidate, [['', '--file']], (index) => ({
        flag: '--file',
        label: `--file: ${index === null ? 'routing.default_team_id' : `routing.rules[${index}].team_id`}`,
      }));
      reportSaved(context, team, config, [`replaced from ${file}`, ...(await routingLines(context.store, config.routing))]);
    },
  },

  'intake mapping': {
    options: { team: { type: 'string' }, target: { type: 'string' }, aliases: { type: 'string' }, clear: { type: 'boolean' } },
    async run(context) {
      const { values } = context;
      const { team, config } = await loadIntakeConfig(context);
      const targetText = optionalString(values, '--target');
      const aliasesText = optionalString(values, '--aliases');
      const clear = values.clear === true;
      const target = targetText === null ? null : targetField(targetText);
      if (clear && aliasesText !== null) throw new UsageError('--clear and --aliases cannot be combined', '--clear');

      let mapping = config.field_mapping;
      let summary: string;
      if (clear && target === null) {
        mapping = null;
        summary = 'field mapping cleared: every target uses its default aliases';
      } else if (clear && target !== null) {
        const fields = Object.fromEntries(Object.entries(mapping?.fields ?? {}).filter(([name]) => name !== target));
        mapping = mapping ? withoutEmptyMapping({ ...mapping, fields }) : null;
        summary = `${target} <- ${DEFAULT_ALIASES[target].join(', ')}  (default aliases)`;
      } else {
        if (target === null) throw new UsageError('--target is required (or --clear alone to reset the whole mapping)', '--target');
        if (aliasesText === null || aliasesText.trim() === '') throw new UsageError('--aliases is required (or --clear)', '--aliases');
        const aliases = payloadPaths(aliasesText, '--aliases');
        mapping = { ...(mapping ?? { fields: {} }), fields: { ...(mapping?.fields ?? {}), [target]: aliases } };
        summary = `${target} <- ${aliases.join(', ')}`;
        if (target === 'notes' && mapping.notes_combine?.length) summary += '  (notes-combine is set and takes precedence)';
      }
      const saved = await saveIntakeConfig(context, team, { ...config, field_mapping: mapping }, [['field_mapping', '--aliases']]);
      reportSaved(context, team, saved, [summary]);
    },
  },

  'intake notes-combine': {
    options: { team: { type: 'string' }, paths: { type: 'string' }, clear: { type: 'boolean' } },
    async run(context) {
      const { values } = context;
      const { team, config } = await loadIntakeConfig(context);
      const pathsText = optionalString(values, '--paths');
      const clear = values.clear === true;
      if (clear && pathsText !== null) throw new UsageError('--clear and --paths cannot be combined', '--clear');
      let mapping = config.field_mapping;
      let summary: string;
      if (clear) {
        mapping = mapping ? withoutEmptyMapping({ fields: mapping.fields }) : null;
        summary = 'notes <- one alias again (notes-combine cleared)';
      } else {
        if (pathsText === null || pathsText.trim() === '') throw new UsageError('--paths is required (or --clear)', '--paths');
        const paths = payloadPaths(pathsText, '--paths');
        mapping = { fields: mapping?.fields ?? {}, notes_combine: paths };
        summary = `notes <- one JSON object of ${paths.join(', ')}`;
      }
      const saved = await saveIntakeConfig(context, team, { ...config, field_mapping: mapping }, [['field_mapping', '--paths']]);
      reportSaved(context, team, saved, [summary]);
    },
  },

  'intake lead-sources': {
    options: { team: { type: 'string' }, sources: { type: 'string' }, default: { type: 'string' }, clear: { type: 'boolean' } },
    async run(context) {
      const { values } = context;
      const { team, config } = await loadIntakeConfig(context);
      const sourcesText = optionalString(values, '--sources');
      const defaultText = optionalString(values, '--default');
      const clear = values.clear === true;
      if (clear && (sourcesText !== null || defaultText !== null)) {
        throw new UsageError('--clear cannot be combined with --sources or --default', '--clear');
      }
      if (!clear && sourcesText === null && defaultText === null) {
        throw new UsageError('--sources is required (or --default, or --clear)', '--sources');
      }

      let sources = clear ? [] : config.lead_sources;
      let defaultSource = clear ? null : config.default_lead_source;
      if (sourcesText !== null) {
        sources = plainList(sourcesText);
        if (sources.length === 0) throw new UsageError('--sources must name at least one lead source (or use --clear)', '--sources');
        const seen = new Set<string>();
        for (const source of sources) {
          if (seen.has(source.toLowerCase()))
            throw new UsageError(`--sources names '${source}' twice (sources match case-insensitively)`, '--sources');
          seen.add(source.toLowerCase());
        }
      }
      const findSource = (name: string) => sources.find((s) => s.toLowerCase() === name.trim().toLowerCase());
      if (defaultText !== null) {
        const wanted = defaultText.trim();
        if (wanted === '') throw new UsageError('--default must name a lead source, or be none', '--default');
        defaultSource = wanted.toLowerCase() === 'none' ? null : (findSource(wanted) ?? wanted);
        if (defaultSource !== null && sources.length > 0 && !findSource(defaultSource)) {
          throw new UsageError(`--default '${wanted}' is not one of the lead sources (${sources.join(', ')})`, '--default');
        }
      } else if (defaultSource !== null && sources.length > 0) {
        const kept = findSource(defaultSource);
        if (!kept) {
          throw new UsageError(
            `--default: the current default lead source '${defaultSource}' is not one of the new --sources; give --default NAME or --default none`,
            '--default',
          );
        }
        defaultSource = kept;
      }
      const saved = await saveIntakeConfig(context, team, { ...config, lead_sources: sources, default_lead_source: defaultSource }, [
        ['lead_sources', '--sources'],
        ['default_lead_source', '--default'],
      ]);
      reportSaved(context, team, saved, leadSourceLines(saved));
    },
  },

  'intake dedupe-window': {
    options: { team: { type: 'string' }, hours: { type: 'string' } },
    async run(context) {
      const { team, config } = await loadIntakeConfig(context);
      const hours = requiredInteger(context.values, '--hours');
      const saved = await saveIntakeConfig(context, team, { ...config, dedupe_window_hours: hours }, [['dedupe_window_hours', '--hours']]);
      reportSaved(context, team, saved, [`dedupe window  ${dedupeText(saved)}`]);
    },
  },

  'intake scheduling': {
    options: { team: { type: 'string' }, mode: { type: 'string' }, hours: { type: 'string' }, custom: { type: 'string' } },
    async run(context) {
      const { values } = context;
      const { team, config } = await loadIntakeConfig(context);
      const modeText = optionalString(values, '--mode');
      const hoursText = optionalString(values, '--hours');
      const customText = optionalString(values, '--custom');
      if (modeText === null && hoursText === null && customText === null) {
        throw new UsageError('--mode is required (or --hours, or --custom)', '--mode');
      }
      let mode: SchedulingMode = config.scheduling.mode;
      if (modeText !== null) {
        const wanted = modeText.trim();
        if (!(SCHEDULING_MODES as readonly string[]).includes(wanted)) {
          throw new UsageError(`--mode must be one of ${SCHEDULING_MODES.join(', ')}; got '${modeText}'`, '--mode');
        }
        mode = wanted as SchedulingMode;
      }
      const businessHours = hoursText === null ? config.scheduling.business_hours : parseWeek(hoursText, '--hours');
      const customWindows = customText === null ? config.scheduling.custom_windows : parseWeek(customText, '--custom');
      if ((mode === 'business_hours' || mode === 'after_hours') && isEmptyWeek(businessHours)) {
        throw new UsageError(`--hours: mode ${mode} needs business hours, e.g. --hours "mon-fri 08:00-17:00"`, '--hours');
      }
      if (mode === 'custom' && isEmptyWeek(customWindows)) {
        throw new UsageError('--custom: mode custom needs at least one window, e.g. --custom "fri 22:00-06:00"', '--custom');
      }
      const saved = await saveIntakeConfig(
        context,
        team,
        { ...config, scheduling: { mode, business_hours: businessHours, custom_windows: customWindows } },
        [
          ['scheduling.business_hours', '--hours'],
          ['scheduling.custom_windows', '--custom'],
          ['scheduling', '--mode'],
        ],
      );
      reportSaved(context, team, saved, schedulingLines(team, saved));
    },
  },

  'intake outreach': {
    options: { team: { type: 'string' }, attempts: { type: 'string' }, 'spacing-minutes': { type: 'string' } },
    async run(context) {
      const { team, config } = await loadIntakeConfig(context);
      const attempts = optionalInteger(context.values, '--attempts');
      const spacing = optionalInteger(context.values, '--spacing-minutes');
      if (attempts === null && spacing === null) throw new UsageError('--attempts is required (or --spacing-minutes)', '--attempts');
      const outreach = {
        max_attempts: attempts ?? config.outreach.max_attempts,
        retry_spacing_minutes: spacing ?? config.outreach.retry_spacing_minutes,
      };
      const saved = await saveIntakeConfig(context, team, { ...config, outreach }, [
        ['outreach.max_attempts', '--attempts'],
        ['outreach.retry_spacing_minutes', '--spacing-minutes'],
      ]);
      reportSaved(context, team, saved, [`outreach  ${outreachText(saved)}`]);
    },
  },

  'intake phone-region': {
    options: { team: { type: 'string' }, region: { type: 'string' } },
    async run(context) {
      const { team, config } = await loadIntakeConfig(context);
      const region = requiredString(context.values, '--region').toUpperCase();
      if (!/^[A-Z]{2}$/.test(region) || !isSupportedCountry(region)) {
        throw new UsageError(
          `--region must be a two-letter ISO 3166 region with a phone numbering plan, such as US or CA; got '${region}'`,
          '--region',
        );
      }
      const saved = await saveIntakeConfig(context, team, { ...config, phone_region: region }, [['phone_region', '--region']]);
      reportSaved(context, team, saved, [`phone region  ${saved.phone_region} (numbers without +country are read in this region)`]);
    },
  },

  'intake routing': {
    options: {
      team: { type: 'string' },
      rule: { type: 'string', multiple: true },
      'default-team': { type: 'string' },
      clear: { type: 'boolean' },
    },
    async run(context) {
      const { values } = context;
      const { team, config } = await loadIntakeConfig(context);
      const ruleTexts = Array.isArray(values.rule) ? values.rule : [];
      const defaultText = optionalString(values, '--default-team');
      const clear = values.clear === true;
      if (clear && (ruleTexts.length > 0 || defaultText !== null)) {
        throw new UsageError('--clear cannot be combined with --rule or --default-team', '--clear');
      }
      if (!clear && ruleTexts.length === 0 && defaultText === null) {
        throw new UsageError('--rule is required (or --default-team, or --clear)', '--rule');
      }
      let routing = clear ? { rules: [], default_team_id: null } : config.routing;
      if (ruleTexts.length > 0) routing = { ...routing, rules: ruleTexts.map(parseRule) };
      if (defaultText !== null) {
        const wanted = defaultText.trim();
        if (wanted.toLowerCase() === 'none') routing = { ...routing, default_team_id: null };
        else if (/^[1-9][0-9]{0,9}$/.test(wanted)) routing = { ...routing, default_team_id: Number(wanted) };
        else throw new UsageError(`--default-team must be a team id or none; got '${defaultText}'`, '--default-team');
      }
      const saved = await saveIntakeConfig(
        context,
        team,
        { ...config, routing },
        [
          ['routing.default_team_id', '--default-team'],
          ['routing', '--rule'],
        ],
        (index) =>
          index === null
            ? { flag: '--default-team', label: `--default-team ${routing.default_team_id}` }
            : {
                flag: '--rule',
                label:
                  index < ruleTexts.length
                    ? `--rule ${index + 1} "${ruleTexts[index]}"`
                    : `stored rule ${index + 1} (replace it with --rule)`,
              },
      );
      reportSaved(context, team, saved, await routingLines(context.store, saved.routing));
    },
  },
};

async function requireTeam(context: Context): Promise<Team> {
  const teamId = requiredId(context.values, '--team');
  const team = await context.store.getTeam(teamId);
  if (!team) throw new UsageError(`--team ${teamId} does not name an existing team`, '--team');
  return team;
}

/** The team's configuration with every default filled in; the defaults when nothing is stored. */
async function loadIntakeConfig(context: Context): Promise<{ team: Team; config: IntakeConfig; stored: boolean }> {
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
async function saveIntakeConfig(
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
function issuesText(issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[]): string {
  const texts = issues.slice(0, 5).map((issue) => {
    const at = issuePath(issue.path);
    return at === '' ? issue.message : `${at}: ${issue.message}`;
  });
  if (issues.length > 5) texts.push(`and ${issues.length - 5} more`);
  return texts.join('; ');
}

function reportSaved(context: Context, team: Team, config: IntakeConfig, lines: readonly string[]): void {
  if (context.json) {
    context.out(toJson(config));
    return;
  }
  context.out([`Saved the intake configuration of team ${team.id} (${team.name})`, ...lines.map((l) => `  ${l}`)].join('\n'));
}

function targetField(text: string): TargetField {
  const wanted = text.trim();
  if (!(TARGET_FIELDS as readonly string[]).includes(wanted)) {
    throw new UsageError(`--target must be one of ${TARGET_FIELDS.join(', ')}; got '${text}'`, '--target');
  }
  return wanted as TargetField;
}

function withoutEmptyMapping(mapping: NonNullable<IntakeConfig['field_mapping']>): IntakeConfig['field_mapping'] {
  return Object.keys(mapping.fields).length === 0 && !mapping.notes_combine?.length ? null : mapping;
}

/** A comma list of payload paths (commas inside [..] belong to the path); each must parse. */
function payloadPaths(text: string, flag: string): string[] {
  const paths = splitOutsideBrackets(text, ',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (paths.length === 0) throw new UsageError(`${flag} must name at least one payload path`, flag);
  const seen = new Set<string>();
  for (const p of paths) {
    if (!parsePath(p)) throw new UsageError(`${flag}: "${p}" is not a payload path such as phone, contact.phone or phones[0].number`, flag);
    if (seen.has(p)) throw new UsageError(`${flag} names "${p}" twice`, flag);
    seen.add(p);
  }
  return paths;
}

function plainList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Splits at `separator` where it is not inside [..] or a quoted string. */
function splitOutsideBrackets(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** `FIELD=VALUE[,VALUE...]->TEAM_ID`, e.g. `brand=summit plumbing,summit->7`. */
function parseRule(text: string, index: number): IntakeConfig['routing']['rules'][number] {
  const fail = (why: string) => new UsageError(`--rule ${index + 1} "${text}": ${why}`, '--rule');
  const shape = 'expected FIELD=VALUE[,VALUE...]->TEAM_ID, e.g. "brand=summit hvac->2"';
  const arrow = text.lastIndexOf('->');
  if (arrow < 0) throw fail(shape);
  const teamText = text.slice(arrow + 2).trim();
  if (!/^[1-9][0-9]{0,9}$/.test(teamText)) throw fail(`"${teamText}" after -> is not a team id`);
  const left = text.slice(0, arrow);
  const [fieldPart, ...valueParts] = splitOutsideBrackets(left, '=');
  if (fieldPart === undefined || valueParts.length === 0) throw fail(shape);
  const field = fieldPart.trim();
  if (!parsePath(field)) throw fail(`"${field}" is not a payload path such as brand or lead.brand`);
  const equals = plainList(valueParts.join('='));
  if (equals.length === 0) throw fail('give at least one value after =');
  return { field, equals, team_id: Number(teamText) };
}

function optionalInteger(values: Values, flag: string): number | null {
  const raw = optionalString(values, flag);
  if (raw === null) return null;
  if (!/^-?[0-9]{1,9}$/.test(raw.trim())) throw new UsageError(`${flag} must be a whole number; got '${raw}'`, flag);
  return Number(raw.trim());
}

function requiredInteger(values: Values, flag: string): number {
  const value = optionalInteger(values, flag);
  if (value === null) throw new UsageError(`${flag} is required`, flag);
  return value;
}

// Weekly windows: "mon-fri 08:00-17:00; sat 09:00-12:00" ------------------------------------

const DAY_WORDS: Readonly<Record<string, readonly Weekday[]>> = {
  mon: ['monday'],
  monday: ['monday'],
  tue: ['tuesday'],
  tues: ['tuesday'],
  tuesday: ['tuesday'],
  wed: ['wednesday'],
  wednesday: ['wednesday'],
  thu: ['thursday'],
  thur: ['thursday'],
  thurs: ['thursday'],
  thursday: ['thursday'],
  fri: ['friday'],
  friday: ['friday'],
  sat: ['saturday'],
  saturday: ['saturday'],
  sun: ['sunday'],
  sunday: ['sunday'],
  daily: WEEKDAYS,
  everyday: WEEKDAYS,
  weekdays: WEEKDAYS.slice(0, 5),
  weekends: ['saturday', 'sunday'],
};
const DAY_HINT = 'use mon, tue, wed, thu, fri, sat, sun, a range such as mon-fri, daily, weekdays or weekends';

/** Parses the compact weekly syntax (see the usage text); "none" is no windows. */
function parseWeek(text: string, flag: string): WeeklyWindows {
  const trimmed = text.trim();
  if (trimmed === '') throw new UsageError(`${flag} must not be empty (${flag} none clears it)`, flag);
  if (trimmed.toLowerCase() === 'none') return {};
  const week: Partial<Record<Weekday, TimeWindow[]>> = {};
  for (const rawEntry of trimmed.split(';')) {
    const entry = rawEntry
      .trim()
      .toLowerCase()
      .replace(/\s*([,-])\s*/g, '$1');
    if (entry === '') continue;
    const fail = (why: string) => new UsageError(`${flag}: "${rawEntry.trim()}": ${why}`, flag);
    const [daysPart = '', ...rangeParts] = entry.split(/\s+/);
    if (rangeParts.length === 0) throw fail('expected DAYS HH:MM-HH:MM, e.g. mon-fri 08:00-17:00');
    const days = parseDays(daysPart, fail);
    const windows = rangeParts
      .join(',')
      .split(',')
      .filter((r) => r !== '')
      .map((range) => parseTimeRange(range, fail));
    for (const day of days) week[day] = [...(week[day] ?? []), ...windows];
  }
  const ordered: Partial<Record<Weekday, TimeWindow[]>> = {};
  for (const day of WEEKDAYS) {
    const list = week[day];
    if (list) ordered[day] = [...list].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  }
  return ordered;
}

function parseDays(text: string, fail: (why: string) => UsageError): Weekday[] {
  const days: Weekday[] = [];
  for (const item of text.split(',').filter((i) => i !== '')) {
    const range = /^([a-z]+)-([a-z]+)$/.exec(item);
    if (range) {
      const from = DAY_WORDS[range[1] ?? ''];
      const to = DAY_WORDS[range[2] ?? ''];
      const unknown = [range[1], range[2]].find((word) => DAY_WORDS[word ?? '']?.length !== 1);
      if (from?.length !== 1 || to?.length !== 1) throw fail(`"${item}": "${unknown}" is not a single day (${DAY_HINT})`);
      let i = WEEKDAYS.indexOf(from[0] as Weekday);
      const end = WEEKDAYS.indexOf(to[0] as Weekday);
      // A range wraps round the week end: fri-mon is fri, sat, sun, mon.
      for (;;) {
        days.push(WEEKDAYS[i] as Weekday);
        if (i === end) break;
        i = (i + 1) % WEEKDAYS.length;
      }
      continue;
    }
    const named = DAY_WORDS[item];
    if (!named) throw fail(`unknown day "${item}" (${DAY_HINT})`);
    days.push(...named);
  }
  if (days.length === 0) throw fail(`no day given (${DAY_HINT})`);
  return [...new Set(days)];
}

function parseTimeRange(text: string, fail: (why: string) => UsageError): TimeWindow {
  const match = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/.exec(text);
  const bad = () => fail(`"${text}" is not a time range HH:MM-HH:MM (24-hour; 24:00 is midnight at the end)`);
  if (!match) throw bad();
  const [sh, sm, eh, em] = match.slice(1).map(Number) as [number, number, number, number];
  if (sh > 23 || sm > 59 || em > 59 || eh > 24 || (eh === 24 && em !== 0)) throw bad();
  const hhmm = (h: number, m: number) => `${String(h % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  return { start: hhmm(sh, sm), end: hhmm(eh, em) };
}

function isEmptyWeek(week: WeeklyWindows): boolean {
  return Object.values(week).every((list) => !list || list.length === 0);
}

/** The compact syntax back: consecutive days with the same windows are joined (mon-fri 08:00-17:00). */
function formatWeek(week: WeeklyWindows): string {
  const key = (i: number) => (week[WEEKDAYS[i] as Weekday] ?? []).map((w) => `${w.start}-${w.end}`).join(',');
  const parts: string[] = [];
  for (let i = 0; i < WEEKDAYS.length; ) {
    const windows = key(i);
    let j = i;
    while (j + 1 < WEEKDAYS.length && key(j + 1) === windows) j++;
    if (windows !== '') {
      const first = (WEEKDAYS[i] as Weekday).slice(0, 3);
      const last = (WEEKDAYS[j] as Weekday).slice(0, 3);
      parts.push(`${i === 0 && j === WEEKDAYS.length - 1 ? 'daily' : i === j ? first : `${first}-${last}`} ${windows}`);
    }
    i = j + 1;
  }
  return parts.length === 0 ? 'none' : parts.join('; ');
}

// Human-readable configuration -----------------------------------------------------------------

async function describeIntakeConfig(store: DynamoTenancyStore, team: Team, config: IntakeConfig, stored: boolean): Promise<string> {
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
    lines.push(`  ${target.padEnd(width)}  ${(own ?? DEFAULT_ALIASES[target]).join(', ')}${own ? '' : '  (default)'}`);
  }
  lines.push('', ...leadSourceLines(config), `dedupe window   ${dedupeText(config)}`, ...schedulingLines(team, config));
  lines.push(`outreach        ${outreachText(config)}`, `phone region    ${config.phone_region}`);
  lines.push(...(await routingLines(store, config.routing)));
  return lines.join('\n');
}

function leadSourceLines(config: IntakeConfig): string[] {
  return [
    `lead sources    ${config.lead_sources.length > 0 ? config.lead_sources.join(', ') : '(none configured: the incoming value is kept as sent)'}`,
    `default source  ${config.default_lead_source ?? '-'}`,
  ];
}

function dedupeText(config: IntakeConfig): string {
  return config.dedupe_window_hours === 0
    ? 'off (only a repeated external_id is a duplicate)'
    : `${config.dedupe_window_hours} h (the same phone within it is a duplicate)`;
}

function outreachText(config: IntakeConfig): string {
  const { max_attempts: attempts, retry_spacing_minutes: spacing } = config.outreach;
  return attempts === 1 ? '1 attempt' : `${attempts} attempts, ${spacing} min apart`;
}

function schedulingLines(team: Team, config: IntakeConfig): string[] {
  const s = config.scheduling;
  return [
    `scheduling      ${s.mode} (times in ${team.timezone})`,
    `  business hours  ${formatWeek(s.business_hours)}`,
    `  custom windows  ${formatWeek(s.custom_windows)}`,
  ];
}

async function routingLines(store: DynamoTenancyStore, routing: IntakeConfig['routing']): Promise<string[]> {
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

// ---------------------------------------------------------------------------------------------
// Texting configuration and the suppression list
// ---------------------------------------------------------------------------------------------

function hourFlag(values: Values, flag: string): number | undefined {
  const text = optionalString(values, flag);
  if (text === null) return undefined;
  if (!/^\d{1,2}$/.test(text)) throw new UsageError(`${flag} must be a whole hour from 0 to 24`, flag);
  return Number(text);
}

function phoneFlag(values: Values, region: string): string {
  const raw = requiredString(values, '--phone');
  const phone = toE164(raw, region);
  if (!phone) throw new UsageError(`--phone '${raw}' is not a valid phone number`, '--phone');
  return phone;
}

const MESSAGING_COMMANDS: Record<string, Command> = {
  'messaging show': {
    options: { team: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const config = await context.messaging.getMessagingConfig(team.id);
      context.out(
        context.json
          ? toJson(config)
          : [
              `Texting configuration of team ${team.id} (${team.name}, ${team.timezone})`,
              `  quiet hours   texts go out ${config.quiet_hours.start_hour}:00-${config.quiet_hours.end_hour}:00 recipient local time (Florida numbers end by 20:00)`,
              `  phone region  ${config.phone_region}`,
            ].join('\n'),
      );
    },
  },

  'messaging quiet-hours': {
    options: { team: { type: 'string' }, start: { type: 'string' }, end: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const current = await context.messaging.getMessagingConfig(team.id);
      const candidate = {
        ...current,
        quiet_hours: {
          start_hour: hourFlag(context.values, '--start') ?? current.quiet_hours.start_hour,
          end_hour: hourFlag(context.values, '--end') ?? current.quiet_hours.end_hour,
        },
      };
      const parsed = messagingConfigSchema.safeParse(candidate);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new UsageError(`--start/--end: ${issue?.path.join('.') ?? 'quiet_hours'}: ${issue?.message ?? 'invalid'}`, '--start');
      }
      await context.messaging.putMessagingConfig(team.id, parsed.data);
      context.out(
        context.json
          ? toJson(parsed.data)
          : `Saved: campaigns of team ${team.id} that respect quiet hours text between ${parsed.data.quiet_hours.start_hour}:00 and ${parsed.data.quiet_hours.end_hour}:00 local`,
      );
    },
  },

  'messaging phone-region': {
    options: { team: { type: 'string' }, region: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const region = requiredString(context.values, '--region').toUpperCase();
      if (!/^[A-Z]{2}$/.test(region) || !isSupportedCountry(region)) {
        throw new UsageError(
          `--region must be a two-letter ISO 3166 region with a phone numbering plan, such as US or CA; got '${region}'`,
          '--region',
        );
      }
      const config = { ...(await context.messaging.getMessagingConfig(team.id)), phone_region: region };
      await context.messaging.putMessagingConfig(team.id, config);
      context.out(context.json ? toJson(config) : `Saved: recipient numbers without +country are read in ${region}`);
    },
  },

  'messaging opt-out': {
    options: { team: { type: 'string' }, phone: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const config = await context.messaging.getMessagingConfig(team.id);
      const phone = phoneFlag(context.values, config.phone_region);
      await context.campaigns.suppress(team.id, phone, 'OPERATOR', new Date().toISOString());
      context.out(context.json ? toJson({ team_id: team.id, phone, suppressed: true }) : `${phone} will not be texted by team ${team.id}`);
    },
  },

  'messaging opt-in': {
    options: { team: { type: 'string' }, phone: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const config = await context.messaging.getMessagingConfig(team.id);
      const phone = phoneFlag(context.values, config.phone_region);
      await context.campaigns.unsuppress(team.id, phone);
      context.out(
        context.json ? toJson({ team_id: team.id, phone, suppressed: false }) : `${phone} may be texted by team ${team.id} again`,
      );
    },
  },
};

const COMMANDS: Record<string, Command> = {
  'portfolio create': {
    options: { name: { type: 'string' } },
    async run({ store, values, json, out }) {
      const portfolio = await store.createPortfolio({ name: requiredName(values, '--name') });
      out(json ? toJson(portfolio) : `Created portfolio ${portfolio.id}: ${portfolio.name}`);
    },
  },

  'portfolio list': {
    options: {},
    async run({ store, json, out }) {
      const portfolios = await store.listPortfolios();
      const rows = await Promise.all(
        portfolios.map(async (p) => ({ ...p, enterpriseIds: (await store.listPortfolioEnterpriseIds(p.id)).sort((a, b) => a - b) })),
      );
      out(
        json
          ? toJson(rows)
          : table(
              ['ID', 'NAME', 'ENTERPRISES', 'CREATED'],
              rows.map((p) => [String(p.id), p.name, p.enterpriseIds.join(',') || '-', p.createdAt]),
            ),
      );
    },
  },

  'portfolio add-enterprise': {
    options: { portfolio: { type: 'string' }, enterprise: { type: 'string' } },
    async run({ store, values, json, out }) {
      const portfolioId = requiredId(values, '--portfolio');
      const enterpriseId = requiredId(values, '--enterprise');
      const portfolio = await store.getPortfolio(portfolioId);
      if (!portfolio) throw new UsageError(`--portfolio ${portfolioId} does not name an existing portfolio`, '--portfolio');
      const enterprise = await store.getEnterprise(enterpriseId);
      if (!enterprise) throw new UsageError(`--enterprise ${enterpriseId} does not name an existing enterprise`, '--enterprise');
      await store.addEnterpriseToPortfolio(portfolioId, enterpriseId);
      out(
        json
          ? toJson({ portfolioId, enterpriseId })
          : `Added enterprise ${enterprise.id} (${enterprise.name}) to portfolio ${portfolio.id} (${portfolio.name})`,
      );
    },
  },

  'enterprise create': {
    options: { name: { type: 'string' }, portfolio: { type: 'string' } },
    async run({ store, values, json, out }) {
      const name = requiredName(values, '--name');
      const portfolioId = optionalId(values, '--portfolio');
      // Checked before anything is written, so a typo leaves no orphan enterprise behind.
      if (portfolioId !== null && !(await store.getPortfolio(portfolioId))) {
        throw new UsageError(`--portfolio ${portfolioId} does not name an existing portfolio`, '--portfolio');
      }
      const enterprise = await store.createEnterprise({ name });
      if (portfolioId !== null) await store.addEnterpriseToPortfolio(portfolioId, enterprise.id);
      out(
        json
          ? toJson({ ...enterprise, portfolioId })
          : `Created enterprise ${enterprise.id}: ${enterprise.name}${portfolioId !== null ? ` (in portfolio ${portfolioId})` : ''}`,
      );
    },
  },

  'enterprise list': {
    options: {},
    async run({ store, json, out }) {
      const enterprises = await store.listEnterprises();
      const rows = await Promise.all(
        enterprises.map(async (e) => ({
          ...e,
          teamIds: (await store.listEnterpriseTeamIds(e.id)).map((t) => t.teamId).sort((a, b) => a - b),
        })),
      );
      out(
        json
          ? toJson(rows)
          : table(
              ['ID', 'NAME', 'TEAMS', 'CREATED'],
              rows.map((e) => [String(e.id), e.name, e.teamIds.join(',') || '-', e.createdAt]),
            ),
      );
    },
  },

  'team create': {
    options: {
      name: { type: 'string' },
      timezone: { type: 'string' },
      enterprise: { type: 'string' },
      workspace: { type: 'string' },
      test: { type: 'boolean' },
    },
    async run({ store, values, json, out }) {
      const name = requiredName(values, '--name');
      const timezone = requiredString(values, '--timezone');
      if (!IANAZone.isValidZone(timezone)) {
        throw new UsageError(`--timezone must be an IANA time zone such as America/Chicago; got '${timezone}'`, '--timezone');
      }
      const enterpriseId = requiredId(values, '--enterprise');
      const workspaceId = optionalString(values, '--workspace') ?? defaultWorkspaceId(name);
      if (!WORKSPACE_ID.test(workspaceId)) {
        throw new UsageError(
          `--workspace must be 1–64 letters, digits, '_' or '-' starting with a letter or digit; got '${workspaceId}'`,
          '--workspace',
        );
      }
      if (!(await store.getEnterprise(enterpriseId))) {
        throw new UsageError(`--enterprise ${enterpriseId} does not name an existing enterprise`, '--enterprise');
      }
      const team = await store.createTeam({ name, timezone, isTest: values.test === true, enterpriseId, workspaceId });
      out(
        json
          ? toJson(team)
          : `Created team ${team.id}: ${team.name} (${team.timezone}) in enterprise ${team.enterpriseId}, workspace ${team.workspaceId}${team.isTest ? ', test team' : ''}`,
      );
    },
  },

  'team list': {
    options: { enterprise: { type: 'string' } },
    async run({ store, values, json, out }) {
      const enterpriseId = optionalId(values, '--enterprise');
      let enterpriseIds: number[];
      if (enterpriseId !== null) {
        if (!(await store.getEnterprise(enterpriseId))) {
          throw new UsageError(`--enterprise ${enterpriseId} does not name an existing enterprise`, '--enterprise');
        }
        enterpriseIds = [enterpriseId];
      } else {
        enterpriseIds = (await store.listEnterprises()).map((e) => e.id);
      }
      const memberships = await Promise.all(enterpriseIds.map((id) => store.listEnterpriseTeamIds(id)));
      const teams: Team[] = await store.getTeams(memberships.flat().map((m) => m.teamId));
      out(
        json
          ? toJson(teams)
          : table(
              ['ID', 'NAME', 'TIMEZONE', 'ENTERPRISE', 'WORKSPACE', 'TEST'],
              teams.map((t) => [String(t.id), t.name, t.timezone, String(t.enterpriseId), t.workspaceId, t.isTest ? 'yes' : '']),
            ),
      );
    },
  },

  'key create': {
    options: {
      type: { type: 'string' },
      team: { type: 'string' },
      permissions: { type: 'string' },
      portfolio: { type: 'string' },
      name: { type: 'string' },
    },
    async run({ store, values, json, out }) {
      const type = requiredString(values, '--type');
      const anchorTeamId = requiredId(values, '--team');
      const permissionList = requiredString(values, '--permissions');
      const portfolioId = optionalId(values, '--portfolio');
      const permissions =
        permissionList.trim() === 'all' && (KEY_TYPES as readonly string[]).includes(type)
          ? permissionsAllowedFor(type as KeyType)
          : permissionList
              .split(',')
              .map((p) => p.trim())
              .filter((p) => p !== '');
      const name = optionalString(values, '--name') ?? `${type} key for team ${anchorTeamId}`;
      const { plaintext, record } = await createApiKey(store, { name, type, anchorTeamId, permissions, portfolioId });
      const warning =
        'This key will not be shown again: store it now (e.g. in a secret manager). It cannot be recovered, only revoked and replaced.';
      if (json) {
        out(toJson({ key: plaintext, ...keyView(record), warning }));
        return;
      }
      out(
        [
          `Created ${record.type} key ${record.keyId} (${record.name})`,
          `  scope        ${scopeText(record)}`,
          `  anchor team  ${record.anchorTeamId}`,
          `  permissions  ${record.permissions.join(', ')}`,
          '',
          `  ${plaintext}`,
          '',
          `WARNING: ${warning}`,
        ].join('\n'),
      );
    },
  },

  'key list': {
    options: {},
    async run({ store, json, out }) {
      const keys = (await store.listApiKeys()).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.keyId.localeCompare(b.keyId));
      out(
        json
          ? toJson(keys.map(keyView))
          : table(
              ['ID', 'NAME', 'TYPE', 'SCOPE', 'ANCHOR', 'PERMISSIONS', 'CREATED', 'LAST USED', 'REVOKED'],
              keys.map((k) => [
                k.keyId,
                k.name,
                k.type,
                scopeText(k),
                String(k.anchorTeamId),
                permissionsText(k),
                k.createdAt,
                k.lastUsedAt ?? '-',
                k.revokedAt ?? '-',
              ]),
            ),
      );
    },
  },

  'key revoke': {
    options: { id: { type: 'string' } },
    async run({ store, values, json, out, authorizerCaches }) {
      const keyId = requiredString(values, '--id');
      // Named before anything is written: a revocation the caches would hide is not reported done.
      const caches = authorizerCaches();
      const now = new Date();
      const record = await revokeApiKey(store, keyId, { now });
      const already = record.revokedAt !== now.toISOString();
      try {
        for (const { cache } of caches) await cache.flush();
      } catch (error) {
        throw new Error(
          `key ${record.keyId} is revoked, but flushing the authorizer caches failed (${describeFailure(error)}); ` +
            `cached policies may accept it for up to 300 s: run \`key revoke --id ${record.keyId}\` again to flush again`,
        );
      }
      const flushed = caches.map((c) => c.name);
      out(
        json
          ? toJson({ ...keyView(record), alreadyRevoked: already, authorizerCachesFlushed: flushed })
          : [
              already
                ? `Key ${record.keyId} (${record.name}) was already revoked at ${record.revokedAt}`
                : `Revoked key ${record.keyId} (${record.name}) at ${record.revokedAt}`,
              `Flushed the authorizer caches: ${flushed.join('; ')}`,
            ].join('\n'),
      );
    },
  },

  ...INTAKE_COMMANDS,
  ...MESSAGING_COMMANDS,
};

/** Runs one CLI command and returns its exit code. Never throws. */
export async function runAdmin(argv: readonly string[], io: AdminIo = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  const env = io.env ?? process.env;
  let json = argv.includes('--json');
  const out = (text: string): void => {
    io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  };
  try {
    const { words, rest } = splitCommand(argv);
    if (words.length === 0 || words[0] === 'help') {
      if (words.length === 0 && !rest.includes('--help') && !rest.includes('-h')) {
        io.stderr.write(USAGE);
        return 1;
      }
      out(USAGE);
      return 0;
    }
    const commandName = words.join(' ');
    const command = COMMANDS[commandName];
    if (!command) throw new UsageError(`unknown command '${commandName}'`);

    const values = parseFlags(rest, command.options);
    json = values.json === true;
    if (values.help === true) {
      out(USAGE);
      return 0;
    }

    const target = await openTarget(values.local === true, env);
    try {
      await command.run({
        store: target.store,
        configs: target.configs,
        messaging: target.messaging,
        campaigns: target.campaigns,
        authorizerCaches: () => authorizerCachesOf(target, env, io),
        values,
        json,
        out,
      });
    } finally {
      await target.close();
    }
    return 0;
  } catch (error) {
    return report(error, io, json);
  }
}

function report(error: unknown, io: AdminIo, json: boolean): number {
  let code = 2;
  let message: string;
  let flag: string | undefined;
  if (error instanceof UsageError) {
    code = 1;
    message = error.message;
    flag = error.flag;
  } else if (isCallerMistake(error)) {
    code = 1;
    flag = error.field ? FIELD_FLAGS[error.field] : undefined;
    message = flagged(error.message, error.field, flag);
  } else if (error instanceof LocalDataLockedError) {
    message = error.message;
  } else {
    message = describeFailure(error);
  }
  if (json) io.stderr.write(`${toJson({ error: code === 1 ? 'invalid_request' : 'failed', message, ...(flag ? { flag } : {}) })}\n`);
  else io.stderr.write(`error: ${message}${code === 1 ? '\nRun `npm run admin -- help` for usage.' : ''}\n`);
  return code;
}

/** "anchorTeamId 7 does not…" → "--team 7 does not…"; other messages get the flag in front. */
function flagged(message: string, field: string | undefined, flag: string | undefined): string {
  if (!field || !flag) return message;
  if (message.startsWith(field)) return `${flag}${message.slice(field.length)}`;
  return `${flag}: ${message}`;
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  switch (error.name) {
    case 'ResourceNotFoundException':
      return `${error.message} — check TABLE_TEAMS (the stack output TeamsTableName) and AWS_REGION`;
    case 'CredentialsProviderError':
      return `no AWS credentials: ${error.message} (set AWS_PROFILE or log in, or use --local)`;
    default:
      return error.message;
  }
}

/** Command words come first (global boolean flags may precede them); everything after is flags. */
function splitCommand(argv: readonly string[]): { words: string[]; rest: string[] } {
  const words: string[] = [];
  const rest: string[] = [];
  let i = 0;
  for (; i < argv.length && words.length < 2; i++) {
    const token = argv[i] as string;
    if (GLOBAL_FLAGS.has(token)) rest.push(token);
    else if (token.startsWith('-')) break;
    else if (words[0] === 'help') break;
    else words.push(token);
  }
  rest.push(...argv.slice(i));
  return { words, rest };
}

function parseFlags(args: readonly string[], options: Options): Values {
  try {
    const { values } = parseArgs({ args: [...args], options: { ...GLOBAL_OPTIONS, ...options }, strict: true, allowPositionals: false });
    return values as Values;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const flag = /'(--?[a-z-]+)/.exec(message)?.[1];
    throw new UsageError(message, flag);
  }
}

function optionalString(values: Values, flag: string): string | null {
  const value = values[flag.slice(2)];
  if (typeof value !== 'string') return null;
  return value;
}

function requiredString(values: Values, flag: string): string {
  const value = optionalString(values, flag);
  if (value === null || value.trim() === '') throw new UsageError(`${flag} is required`, flag);
  return value.trim();
}

function requiredName(values: Values, flag: string): string {
  const name = requiredString(values, flag);
  if (name.length > 100) throw new UsageError(`${flag} must be at most 100 characters`, flag);
  return name;
}

function optionalId(values: Values, flag: string): number | null {
  const raw = optionalString(values, flag);
  if (raw === null) return null;
  if (!/^[1-9][0-9]{0,9}$/.test(raw.trim())) throw new UsageError(`${flag} must be a positive integer id; got '${raw}'`, flag);
  return Number(raw.trim());
}

function requiredId(values: Values, flag: string): number {
  const id = optionalId(values, flag);
  if (id === null) throw new UsageError(`${flag} is required`, flag);
  return id;
}

const WORKSPACE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** "Summit HVAC" → "ws_summit_hvac". */
function defaultWorkspaceId(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return `ws_${slug || 'team'}`;
}

/** What may be shown of a key: everything but its hash (and the plaintext, which is never stored). */
function keyView(record: ApiKeyRecord): Omit<ApiKeyRecord, 'keyHash'> {
  const { keyHash: _hash, ...view } = record;
  return view;
}

function scopeText(record: ApiKeyRecord): string {
  return `${record.scope.kind} ${record.scope.id}`;
}

function permissionsText(record: ApiKeyRecord): string {
  const all = permissionsAllowedFor(record.type);
  const complete = all.length === record.permissions.length && all.every((p) => record.permissions.includes(p));
  return complete ? `all (${all.length})` : record.permissions.join(',');
}

/** `label` + the items, comma-separated, wrapped at `width` with every line indented by `indent`. */
function wrapList(label: string, items: readonly string[], indent: number, width: number): string {
  const lines: string[] = [];
  let line = `${' '.repeat(indent)}${label}`;
  items.forEach((item, i) => {
    const text = i < items.length - 1 ? `${item},` : item;
    if (line.length + 1 + text.length > width && line.trim() !== label.trim()) {
      lines.push(line);
      line = ' '.repeat(indent + label.length) + text;
    } else line += line.endsWith(label) ? text : ` ${text}`;
  });
  lines.push(line);
  return lines.join('\n');
}

function toJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '(none)';
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Target: deployed tables, a running emulator, or the local data folder
// ---------------------------------------------------------------------------------------------

interface Target {
  readonly store: DynamoTenancyStore;
  readonly configs: IntakeConfigStore;
  readonly messaging: DynamoMessagingConfigStore;
  readonly campaigns: DynamoCampaignStore;
  /** The epoch a local gateway running on this store watches (written on AWS too, where nothing reads it). */
  readonly epoch: DynamoAuthorizerCacheEpoch;
  /** A deployed stack: DynamoDB in AWS, so API Gateway's caches must be named. */
  readonly deployed: boolean;
  close(): Promise<void>;
}

/**
 * The local gateway's epoch always; the REST API stages' caches when READ_API_ID, PLATFORM_API_ID and
 * INTAKE_API_ID are set, which a deployed stack requires (else the revocation would wait for the TTL).
 */
function authorizerCachesOf(
  target: Target,
  env: Readonly<Record<string, string | undefined>>,
  io: AdminIo,
): { name: string; cache: AuthorizerCache }[] {
  const caches: { name: string; cache: AuthorizerCache }[] = [{ name: 'local gateway (authorizer-cache epoch)', cache: target.epoch }];
  const { stages, missing } = apiStagesFromEnv(env);
  if (missing.length > 0 && (target.deployed || stages.length > 0)) {
    throw new UsageError(
      `set ${missing.join(', ')} (the stack outputs ReadApiId, PlatformApiId, IntakeApiId): revoking a key flushes the ` +
        'authorizer caches of every REST API stage, or the key would keep working up to 300 s',
    );
  }
  if (stages.length > 0) {
    caches.push({
      name: `API Gateway stages ${stages.map((s) => `${s.restApiId}/${s.stageName}`).join(', ')} (flushed twice, ${AUTHORIZER_TIMEOUT_SECONDS} s apart)`,
      cache: new ApiGatewayAuthorizerCache({ stages, client: io.apiGateway, sleep: io.sleep }),
    });
  }
  return caches;
}

async function openTarget(local: boolean, env: Readonly<Record<string, string | undefined>>): Promise<Target> {
  const endpoint = env.DYNAMODB_ENDPOINT;
  if (local || (!endpoint && !env.TABLE_TEAMS)) return openLocalData(path.resolve(env.DATA_DIR ?? '.data'));

  const client = endpoint
    ? new DynamoDBClient({
        endpoint,
        region: env.AWS_REGION ?? 'local',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      })
    : new DynamoDBClient({});
  const tableName = env.TABLE_TEAMS ?? 'local-teams';
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return {
    store: new DynamoTenancyStore(documents, tableName),
    epoch: new DynamoAuthorizerCacheEpoch(documents, tableName),
    deployed: !endpoint,
    configs: new DynamoIntakeConfigStore(documents, tableName),
    messaging: new DynamoMessagingConfigStore(documents, tableName),
    campaigns: new DynamoCampaignStore(documents, env.TABLE_CAMPAIGNS ?? 'local-campaigns'),
    async close() {
      documents.destroy();
    },
  };
}

/** Opens `<dataDir>/dynamodb` with the embedded emulator, the way `npm start` does (table prefix `local`). */
async function openLocalData(dataDir: string): Promise<Target> {
  mkdirSync(dataDir, { recursive: true });
  await assertNotLocked(path.join(dataDir, 'dynamodb'));
  const { ensureTables, startLocalDynamo } = await import('../local/dynamodb');
  const dynamo = await startLocalDynamo({ dataDir });
  try {
    const names = await ensureTables(dynamo.endpoint, 'local');
    const client = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
    return {
      store: new DynamoTenancyStore(documents, names.teams),
      epoch: new DynamoAuthorizerCacheEpoch(documents, names.teams),
      deployed: false,
      configs: new DynamoIntakeConfigStore(documents, names.teams),
      messaging: new DynamoMessagingConfigStore(documents, names.teams),
      campaigns: new DynamoCampaignStore(documents, names.campaigns),
      async close() {
        documents.destroy();
        await dynamo.stop();
      },
    };
  } catch (error) {
    await dynamo.stop().catch(() => undefined);
    throw error;
  }
}

/**
 * LevelDB lets one process open a folder. The emulator reports a held lock only when the first
 * request fails (and then crashes the process), so the folder is probed first with the same LevelDB
 * binding the emulator uses.
 */
async function assertNotLocked(levelDir: string): Promise<void> {
  let Level: typeof import('level').Level;
  try {
    ({ Level } = await import('level'));
  } catch {
    return; // Without the binding there is nothing to probe with; the emulator will report.
  }
  mkdirSync(levelDir, { recursive: true });
  const db = new Level(levelDir);
  try {
    await db.open();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === 'LEVEL_LOCKED') {
      throw new LocalDataLockedError(
        `the local data folder ${path.dirname(levelDir)} is in use by another process (probably \`npm start\`). ` +
          'Stop the service and run the command again, or point DYNAMODB_ENDPOINT at its DynamoDB endpoint ' +
          '(TABLE_TEAMS defaults to local-teams).',
      );
    }
    throw error;
  } finally {
    await db.close().catch(() => undefined);
  }
}

if (require.main === module) {
  runAdmin(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
