import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ServiceStack } from '../lib/service-stack';

/**
 * The CDK app. The stack is environment-agnostic (no account or region), so `cdk synth` runs
 * offline with no credentials; the account and region come from the deploying profile.
 * cdk-nag's AwsSolutions pack runs as a validation plugin: an unacknowledged error fails synth.
 */
const app = new App();
new ServiceStack(app, 'LeadCallSchedulingService', {
  description: 'Lead, call and scheduling service: read, platform and intake REST APIs on Lambda and DynamoDB',
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
