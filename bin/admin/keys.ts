import { KEY_TYPES, type KeyType } from '#shared/auth/permissions';
import { createApiKey, permissionsAllowedFor, revokeApiKey } from '#shared/domain/key-service';
import type { ApiKeyRecord } from '#shared/domain/tenancy';
import type { Command } from './command';
import { describeFailure } from './errors';
import { optionalId, optionalString, requiredId, requiredString } from './flags';
import { table, toJson } from './format';

/** API keys: created keys are printed once, and no listing ever shows key material. */
export const KEY_COMMANDS: Record<string, Command> = {
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
};

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
