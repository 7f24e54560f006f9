import { SecretValue, Validations } from 'aws-cdk-lib';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { setting } from './providers';
import type { ServiceFunction } from './service-function';

/** The placeholder the created API key secret holds until the operator puts the real key. */
export const COACH_LLM_API_KEY_PLACEHOLDER = 'REPLACE_WITH_THE_LANGUAGE_MODEL_API_KEY';

export interface CoachLanguageModelProps {
  /**
   * Root of an OpenAI-compatible API (the evaluator POSTs to `<baseUrl>/chat/completions`): OpenAI,
   * Azure OpenAI's v1 endpoint, a gateway, or a self-hosted server that supports JSON-schema structured outputs.
   * @default context `coachLlmBaseUrl`, else 'https://api.openai.com/v1'
   */
  readonly baseUrl?: string;
  /**
   * The model that evaluates calls; it must support structured outputs (`response_format: json_schema`).
   * @default context `coachLlmModel`, else 'gpt-4o-mini'
   */
  readonly model?: string;
  /**
   * The model the voice webhook's AI responder asks (same provider and key); it must support structured outputs.
   * @default context `responderLlmModel`, else the coach's model
   */
  readonly responderModel?: string;
  /**
   * Name of an existing Secrets Manager secret whose string is the API key.
   * @default context `coachLlmApiKeySecretName`, else the stack creates a secret holding a placeholder
   */
  readonly apiKeySecretName?: string;
}

/**
 * The language model that evaluates calls for the coach (shared/adapters/http/llm-call-evaluator.ts),
 * configured like the voice provider: its settings from props or CDK context, its API key in Secrets
 * Manager, reaching the functions as a `{{resolve:secretsmanager:...}}` dynamic reference in
 * COACH_LLM_API_KEY (never plaintext in the template). A created secret holds a placeholder: put the
 * key (`aws secretsmanager put-secret-value`), then deploy a change to the coach worker; meanwhile
 * its evaluations fail with 401, retry, and wait in the dead-letter queue to be redriven.
 */
export class CoachLanguageModel extends Construct {
  public readonly apiKeySecret: ISecret;
  public readonly baseUrl: string;
  public readonly model: string;
  public readonly responderModel: string;

  constructor(scope: Construct, id: string, props: CoachLanguageModelProps = {}) {
    super(scope, id);
    this.baseUrl = setting(this, props.baseUrl, 'coachLlmBaseUrl') ?? 'https://api.openai.com/v1';
    this.model = setting(this, props.model, 'coachLlmModel') ?? 'gpt-4o-mini';
    this.responderModel = setting(this, props.responderModel, 'responderLlmModel') ?? this.model;
    const existingSecretName = setting(this, props.apiKeySecretName, 'coachLlmApiKeySecretName');
    if (existingSecretName !== undefined) {
      this.apiKeySecret = Secret.fromSecretNameV2(this, 'ApiKey', existingSecretName);
    } else {
      const secret = new Secret(this, 'ApiKey', {
        description: "API key of the coach's language model: replace the placeholder with put-secret-value, then redeploy the coach worker",
        secretStringValue: SecretValue.unsafePlainText(COACH_LLM_API_KEY_PLACEHOLDER),
      });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          "The key is issued by the language-model provider and can only be rotated in the provider's console, and the coach worker " +
          'reads it from its environment at deploy time; it is rotated by putting the new key and redeploying the worker.',
      });
      this.apiKeySecret = secret;
    }
  }

  /** Gives a function the model's settings and API key (a deploy-time dynamic reference). */
  public bind(fn: ServiceFunction): void {
    fn.addEnvironment('COACH_LLM_BASE_URL', this.baseUrl);
    fn.addEnvironment('COACH_LLM_MODEL', this.model);
    fn.addEnvironment('COACH_LLM_API_KEY', this.apiKeySecret.secretValue.unsafeUnwrap());
  }

  /**
   * Gives the voice webhook the responder's model: the same provider and API key as the coach's,
   * wired the same way (one secret, one place to move to a run-time secret read).
   */
  public bindResponder(fn: ServiceFunction): void {
    fn.addEnvironment('RESPONDER_LLM_BASE_URL', this.baseUrl);
    fn.addEnvironment('RESPONDER_LLM_MODEL', this.responderModel);
    fn.addEnvironment('RESPONDER_LLM_API_KEY', this.apiKeySecret.secretValue.unsafeUnwrap());
  }
}
