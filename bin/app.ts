import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ServiceStack } from '../lib/service-stack';

/**
 * The CDK app. The stack is environment-agnostic (no account or region), so `cdk synth` runs
 * offline with no credentials; the account and region come from the deploying profile.
 * cdk-nag's AwsSolutions pack runs as a validation plugin: an unacknowledged error fails synth.
 *
 * Settings an operator gives before deploying (`cdk deploy -c key=value`, or in cdk.json "context"):
 * - voiceProviderAssistantId, voiceProviderPhoneNumberId: the voice provider's assistant and caller-id
 *   number ids (synth warns while unset; calls fail until set);
 * - voiceProviderBaseUrl: the provider's API base URL (default https://api.vapi.ai);
 * - voiceProviderApiKeySecretName: an existing Secrets Manager secret holding the provider API key;
 *   when unset the stack creates one holding a placeholder (output VoiceProviderApiKeySecretArn):
 *   put the real key in it, then redeploy the functions;
 * - smsOriginationIdentity: the AWS End User Messaging SMS phone number, pool or sender id texts are
 *   sent from (synth warns while unset; texts fail until set).
 */
const app = new App();
new ServiceStack(app, 'LeadCallSchedulingService', {
  description:
    'Lead, call and scheduling service: read, platform and intake REST APIs, SQS workers, EventBridge events and schedules, on Lambda and DynamoDB',
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
