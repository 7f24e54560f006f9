import { FallbackResponder, LlmResponder } from '#shared/adapters/http/llm-responder';
import { requireEnv } from '#shared/config';
import type { Responder } from '#shared/domain/voice/responder';
import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { log } from '#shared/logging/logger';
import { RESPONDER_LLM_API_KEY_SECRET_ENV } from './resource-env';
import { secretReader } from './secrets';
import { adapterSlot } from './slot';

/**
 * The voice webhook's AI responder: in AWS a language model (RESPONDER_LLM_*) that falls back to
 * the rule-based responder on a time-out or an unusable answer; locally and in tests the rules alone
 * (local/runtime/adapters.ts), so nothing needs a network or a key.
 */
export const responder = adapterSlot<'default', Responder>(
  () => 'responder-model',
  () =>
    new FallbackResponder(
      new LlmResponder({
        baseUrl: requireEnv('RESPONDER_LLM_BASE_URL'),
        apiKey: secretReader(RESPONDER_LLM_API_KEY_SECRET_ENV),
        model: requireEnv('RESPONDER_LLM_MODEL'),
      }),
      new RuleBasedResponder(),
      (error) => log('warn', 'responder model failed; the rules decided', { error: error.message }),
    ),
);
