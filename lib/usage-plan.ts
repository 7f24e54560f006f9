import { type RestApi, UsagePlan } from 'aws-cdk-lib/aws-apigateway';
import { Construct } from 'constructs';
import type { RateLimitDefaults } from '#shared/domain/rate-limit';

export interface KeyUsagePlanProps {
  /** The REST APIs whose authenticated methods require an API key (apiKeyRequired, key source AUTHORIZER). */
  readonly apis: readonly RestApi[];
  /** The limits the functions enforce; the plan's throttle is derived from the per-key one. */
  readonly rateLimits: RateLimitDefaults;
}

/**
 * The outer guard in front of the functions' own rate limits: one usage plan over every API's
 * stage, throttling each key (the authorizer's usageIdentifierKey, registered as an API key of
 * the plan by `admin key create`) before a flood reaches Lambda. It is looser than the limiter on
 * purpose (twice the per-key average rate, bursts of a tenth of the minute's allowance), so the
 * functions' limiter, with its headers and exact counts, is what an integrator meets; the plan
 * only stops what would otherwise keep every Lambda busy. Its 429s are the THROTTLED gateway
 * response, in the surface's error shape.
 */
export class KeyUsagePlan extends Construct {
  public readonly plan: UsagePlan;

  constructor(scope: Construct, id: string, props: KeyUsagePlanProps) {
    super(scope, id);
    this.plan = new UsagePlan(this, 'Plan', {
      description: 'Per-key throttle in front of the functions’ rate limits (keys are registered by the operator CLI)',
      throttle: usagePlanThrottle(props.rateLimits),
      apiStages: props.apis.map((api) => ({ api, stage: api.deploymentStage })),
    });
  }
}

/** Requests per second and burst of the plan, from the per-key limit per minute. */
export function usagePlanThrottle(limits: RateLimitDefaults): { rateLimit: number; burstLimit: number } {
  const rateLimit = Math.max(1, Math.ceil((limits.perKeyPerMinute / 60) * 2));
  return { rateLimit, burstLimit: Math.max(rateLimit, Math.ceil(limits.perKeyPerMinute / 10)) };
}
