import type { ApiGatewayUsagePlanKeys } from '#shared/adapters/aws/api-gateway-usage-plan';
import { isExpired } from '#shared/domain/identity-resolver';
import { revokeApiKey } from '#shared/domain/key-service';
import type { Command } from './command';
import { describeFailure, UsageError } from './errors';
import { optionalString, requiredString } from './flags';
import { toJson } from './format';
import { KEY_ID, keyView } from './key-views';
import { cliOperator } from './operator';

/**
 * The key commands that reach the deployed stack as well as the table: registering keys in the
 * usage plan, and revoking a key (its usage plan key removed, the authorizer caches flushed).
 */
export const KEY_GATEWAY_COMMANDS: Record<string, Command> = {
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
      const record = await revokeApiKey(store, keyId, { now, actor: cliOperator() });
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
