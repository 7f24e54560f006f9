import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

const PUSH_TO_CLOUDWATCH_POLICY = 'service-role/AmazonAPIGatewayPushToCloudWatchLogs';

export interface ApiGatewayAccountProps {
  /**
   * What happens to the role and the account setting when they leave the stack. The setting is
   * shared by every REST API of the account and region, so it is kept by default: deleting this
   * stack must not switch off other APIs' logs.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * The account-level (per region) API Gateway setting that lets API Gateway write access and
 * execution logs to CloudWatch Logs. Without it, deploying a stage with logging fails. It is a
 * singleton per account and region: create it once (here, or where the account is bootstrapped —
 * the stack can skip it), never once per RestApi.
 */
export class ApiGatewayAccount extends Construct {
  public readonly role: Role;
  public readonly account: CfnAccount;

  constructor(scope: Construct, id: string, props: ApiGatewayAccountProps = {}) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;

    this.role = new Role(this, 'CloudWatchRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description: 'Lets API Gateway write access and execution logs to CloudWatch Logs',
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName(PUSH_TO_CLOUDWATCH_POLICY)],
    });
    this.role.applyRemovalPolicy(removalPolicy);
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${PUSH_TO_CLOUDWATCH_POLICY}]`,
      reason:
        'The AWS-managed policy is the documented role for the account-wide API Gateway logging setting; API Gateway names ' +
        'the execution log groups itself (API-Gateway-Execution-Logs_<api>/<stage>), so no narrower resource list exists at synth.',
    });

    this.account = new CfnAccount(this, 'Account', { cloudWatchRoleArn: this.role.roleArn });
    this.account.applyRemovalPolicy(removalPolicy);
  }
}
