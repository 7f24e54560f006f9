import { SecretValue, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { RECORDING_HOSTS_ENV, VOICE_PROVIDER_API_KEY_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { bindSecret, type ServiceFunction } from './service-function';

/** What an unset provider setting deploys as: the provider refuses it, and synth warns. */
const UNCONFIGURED = 'unconfigured';
/** The placeholder the created API key secret holds until the operator puts the real key. */
export const VOICE_PROVIDER_API_KEY_PLACEHOLDER = 'REPLACE_WITH_THE_VOICE_PROVIDER_API_KEY';

/** A setting from the props, else from CDK context (`cdk deploy -c key=value` or cdk.json), else undefined. */
export function setting(scope: Construct, value: string | undefined, contextKey: string): string | undefined {
  const fromContext: unknown = scope.node.tryGetContext(contextKey);
  return value ?? (typeof fromContext === 'string' && fromContext !== '' ? fromContext : undefined);
}

/** A setting with no workable default: deploys as 'unconfigured' (the provider refuses it) and warns at synth. */
function requiredSetting(scope: Construct, value: string | undefined, contextKey: string, what: string): string {
  const resolved = setting(scope, value, contextKey);
  if (resolved !== undefined) return resolved;
  Validations.of(scope).addWarning(
    `lead-call-scheduling:${contextKey}`,
    `${what} is not set: pass it as the stack prop or with \`-c ${contextKey}=...\`; until then it deploys as '${UNCONFIGURED}' and every request to the provider fails.`,
  );
  return UNCONFIGURED;
}

export interface VoiceProviderProps {
  /**
   * Base URL of the provider's API (POST /call).
   * @default context `voiceProviderBaseUrl`, else 'https://api.vapi.ai'
   */
  readonly baseUrl?: string;
  /**
   * The provider's assistant that runs outreach calls.
   * @default context `voiceProviderAssistantId`, else 'unconfigured' (with a synth warning)
   */
  readonly assistantId?: string;
  /**
   * The provider's id of the caller-id phone number outreach calls are placed from.
   * @default context `voiceProviderPhoneNumberId`, else 'unconfigured' (with a synth warning)
   */
  readonly phoneNumberId?: string;
  /**
   * Name of an existing Secrets Manager secret whose string is the provider API key (read by the functions at run time).
   * @default context `voiceProviderApiKeySecretName`, else the stack creates a secret holding a placeholder
   */
  readonly apiKeySecretName?: string;
  /**
   * Comma-separated host names the read API fetches call recordings from (GET /api/calls/{callId}/recording);
   * a recording stored elsewhere answers 409 and is never fetched.
   * @default context `voiceProviderRecordingHosts`, else 'storage.vapi.ai'
   */
  readonly recordingHosts?: string;
}

/**
 * The outbound voice provider (shared/adapters/http/http-voice-provider.ts): its non-secret settings
 * from props or CDK context, and its API key in Secrets Manager.
 *
 * The functions read the key at run time (bindSecret: VOICE_PROVIDER_API_KEY_SECRET_ID names the
 * secret), so it is never in the template or a function's configuration. When the stack creates
 * the secret (holding a placeholder), the operator puts the real key (`aws secretsmanager
 * put-secret-value`); functions read it within five minutes, no redeployment. A later deployment
 * never overwrites the key (the placeholder in the template does not change).
 */
export class VoiceProvider extends Construct {
  public readonly apiKeySecret: ISecret;
  /** Whether this construct created the secret (holding a placeholder) rather than naming an existing one. */
  public readonly createdApiKeySecret: boolean;
  public readonly baseUrl: string;
  public readonly assistantId: string;
  public readonly phoneNumberId: string;
  public readonly recordingHosts: string;

  constructor(scope: Construct, id: string, props: VoiceProviderProps = {}) {
    super(scope, id);
    this.baseUrl = setting(this, props.baseUrl, 'voiceProviderBaseUrl') ?? 'https://api.vapi.ai';
    this.recordingHosts = setting(this, props.recordingHosts, 'voiceProviderRecordingHosts') ?? 'storage.vapi.ai';
    this.assistantId = requiredSetting(this, props.assistantId, 'voiceProviderAssistantId', 'The voice provider assistant id');
    this.phoneNumberId = requiredSetting(this, props.phoneNumberId, 'voiceProviderPhoneNumberId', 'The voice provider phone number id');

    const existingSecretName = setting(this, props.apiKeySecretName, 'voiceProviderApiKeySecretName');
    this.createdApiKeySecret = existingSecretName === undefined;
    if (existingSecretName !== undefined) {
      this.apiKeySecret = Secret.fromSecretNameV2(this, 'ApiKey', existingSecretName);
    } else {
      const secret = new Secret(this, 'ApiKey', {
        description:
          'API key of the outbound voice provider: replace the placeholder with put-secret-value (functions read it within five minutes)',
        secretStringValue: SecretValue.unsafePlainText(VOICE_PROVIDER_API_KEY_PLACEHOLDER),
      });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          "The key is issued by the voice provider and can only be rotated in the provider's console; it is rotated by " +
          'putting the new key, which functions read again within five minutes.',
      });
      this.apiKeySecret = secret;
    }
  }

  /** Gives a function the provider's settings and read access to the API key's secret (read at run time, bindSecret). */
  public bind(fn: ServiceFunction): void {
    fn.addEnvironment('VOICE_PROVIDER_BASE_URL', this.baseUrl);
    bindSecret(fn, this.apiKeySecret, VOICE_PROVIDER_API_KEY_SECRET_ENV);
    fn.addEnvironment('VOICE_PROVIDER_ASSISTANT_ID', this.assistantId);
    fn.addEnvironment('VOICE_PROVIDER_PHONE_NUMBER_ID', this.phoneNumberId);
  }

  /** Gives a function the hosts it may fetch recordings from (the fetch is plain HTTPS: no grant, no key). */
  public bindRecordings(fn: ServiceFunction): void {
    fn.addEnvironment(RECORDING_HOSTS_ENV, this.recordingHosts);
  }
}

export interface SmsProviderProps {
  /**
   * The origination identity texts are sent from (AWS End User Messaging SMS): a phone number,
   * pool or sender id, by id or ARN.
   * @default context `smsOriginationIdentity`, else 'unconfigured' (with a synth warning)
   */
  readonly originationIdentity?: string;
}

/**
 * The SMS provider, AWS End User Messaging SMS (shared/adapters/aws/end-user-messaging-sms.ts):
 * SendTextMessage from one origination identity set by the operator.
 */
export class SmsProvider extends Construct {
  public readonly originationIdentity: string;

  constructor(scope: Construct, id: string, props: SmsProviderProps = {}) {
    super(scope, id);
    this.originationIdentity = requiredSetting(this, props.originationIdentity, 'smsOriginationIdentity', 'The SMS origination identity');
  }

  /** Lets a function send texts in one call: SMS_ORIGINATION_IDENTITY and sms-voice:SendTextMessage (nothing else) in this account and region. */
  public bind(fn: ServiceFunction): void {
    fn.addEnvironment('SMS_ORIGINATION_IDENTITY', this.originationIdentity);
    fn.role.addToPolicy(
      new PolicyStatement({
        actions: ['sms-voice:SendTextMessage'],
        resources: [Stack.of(this).formatArn({ service: 'sms-voice', resource: '*' })],
      }),
    );
    Validations.of(fn.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:sms-voice:<AWS::Region>:<AWS::AccountId>:*]',
      reason:
        'SendTextMessage is authorized on the origination identity (a phone number, pool or sender id the operator picks at ' +
        'deploy time, by id or ARN) and on the opt-out list and configuration set it uses; one action, confined to this account and region.',
    });
  }
}
