import { envVar } from '#shared/config';
import type { ResourceUse, Surface } from '#shared/routes';
import { QUEUE_ARN_ENV, QUEUE_URL_ENV } from './queue-env';

/**
 * The variables that name a secret (its ARN or name; never its value), read at run time through
 * shared/adapters/runtime/secrets.ts and set by the stack with the matching grant (lib/service-function.ts bindSecret).
 */
export const VOICE_PROVIDER_API_KEY_SECRET_ENV = 'VOICE_PROVIDER_API_KEY_SECRET_ID';
export const COACH_LLM_API_KEY_SECRET_ENV = 'COACH_LLM_API_KEY_SECRET_ID';
export const RESPONDER_LLM_API_KEY_SECRET_ENV = 'RESPONDER_LLM_API_KEY_SECRET_ID';

/** The cursor secret's variable, here for RESOURCE_USE_ENV (declared below as CURSOR_SECRET_ENV). */
const CURSOR_SECRET_ENV_NAME = 'CURSOR_SECRET_ID';

/**
 * The service's public origin (`https://book.example.com`), under which the manage links sent in
 * texts point: set from the stack's `publicOrigin` (a worker cannot be given its API's URL: the
 * API's stack depends on the worker's), and to the local gateway's address under `npm start`.
 */
export const PUBLIC_ORIGIN_ENV = 'PUBLIC_ORIGIN';

/**
 * The public origin (with a base path, when a custom domain maps one), read when a link is written
 * (the local gateway sets it once it listens); null when it is not an http(s) address (a stack
 * deployed without `publicOrigin`).
 */
export function configuredPublicOrigin(): string | null {
  const value = envVar(PUBLIC_ORIGIN_ENV) ?? '';
  return /^https?:\/\/[^/\s]+(\/\S*)?$/.test(value) ? value : null;
}

/**
 * The service's public origin (configuredPublicOrigin), for the links texts carry. Anything but an
 * http(s) address fails the message back to its queue rather than text a link that leads nowhere.
 */
export async function publicOrigin(): Promise<string> {
  const value = configuredPublicOrigin();
  if (value === null) throw new Error(`${PUBLIC_ORIGIN_ENV} is not an http(s) address; manage links cannot be written`);
  return value;
}

/** The export bucket's name (lib/export-files.ts), for the export worker and the export status route. */
export const EXPORT_BUCKET_ENV = 'EXPORT_BUCKET_NAME';

/** The hosts recordings are fetched from (comma-separated; shared/domain/call-recording.ts). */
export const RECORDING_HOSTS_ENV = 'VOICE_PROVIDER_RECORDING_HOSTS';

/**
 * The environment variables the stack gives a function for each resource its route or worker row
 * `uses` (lib/resource-bindings.ts), which the resource's runtime adapter reads. A function whose
 * rows do not declare the use has none of them, in AWS and in the local runtime alike; the adapter
 * slots refuse such a function the adapter (slot.ts). test/infra/function-environment.test.ts checks this
 * table against the synthesized stack.
 */
export const RESOURCE_USE_ENV: Readonly<Record<ResourceUse, readonly string[]>> = {
  'outreach-calls': [QUEUE_URL_ENV['outreach-calls']],
  'campaign-sends': [QUEUE_URL_ENV['campaign-sends']],
  'event-bus': ['EVENT_BUS_NAME'],
  scheduler: [
    'SCHEDULE_GROUP_NAME',
    'SCHEDULER_ROLE_ARN',
    QUEUE_ARN_ENV['outreach-calls'],
    QUEUE_ARN_ENV['campaign-sends'],
    QUEUE_ARN_ENV['coach-evaluations'],
    QUEUE_ARN_ENV['webhook-deliveries'],
    QUEUE_ARN_ENV['widget-followups'],
    QUEUE_ARN_ENV['appointment-texts'],
    QUEUE_ARN_ENV.exports,
    QUEUE_ARN_ENV['data-deletions'],
    QUEUE_ARN_ENV['retention-sweeps'],
  ],
  'voice-provider': [
    'VOICE_PROVIDER_BASE_URL',
    VOICE_PROVIDER_API_KEY_SECRET_ENV,
    'VOICE_PROVIDER_ASSISTANT_ID',
    'VOICE_PROVIDER_PHONE_NUMBER_ID',
  ],
  'sms-provider': ['SMS_ORIGINATION_IDENTITY'],
  'coach-evaluations': [QUEUE_URL_ENV['coach-evaluations']],
  'call-evaluator': ['COACH_LLM_BASE_URL', COACH_LLM_API_KEY_SECRET_ENV, 'COACH_LLM_MODEL'],
  'responder-model': ['RESPONDER_LLM_BASE_URL', RESPONDER_LLM_API_KEY_SECRET_ENV, 'RESPONDER_LLM_MODEL'],
  'voice-recordings': [RECORDING_HOSTS_ENV],
  'webhook-deliveries': [QUEUE_URL_ENV['webhook-deliveries']],
  'widget-followups': [QUEUE_URL_ENV['widget-followups']],
  'appointment-texts': [QUEUE_URL_ENV['appointment-texts']],
  exports: [QUEUE_URL_ENV.exports],
  'export-files': [EXPORT_BUCKET_ENV],
  'export-downloads': [EXPORT_BUCKET_ENV],
  'export-removals': [EXPORT_BUCKET_ENV],
  'data-deletions': [QUEUE_URL_ENV['data-deletions']],
  'retention-sweeps': [QUEUE_URL_ENV['retention-sweeps']],
  // Manage links written where no request names the service's address (the appointment texts).
  'manage-links': [CURSOR_SECRET_ENV_NAME, PUBLIC_ORIGIN_ENV],
  // shared/adapters/runtime/webhook-settings.ts
  webhooks: ['WEBHOOK_SECRET_KEY_ID', 'WEBHOOK_ALLOW_PRIVATE_TARGETS', 'WEBHOOK_RETRY_SCHEDULE_SECONDS'],
};

/** The variable that names the pagination cursor key's secret (lib/cursor-secret.ts) for the functions of CURSOR_SURFACES. */
export const CURSOR_SECRET_ENV = CURSOR_SECRET_ENV_NAME;

/** Surfaces whose list endpoints issue signed cursors: every function of theirs gets the cursor key. */

/**
 * The rate-limit defaults (shared/http/rate-limit.ts), set by the stack on every function of an
 * authenticated route beside the limits table; unset, 1,000 per key per minute and 10,000 per
 * workspace per hour.
 */
export const RATE_LIMIT_ENV = {
  perKeyPerMinute: 'RATE_LIMIT_PER_KEY_PER_MINUTE',
  perWorkspacePerHour: 'RATE_LIMIT_PER_WORKSPACE_PER_HOUR',
} as const;
export const CURSOR_SURFACES: ReadonlySet<Surface> = new Set<Surface>(['read', 'platform']);
