import { envVar } from '#shared/config';
import { parseRetrySchedule } from '#shared/domain/webhooks/retry-schedule';
import { SecretBox } from '#shared/domain/webhooks/signing';
import { secretReader } from './secrets';
import { assertDeclared } from './slot';

/** The variables of the 'webhooks' resource use (lib/webhooks.ts sets them; RESOURCE_USE_ENV lists them). */
/** Names the secret (ARN or name) of the key that seals signing secrets; the key itself is read at run time. */
export const WEBHOOK_SECRET_KEY_ENV = 'WEBHOOK_SECRET_KEY_ID';
export const WEBHOOK_ALLOW_PRIVATE_TARGETS_ENV = 'WEBHOOK_ALLOW_PRIVATE_TARGETS';
export const WEBHOOK_RETRY_SCHEDULE_ENV = 'WEBHOOK_RETRY_SCHEDULE_SECONDS';

/**
 * What the webhook functions read at load: where the key that seals signing secrets is (the key
 * is read when a request first seals or opens one, and again once older than the secrets' maximum
 * age), whether private targets (and http) are allowed (true only under `npm start`), and the retry schedule.
 */
export function webhookSettings() {
  assertDeclared('webhooks');
  const sealingKey = secretReader(WEBHOOK_SECRET_KEY_ENV);
  let current: { key: string; box: SecretBox } | undefined;
  return {
    /** The box over the current sealing key (built again only when the key read differs). */
    async sealingBox(): Promise<SecretBox> {
      const key = await sealingKey();
      if (current?.key !== key) current = { key, box: new SecretBox(key) };
      return current.box;
    },
    allowPrivateTargets: envVar(WEBHOOK_ALLOW_PRIVATE_TARGETS_ENV) === 'true',
    retrySchedule: parseRetrySchedule(envVar(WEBHOOK_RETRY_SCHEDULE_ENV)),
  };
}
