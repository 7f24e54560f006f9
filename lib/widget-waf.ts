import { Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export interface WidgetWafProps {
  /** The REST API that serves the scheduling widget's public routes (the read API). */
  readonly api: RestApi;
  /**
   * Requests one client address may make to the widget's routes in five minutes before the edge
   * blocks it (the function's own per-client limit, 120 a minute, answers 429 below this).
   * @default 1000
   */
  readonly requestsPerFiveMinutes?: number;
}

/**
 * The scheduling widget's edge guard: a regional WAF web ACL on the read API's stage with a
 * rate-based rule per client address, scoped to the widget's paths (`/widget/`), which need no API
 * key; every other request is allowed by the ACL (the authorizer and the usage plan guard them).
 * Blocked requests are answered 429 by WAF, with a Retry-After of a minute (WAF looks at the rate
 * again about every 30 seconds and lifts the block once it falls). Metrics and sampled requests are on.
 */
export const WAF_RETRY_AFTER_SECONDS = 60;

export class WidgetWaf extends Construct {
  public readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WidgetWafProps) {
    super(scope, id);
    const metric = (name: string) => ({ cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true });
    this.webAcl = new CfnWebACL(this, 'Acl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: metric('WidgetAcl'),
      rules: [
        {
          name: 'WidgetRatePerClient',
          priority: 0,
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                responseHeaders: [{ name: 'retry-after', value: String(WAF_RETRY_AFTER_SECONDS) }],
              },
            },
          },
          visibilityConfig: metric('WidgetRatePerClient'),
          statement: {
            rateBasedStatement: {
              limit: props.requestsPerFiveMinutes ?? 1000,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'CONTAINS',
                  // Under a stage prefix (/v1/widget/...) as at the root of a custom domain.
                  searchString: '/widget/',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
        },
      ],
    });
    const stage = props.api.deploymentStage;
    new CfnWebACLAssociation(this, 'Association', {
      webAclArn: this.webAcl.attrArn,
      resourceArn: `arn:${Stack.of(this).partition}:apigateway:${Stack.of(this).region}::/restapis/${props.api.restApiId}/stages/${stage.stageName}`,
    }).node.addDependency(stage);
  }
}
