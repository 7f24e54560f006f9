import { envVar, requireEnv } from '#shared/config';
import { parseRetrySchedule } from '#shared/domain/webhooks/retry-schedule';
import { SecretBox } from '#shared/domain/webhooks/signing';
import { assertDeclared } from './slot';

/** The variables of the 'webhooks' port (lib/webhooks.ts sets them; PORT_ENV lists them). */
export const WEBHOOK_SECRET_KEY_ENV = 'WEBHOOK_SECRET_KEY';
export const WEBHOOK_ALLOW_PRIVATE_TARGETS_ENV = 'WEBHOOK_ALLOW_PRIVATE_TARGETS';
export const WEBHOOK_RETRY_SCHEDULE_ENV = 'WEBHOOK_RETRY_SCHEDULE_SECONDS';

/**
 * What the webhook functions read at load: the key that seals signing secrets, whether private
 * targets (and http) are allowed (true only under `npm start`), and the retry schedule.
 */
export function webhookSettings() {
  assertDeclared('webhooks');
  return {
    box: new SecretBox(requireEnv(WEBHOOK_SECRET_KEY_ENV)),
    allowPrivateTargets: envVar(WEBHOOK_ALLOW_PRIVATE_TARGETS_ENV) === 'true',
    retrySchedule: parseRetrySchedule(envVar(WEBHOOK_RETRY_SCHEDULE_ENV)),
  };
}
