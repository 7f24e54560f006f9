import { parseFieldGroups } from '#shared/auth/field-groups';
import { ALL_PERMISSIONS, KEY_TYPES, type KeyType } from '#shared/auth/permissions';
import { createApiKey, permissionsAllowedFor, updateKeySettings, validateRateLimit } from '#shared/domain/key-service';
import { readUsage } from '#shared/domain/rate-limit';
import type { ApiKeySettings } from '#shared/domain/tenancy';
import type { Command } from './command';
import { describeFailure, UsageError } from './errors';
import { optionalId, optionalString, requiredId, requiredString, type Values } from './flags';
import { clip, table, toJson } from './format';
import { isInternalKey } from './internal-keys';
import { KEY_GATEWAY_COMMANDS } from './key-gateway-commands';
import { fieldsText, keyView, latest, permissionsShort, SHORT_TYPE, scopeText, statusText } from './key-views';
import { cliOperator } from './operator';
import { closest } from './suggest';

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
        '--permissions LIST': `comma-separated permissions, or all (every permission the type may hold):\n${ALL_PERMISSIONS.join(', ')}`,
        '--portfolio ID': 'portfolio_all_teams only: the portfolio (it must include the anchor team’s enterprise)',
        '--name NAME': 'a name to tell the key by (default: "<type> key for team <id>")',
        '--expires WHEN': 'an ISO instant, or 30d / 12h from now (default: never)',
        '--rate-limit N': 'requests per minute (default: the service default)',
        '--fields GROUPS': 'all (default), core, or core plus groups: contact, transcripts, recordings, notes, attribution',
      },
      notes: ['The key is printed once: store it then. On a deployed stack it is registered in the usage plan (USAGE_PLAN_ID).'],
      examples: [
        'key create --type enterprise --team 4 --permissions read:leads,read:calls --name "Reporting"',
        'key create --type enterprise --team 4 --permissions write:appointments,read:leads --name "Field-service sync"',
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
        { actor: cliOperator() },
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

  ...KEY_GATEWAY_COMMANDS,
};

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
