import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { IANAZone } from 'luxon';
import { DynamoTenancyStore } from '../shared/adapters/dynamodb/tenancy-store';
import { KEY_TYPES, type KeyType } from '../shared/auth/permissions';
import { createApiKey, permissionsAllowedFor, revokeApiKey } from '../shared/domain/key-service';
import type { ApiKeyRecord, Team } from '../shared/domain/tenancy';
import { HttpError } from '../shared/http/errors';

/**
 * Operator CLI: tenancy (portfolios, enterprises, teams) and API keys.
 *
 *   npm run admin -- <command> [--flags]      (npm run admin -- help)
 *
 * The logic is `runAdmin(argv, io)`, which returns the exit code; this file calls it only when run
 * as the main module, so tests drive it in-process.
 */

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
  key revoke --id KEY_ID

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

type Values = Record<string, string | boolean | undefined>;
type Options = NonNullable<ParseArgsConfig['options']>;

interface Context {
  readonly store: DynamoTenancyStore;
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
    async run({ store, values, json, out }) {
      const keyId = requiredString(values, '--id');
      const now = new Date();
      const record = await revokeApiKey(store, keyId, { now });
      const already = record.revokedAt !== now.toISOString();
      out(
        json
          ? toJson({ ...keyView(record), alreadyRevoked: already })
          : already
            ? `Key ${record.keyId} (${record.name}) was already revoked at ${record.revokedAt}`
            : `Revoked key ${record.keyId} (${record.name}) at ${record.revokedAt}`,
      );
    },
  },
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
      await command.run({ store: target.store, values, json, out });
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
  } else if (error instanceof HttpError && error.statusCode < 500) {
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
  close(): Promise<void>;
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
