import { LlmCallEvaluator } from '#shared/adapters/http/llm-call-evaluator';
import { requireEnv } from '#shared/config';
import type { CallEvaluator } from '#shared/ports/call-evaluator';
import { COACH_LLM_API_KEY_SECRET_ENV } from './resource-env';
import { secretReader } from './secrets';
import { adapterSlot } from './slot';

/** The coach's evaluator: a language model in AWS (COACH_LLM_*), the rule-based evaluator locally (local/runtime/adapters.ts). */
export const callEvaluator = adapterSlot<'default', CallEvaluator>(
  () => 'call-evaluator',
  () =>
    new LlmCallEvaluator({
      baseUrl: requireEnv('COACH_LLM_BASE_URL'),
      apiKey: secretReader(COACH_LLM_API_KEY_SECRET_ENV),
      model: requireEnv('COACH_LLM_MODEL'),
    }),
);
