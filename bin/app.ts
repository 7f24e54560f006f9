import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { Service } from '../lib/service';

/**
 * The CDK app: one stage of the service (`-c stage=NAME`, default `dev`) as the stacks
 * `LeadCallSchedulingService-<stage>-{Core,Messaging,<Surface>Api,Operations}`; deploy them with
 * `cdk deploy --all -c stage=NAME`. The stacks are environment-agnostic (no account or region), so
 * `cdk synth` runs offline with no credentials; the account and region come from the deploying
 * profile. cdk-nag's AwsSolutions pack runs as a validation plugin: an unacknowledged error fails synth.
 *
 * The context values an operator gives (stage, provider settings, secrets, alarm subscribers,
 * manageApiGatewayAccount) are listed in docs/deploying.md.
 */
const app = new App();
new Service(app, 'LeadCallSchedulingService');
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

/**
 * Each stack's size beside CloudFormation's cap, on every synth (stderr, so `cdk synth` output and
 * `--quiet` stay clean of it): the split keeps each under ~300 (docs/adr/0010-stacks-by-concern.md).
 */
const CLOUDFORMATION_RESOURCE_LIMIT = 500;
for (const stack of app.synth().stacks) {
  const resources = Object.keys((stack.template as { Resources?: object }).Resources ?? {}).length;
  process.stderr.write(
    `${stack.stackName}: ${resources} resources, headroom ${CLOUDFORMATION_RESOURCE_LIMIT - resources} to CloudFormation's ${CLOUDFORMATION_RESOURCE_LIMIT}\n`,
  );
}
