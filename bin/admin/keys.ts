import { userInfo } from 'node:os';
import type { ApiGatewayUsagePlanKeys } from '#shared/adapters/aws/api-gateway-usage-plan';
import { parseFieldGroups } from '#shared/auth/field-groups';
import { KEY_TYPES, type KeyType } from '#shared/auth/permissions';
import { operatorActor } from '#shared/domain/audit-log/entry';
import { isExpired } from '#shared/domain/identity-resolver';
import { createApiKey, permissionsAllowedFor, revokeApiKey, updateKeySettings, validateRateLimit } from '#shared/domain/key-service';
import { readUsage } from '#shared/domain/rate-limit';
import type { ApiKeyRecord, ApiKeySettings } from '#shared/domain/tenancy';
import type { Command } from './command';
import { describeFailure, UsageError } from './errors';
import { optionalId, optionalString, requiredId, requiredString, type Values } from './flags';
import { clip, table, toJson } from './format';
import { isInternalKey } from './internal-keys';
import { closest } from './suggest';

/** The OS user running the CLI, recorded in the audit log beside `operator`. */
const osUser = (): string => userInfo().username;

/** API keys: created keys are printed once, and no listing ever shows key material. */
export const KEY_COMMANDS: Record<string, Command> = {
  'key create': {
    help: {
      summary: 'create an API key (printed once)',
      usage:
        '--type TYPE --team ANCHOR_TEAM_ID --permissions a,b|all [--portfolio ID] [--name NAME] [--expires WHEN] [--rate-limit N] [--fields GROUPS]',
      flags: {
        '--type TYPE': `${KEY_TYPES.join(' | ')}:\nenterprise            the anchor team only\nenterprise_all_teams  every team of the anchor team's enterprise\nportfolio_all_teams   every team of --portfolio`,
        '--team ANCHOR_TEAM_ID': 'the team the key is created from',
        '--permissions LIST': 'comma-separated permissions, or all (every permission the type may hold)',
        '--portfolio ID': 'portfolio_all_teams only: the portfolio (it must include the anchor team’s enterprise)',
        '--name NAME': 'a name to tell the key by (default: "<type> key for team <id>")',
        '--expires WHEN': 'an ISO instant, or 30d / 12h from now (default: never)',
        '--rate-limit N': 'requests per minute (default: the service default)',
        '--fields GROUPS': 'all (default), core, or core plus groups: contact, transcripts, recordings, notes, attribution',
      },
      notes: ['The key is printed once: store it then. On a deployed stack it is registered in the usage plan (USAGE_PLAN_ID).'],
      examples: [
        'key create --type enterprise --team 4 --permissions read:leads,read:calls --name "Reporting"',
        'key create --type portfolio_all_teams --team 1 --portfolio 1 --permissions all --expires 90d',
      ],
    },
    options: {
      type: { type: 'string' },
      team: { type: 'string' },
      permissions: { type: 'string' },
      portfolio: { type: 'string' },
      name: { type: 'string' },
      expires: { type: 'string' },
      'rate-limit': { type: 'string' },
      fields: { type: 'string' },
    },
    async run({ store, values, json, out, usagePlan }) {
      const type = requiredString(values, '--type');
      // Checked here, before the default name is made from it: a long wrong type must not read as a long --name.
      if (!(KEY_TYPES as readonly string[]).includes(type)) {
        const suggestion = closest(type, KEY_TYPES);
        throw new UsageError(
          `--type must be one of ${KEY_TYPES.join(', ')}; got '${type}'${suggestion ? `; did you mean ${suggestion}?` : ''}`,
          '--type',
        );
      }
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
      const settings = settingsFlags(values, new Date());
      // Named before the key exists: a deployed stack refuses a key its usage plan does not list.
      const plan = usagePlan();
      const { plaintext, record } = await createApiKey(
        store,
        { name, type, anchorTeamId, permissions, portfolioId, ...settings },
        { actor: operatorActor(osUser) },
      );
      let registration: string | null = null;
      try {
        await plan?.register(record.keyId);
      } catch (error) {
        // The plaintext is printed all the same: it cannot be shown again.
        registration = `registering ${record.keyId} in the usage plan failed (${describeFailure(error)}): run \`key register --id ${record.keyId}\``;
      }
      const warning =
        'This key will not be shown again: store it now (e.g. in a secret manager). It cannot be recovered, only revoked and replaced.';
      if (json) {
        out(toJson({ key: plaintext, ...keyView(record), ...(registration ? { usagePlanError: registration } : {}), warning }));
        return;
      }
      out(
        [
          `Created ${record.type} key ${record.keyId} (${record.name})`,
          `  scope        ${scopeText(record)}`,
          `  anchor team  ${record.anchorTeamId}`,
          `  permissions  ${record.permissions.join(', ')}`,
          `  expires      ${record.expiresAt ?? 'never'}`,
          `  rate limit   ${record.rateLimitPerMinute ?? 'default'} per minute`,
          `  fields       ${fieldsText(record)}`,
          ...(registration ? [`  WARNING: ${registration}`] : []),
          '',
          `  ${plaintext}`,
          '',
          `WARNING: ${warning}`,
        ].join('\n'),
      );
    },
  },

  'key list': {
    help: {
      summary: 'list keys: name, prefix, scope, permissions, usage, status (never key material)',
      usage: '[--all]',
      flags: { '--all': 'also the internal keys the service mints for itself (the local sandbox’s call-report keys)' },
      examples: ['key list', 'key list --all --json'],
    },
    options: { all: { type: 'boolean' } },
    async run({ store, limits, values, json, out }) {
      const every = (await store.listApiKeys()).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.keyId.localeCompare(b.keyId));
      const keys = values.all === true ? every : every.filter((k) => !isInternalKey(k));
      const hidden = every.length - keys.length;
      const usage = await Promise.all(keys.map((k) => readUsage(limits, k.keyId)));
      const now = new Date();
      const views = keys.map((k, i) => {
        const used = usage[i] ?? { usageCount: 0, lastUsedAt: null };
        return {
          ...keyView(k),
          lastUsedAt: latest(k.lastUsedAt, used.lastUsedAt),
          usageCount: used.usageCount,
          internal: isInternalKey(k),
        };
      });
      if (json) {
        out(toJson(views));
        return;
      }
      // One space between columns: the widest values fill exactly 120 columns (a test keeps it so).
      out(
        table(
          ['ID', 'NAME', 'PREFIX', 'TYPE SCOPE', 'PERMS', 'CREATED', 'LAST USED', 'USES', 'STATUS'],
          views.map((k) => [
            k.keyId,
            clip(k.name, 12),
            k.keyPrefix ?? 'service_',
            clip(`${SHORT_TYPE[k.type]} ${k.scope.id}`, 12),
            permissionsShort(k),
            k.createdAt.slice(0, 10),
            k.lastUsedAt ? `${k.lastUsedAt.slice(0, 10)} ${k.lastUsedAt.slice(11, 16)}` : '-',
            clip(String(k.usageCount), 7),
            statusText(k, now),
          ]),
          1,
        ),
      );
      const internal = views.filter((k) => k.internal).length;
      if (hidden > 0) out(`(${hidden} internal key${hidden === 1 ? '' : 's'} of the service hidden: \`key list --all\` shows them)`);
      else if (internal > 0) out(`(${internal} of them internal: minted by the service for itself)`);
    },
  },

  'key set': {
    help: {
      summary: 'change a key’s expiry, rate limit or field groups',
      usage: '--id KEY_ID [--expires WHEN|never] [--rate-limit N|default] [--fields GROUPS|all]',
      flags: {
        '--id KEY_ID': 'the key (key_ and 16 hex characters, see key list)',
        '--expires WHEN': 'an ISO instant, 30d / 12h from now, or never',
        '--rate-limit N': 'requests per minute, or default',
        '--fields GROUPS': 'all, core, or core plus groups: contact, transcripts, recordings, notes, attribution',
      },
      notes: ['Flushes the authorizer caches, so the change holds from the next request.'],
      examples: ['key set --id key_0123456789abcdef --expires 30d --rate-limit 120'],
    },
    options: { id: { type: 'string' }, expires: { type: 'string' }, 'rate-limit': { type: 'string' }, fields: { type: 'string' } },
    async run({ store, values, json, out, authorizerCaches }) {
      const keyId = requiredString(values, '--id');
      const changes = settingsFlags(values, new Date());
      if (Object.keys(changes).length === 0) throw new UsageError('give at least one of --expires, --rate-limit, --fields');
      // The settings travel in the authorizer's cached context: flushed as on revocation, so they hold from the next request.
      const caches = authorizerCaches();
      const record = await updateKeySettings(store, keyId, changes);
      for (const { cache } of caches) await cache.flush();
      out(
        json
          ? toJson(keyView(record))
          : [
              `Key ${record.keyId} (${record.name})`,
              `  expires      ${record.expiresAt ?? 'never'}`,
              `  rate limit   ${record.rateLimitPerMinute ?? 'default'} per minute`,
              `  fields       ${fieldsText(record)}`,
              `Flushed the authorizer caches: ${caches.map((c) => c.name).join('; ')}`,
            ].join('\n'),
      );
    },
  },

  'team limits': {
    help: {
      summary: 'set a team’s own request limit per workspace and hour',
      usage: '--team ID --per-hour N|default',
      flags: { '--team ID': 'the team', '--per-hour N': 'requests per hour, or default' },
      examples: ['team limits --team 2 --per-hour 5000'],
    },
    options: { team: { type: 'string' }, 'per-hour': { type: 'string' } },
    async run({ store, values, json, out, authorizerCaches }) {
      const teamId = requiredId(values, '--team');
      const raw = requiredString(values, '--per-hour');
      let perHour: number | null = null;
      if (raw !== 'default') {
        if (!/^[0-9]{1,9}$/.test(raw))
          throw new UsageError(`--per-hour must be a whole number of requests per hour, or default; got '${raw}'`, '--per-hour');
        perHour = validateRateLimit(Number(raw), 'perHour');
      }
      // The anchor team's limit travels in the authorizer's cached context, as a key's settings do.
      const caches = authorizerCaches();
      const team = await store.setTeamRateLimit(teamId, perHour);
      if (!team) throw new UsageError(`--team ${teamId} does not name an existing team`, '--team');
      for (const { cache } of caches) await cache.flush();
      out(
        json
          ? toJson({ teamId: team.id, rateLimitPerHour: team.rateLimitPerHour ?? null })
          : `Team ${team.id} (${team.name}): ${team.rateLimitPerHour ?? 'the default number of'} requests per hour per workspace`,
      );
    },
  },

  'key register': {
    help: {
      summary: 'register a key (or every active key) in the deployed stack’s usage plan',
      usage: '--id KEY_ID | --all',
      flags: { '--id KEY_ID': 'the key', '--all': 'every active key (after the first deploy with usage plans)' },
      notes: ['Needs USAGE_PLAN_ID (the stack output UsagePlanId); locally there is nothing to register.'],
      examples: ['key register --all'],
    },
    options: { id: { type: 'string' }, all: { type: 'boolean' } },
    async run({ store, values, json, out, usagePlan }) {
      const all = values.all === true;
      const keyId = optionalString(values, '--id');
      if (all === Boolean(keyId))
        throw new UsageError('name one key with --id KEY_ID, or every active key with --all', keyId ? '--all' : '--id');
      const records = all
        ? (await store.listApiKeys()).filter((r) => r.revokedAt === null && !isExpired(r.expiresAt, new Date()))
        : [await store.getApiKeyById(String(keyId))];
      if (records[0] === null) throw new UsageError(`--id ${keyId} does not name a key`, '--id');
      const plan = usagePlan();
      const registered: string[] = [];
      // One by one: registration is idempotent, so a rerun after a failure picks up where it stopped.
      for (const record of records) {
        if (!record) continue;
        await plan?.register(record.keyId);
        registered.push(record.keyId);
      }
      const message = plan
        ? `Registered ${registered.length === 1 ? registered[0] : `${registered.length} active keys`} in the usage plan`
        : 'No usage plan here (local): nothing to register';
      out(
        json
          ? toJson(all ? { keyIds: registered, registered: plan !== null } : { keyId: registered[0], registered: plan !== null })
          : message,
      );
    },
  },

  'key revoke': {
    help: {
      summary: 'revoke a key: refused from the next request on (asks first)',
      usage: '--id KEY_ID [--yes]',
      flags: { '--id KEY_ID': 'the key (key_ and 16 hex characters, see key list)' },
      notes: [
        'Also flushes the authorizer caches: the running local gateway’s; on a deployed stack the REST API stages named by READ_API_ID, PLATFORM_API_ID, INTAKE_API_ID and API_STAGE_NAME. Again on a revoked key: flushes again.',
        'On a deployed stack with USAGE_PLAN_ID it also deletes the key’s API Gateway API key (out of the usage plan); again on a revoked key: deletes it if it is still there.',
      ],
      examples: ['key revoke --id key_0123456789abcdef', 'key revoke --id key_0123456789abcdef --yes'],
      confirms: true,
    },
    options: { id: { type: 'string' } },
    async run({ store, values, json, out, authorizerCaches, confirm, usagePlan }) {
      const keyId = requiredString(values, '--id');
      // Named before anything is written: a revocation the caches would hide is not reported done.
      const caches = authorizerCaches();
      const existing = KEY_ID.test(keyId) ? await store.getApiKeyById(keyId) : null;
      if (KEY_ID.test(keyId) && !existing) throw new UsageError(`--id ${keyId} does not name a key (see key list)`, '--id');
      // Revoking again only flushes the caches again: nothing to ask.
      if (existing && existing.revokedAt === null) await confirm(`Revoke key ${existing.keyId} (${existing.name})?`);
      const now = new Date();
      const record = await revokeApiKey(store, keyId, { now, actor: operatorActor(osUser) });
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
      const usagePlanKey = await removeFromUsagePlan(usagePlan, record.keyId);
      out(
        json
          ? toJson({ ...keyView(record), alreadyRevoked: already, authorizerCachesFlushed: flushed, usagePlanKey })
          : [
              already
                ? `Key ${record.keyId} (${record.name}) was already revoked at ${record.revokedAt}`
                : `Revoked key ${record.keyId} (${record.name}) at ${record.revokedAt}`,
              `Flushed the authorizer caches: ${flushed.join('; ')}`,
              usagePlanKeyText(usagePlanKey),
            ]
              .filter((line) => line !== '')
              .join('\n'),
      );
    },
  },
};

const KEY_ID = /^key_[0-9a-f]{16}$/;

type UsagePlanKeyRemoval = { status: 'removed' | 'absent' | 'local' | 'no-usage-plan-id' } | { status: 'failed'; error: string };

/** The line `key revoke` prints about the key's API Gateway API key (none locally). */
function usagePlanKeyText(removal: UsagePlanKeyRemoval): string {
  switch (removal.status) {
    case 'removed':
      return 'Deleted its API Gateway API key (out of the usage plan)';
    case 'absent':
      return 'No API Gateway API key of it to delete';
    case 'local':
      return '';
    case 'no-usage-plan-id':
      return 'Its API Gateway API key stays until `key revoke` runs again with USAGE_PLAN_ID (the stack output UsagePlanId) set';
    case 'failed':
      return `WARNING: deleting its API Gateway API key failed (${removal.error}); the authorizer refuses the key all the same. Run \`key revoke\` again to retry`;
  }
}

/**
 * After a revocation: deletes the key's API Gateway API key. Never undoes or fails the revocation,
 * which the authorizer enforces on its own; the API key only counts against the account's quota.
 */
async function removeFromUsagePlan(usagePlan: () => ApiGatewayUsagePlanKeys | null, keyId: string): Promise<UsagePlanKeyRemoval> {
  let plan: ApiGatewayUsagePlanKeys | null;
  try {
    plan = usagePlan();
  } catch (error) {
    if (error instanceof UsageError) return { status: 'no-usage-plan-id' };
    throw error;
  }
  if (!plan) return { status: 'local' };
  try {
    return { status: (await plan.deregister(keyId)) ? 'removed' : 'absent' };
  } catch (error) {
    return { status: 'failed', error: describeFailure(error) };
  }
}

const SHORT_TYPE: Record<KeyType, string> = { enterprise: 'team', enterprise_all_teams: 'ent-all', portfolio_all_teams: 'port-all' };

/** --expires (ISO instant, `30d`/`12h` from now, or `never`), --rate-limit (per minute, or `default`), --fields (groups, `core` or `all`). */
function settingsFlags(values: Values, now: Date): ApiKeySettings {
  const out: { -readonly [K in keyof ApiKeySettings]: ApiKeySettings[K] } = {};
  const expires = optionalString(values, '--expires');
  if (expires !== null) out.expiresAt = parseExpiry(expires.trim(), now);
  const limit = optionalString(values, '--rate-limit');
  if (limit !== null) {
    if (limit.trim() === 'default') out.rateLimitPerMinute = null;
    else if (/^[0-9]{1,9}$/.test(limit.trim())) out.rateLimitPerMinute = Number(limit.trim());
    else throw new UsageError(`--rate-limit must be a whole number of requests per minute, or default; got '${limit}'`, '--rate-limit');
  }
  const fields = optionalString(values, '--fields');
  if (fields !== null) out.fieldGroups = parseFieldGroups(fields);
  return out;
}

function parseExpiry(text: string, now: Date): string | null {
  if (text === 'never') return null;
  const relative = /^([1-9][0-9]{0,4})([dh])$/.exec(text);
  if (relative) return new Date(now.getTime() + Number(relative[1]) * (relative[2] === 'd' ? 86_400_000 : 3_600_000)).toISOString();
  return text;
}

function latest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

function statusText(record: Omit<ApiKeyRecord, 'keyHash'>, now: Date): string {
  if (record.revokedAt) return `revoked ${record.revokedAt.slice(0, 10)}`;
  if (record.expiresAt) return `${isExpired(record.expiresAt, now) ? 'expired' : 'expires'} ${record.expiresAt.slice(0, 10)}`;
  return 'active';
}

function fieldsText(record: Pick<ApiKeyRecord, 'fieldGroups'>): string {
  return record.fieldGroups == null ? 'all' : ['core', ...record.fieldGroups].join(', ');
}

function permissionsShort(record: Omit<ApiKeyRecord, 'keyHash'>): string {
  const all = permissionsAllowedFor(record.type);
  return record.permissions.length === all.length ? 'all' : `${record.permissions.length}/${all.length}`;
}

/** What may be shown of a key: everything but its hash (and the plaintext, which is never stored). */
function keyView(record: ApiKeyRecord): Omit<ApiKeyRecord, 'keyHash'> {
  const { keyHash: _hash, ...view } = record;
  return view;
}

function scopeText(record: ApiKeyRecord): string {
  return `${record.scope.kind} ${record.scope.id}`;
}
