import { SecretValue, Validations } from 'aws-cdk-lib';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { COACH_LLM_API_KEY_SECRET_ENV, RESPONDER_LLM_API_KEY_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { setting } from './providers';
import { bindSecret, type ServiceFunction } from './service-function';

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
 * Manager, read by the coach worker at run time (bindSecret: COACH_LLM_API_KEY_SECRET_ID names it).
 * A created secret holds a placeholder: put the key (`aws secretsmanager put-secret-value`); the
 * worker reads it within five minutes. Meanwhile its evaluations fail with 401, retry, and wait in
 * the dead-letter queue to be redriven.
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
        description: "API key of the coach's language model: replace the placeholder with put-secret-value (read within five minutes)",
        secretStringValue: SecretValue.unsafePlainText(COACH_LLM_API_KEY_PLACEHOLDER),
      });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          "The key is issued by the language-model provider and can only be rotated in the provider's console; it is rotated by " +
          'putting the new key, which the coach worker reads again within five minutes.',
      });
      this.apiKeySecret = secret;
    }
  }

  /** Gives a function the model's settings and read access to the API key's secret (read at run time, bindSecret). */
  public bind(fn: ServiceFunction): void {
    fn.addEnvironment('COACH_LLM_BASE_URL', this.baseUrl);
    fn.addEnvironment('COACH_LLM_MODEL', this.model);
    bindSecret(fn, this.apiKeySecret, COACH_LLM_API_KEY_SECRET_ENV);
  }

  /**
   * Gives the voice webhook the responder's model: the same provider and API key as the coach's,
   * the key read at run time (bindSecret).
   */
  public bindResponder(fn: ServiceFunction): void {
    fn.addEnvironment('RESPONDER_LLM_BASE_URL', this.baseUrl);
    fn.addEnvironment('RESPONDER_LLM_MODEL', this.responderModel);
    bindSecret(fn, this.apiKeySecret, RESPONDER_LLM_API_KEY_SECRET_ENV);
  }
}
