import { App } from 'aws-cdk-lib';
import { tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { RATE_LIMIT_ENV } from '#shared/adapters/runtime/resource-env';
import { isRateLimited, ROUTES, type Surface } from '#shared/routes';
import { Service } from '../../lib/service';
import { usagePlanThrottle } from '../../lib/usage-plan';
import {
  actionsOf,
  environmentOf,
  findMethod,
  logicalIdOf,
  ofType,
  type Resources,
  referencedLogicalIds,
  resourceOf,
  roleStatements,
  serviceFunctions,
  serviceTemplate,
} from './template-helpers';

/**
 * The rate limits in the stack: every authenticated route's function gets the limits table with
 * exactly the limiter's two actions and the RATE_LIMIT_* defaults; one usage plan over the three
 * APIs throttles each key, which the authorizer names (usageIdentifierKey, key source AUTHORIZER)
 * and every authenticated method requires.
 */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

function synth(props: ConstructorParameters<typeof Service>[2] = {}): { stack: Service; resources: Resources } {
  const app = new App({ builtinCloudFormationValidation: false, context: NO_BUNDLING });
  const stack = new Service(app, 'LeadCallSchedulingService', props);
  return { stack, resources: serviceTemplate(stack).Resources };
}

let stack: Service;
let resources: Resources;

beforeAll(() => {
  ({ stack, resources } = synth());
});

function apiOf(surface: Surface) {
  const api = stack.apis[surface];
  if (!api) throw new Error(`no ${surface} API`);
  return api;
}

describe('usage plans', () => {
  it('takes the API key from the authorizer on every REST API', () => {
    for (const surface of ['read', 'platform', 'intake'] as const) {
      expect(resourceOf(resources, logicalIdOf(apiOf(surface).api)).Properties?.ApiKeySourceType).toBe('AUTHORIZER');
    }
  });

  it('requires the key on every authenticated method and on no public one', () => {
    for (const route of ROUTES) {
      const api = apiOf(route.surface);
      const method = findMethod(resources, logicalIdOf(api.api), route.method, route.path);
      expect({ route: route.id, apiKeyRequired: method?.Properties?.ApiKeyRequired === true }).toEqual({
        route: route.id,
        apiKeyRequired: route.permission !== null,
      });
    }
  });

  it('has one usage plan over the three stages, throttling each key looser than the per-key limit', () => {
    const plans = ofType(resources, 'AWS::ApiGateway::UsagePlan');
    expect(plans).toHaveLength(1);
    const props = plans[0]?.[1].Properties ?? {};
    expect(props.Throttle).toEqual({ RateLimit: 34, BurstLimit: 100 });
    const stages = (props.ApiStages as { ApiId: { Ref: string } }[]).map((s) => s.ApiId.Ref).sort();
    expect(stages).toEqual((['read', 'platform', 'intake'] as const).map((s) => logicalIdOf(apiOf(s).api)).sort());
  });

  it('derives the throttle and the functions’ defaults from the stack’s rateLimits', () => {
    const custom = synth({ rateLimits: { perKeyPerMinute: 120, perWorkspacePerHour: 500 } });
    const plan = ofType(custom.resources, 'AWS::ApiGateway::UsagePlan')[0]?.[1].Properties ?? {};
    expect(plan.Throttle).toEqual({ RateLimit: 4, BurstLimit: 12 });
    expect(usagePlanThrottle({ perKeyPerMinute: 120, perWorkspacePerHour: 500 })).toEqual({ rateLimit: 4, burstLimit: 12 });
    const fn = custom.stack.apis.read?.functions.get('list-teams');
    if (!fn) throw new Error('no list-teams');
    expect(environmentOf(custom.resources, fn)).toMatchObject({
      [RATE_LIMIT_ENV.perKeyPerMinute]: '120',
      [RATE_LIMIT_ENV.perWorkspacePerHour]: '500',
    });
  });
});

describe('the limits table and its grants', () => {
  it('expires counters with TTL on expiresAt', () => {
    const table = resourceOf(resources, logicalIdOf(stack.data.tables.limits));
    expect(table.Properties?.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
  });

  it('gives every authenticated route function the limits table with GetItem and UpdateItem only, and the default limits', () => {
    const limitsId = logicalIdOf(stack.data.tables.limits);
    const functions = serviceFunctions(stack);
    const limited = new Set(ROUTES.filter(isRateLimited).map((r) => r.functionName));
    const countsItsOwn = new Set(ROUTES.filter((r) => r.tables.some(({ table }) => table === 'limits')).map((r) => r.functionName));
    for (const [name, fn] of functions) {
      const env = environmentOf(resources, fn);
      const actions = roleStatements(resources, logicalIdOf(fn.role))
        .filter((statement) => referencedLogicalIds(statement.Resource).has(limitsId))
        .flatMap(actionsOf)
        .sort();
      if (limited.has(name)) {
        expect({ name, actions }).toEqual({ name, actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'] });
        expect(env[tableNameEnvVar('limits')]).toEqual({ Ref: limitsId });
        expect(env).toMatchObject({ [RATE_LIMIT_ENV.perKeyPerMinute]: '1000', [RATE_LIMIT_ENV.perWorkspacePerHour]: '10000' });
      } else if (countsItsOwn.has(name)) {
        // A public route's own limiter (the widget's, per client and scheduler): the same two actions, no key limits.
        expect({ name, actions }).toEqual({ name, actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'] });
        expect(env[RATE_LIMIT_ENV.perKeyPerMinute]).toBeUndefined();
      } else {
        expect({ name, actions }).toEqual({ name, actions: [] });
        expect(env[tableNameEnvVar('limits')]).toBeUndefined();
      }
    }
    expect(limited.has('get-openapi')).toBe(false);
    expect(limited.has('get-me')).toBe(true);
  });
});
