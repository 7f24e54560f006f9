import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { GATEWAY_RESPONSES, type GatewayResponseKind } from '#shared/http/gateway-responses';
import { ROUTES, type RouteDefinition, type Surface } from '#shared/routes';
import { SurfaceApi } from '../../lib/api';
import { DataTables } from '../../lib/data-tables';
import { logicalIdOf, ofType, type Resources, resourceOf } from './template-helpers';

/**
 * SurfaceApi on its own, outside the service stack: a platform and an intake API, each serving one
 * fixture row copied from a real route (any real handler will do: what is checked is the API around
 * it), synthesized without bundling. The real APIs are checked in service-stack.test.ts and
 * messaging.test.ts.
 */
const realRoute = ROUTES.find((route) => route.permission !== null);

function fixtureRoute(surface: Surface): RouteDefinition {
  if (!realRoute) throw new Error('the route table has no authorized route to copy');
  return { ...realRoute, id: `${surface}Fixture`, surface, method: 'POST', path: `/fixture/${surface}/{id}`, uses: [] };
}

const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

let stack: Stack;
let apis: Record<'platform' | 'intake', SurfaceApi>;
let resources: Resources;

beforeAll(() => {
  const app = new App({ builtinCloudFormationValidation: false, context: NO_BUNDLING });
  stack = new Stack(app, 'SurfaceApis');
  const authorizerFunction = new LambdaFunction(stack, 'Authorizer', {
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: Code.fromInline('exports.handler = async () => ({});'),
  });
  const { tables } = new DataTables(stack, 'Data');
  apis = {
    platform: new SurfaceApi(stack, 'PlatformApi', { surface: 'platform', routes: [fixtureRoute('platform')], authorizerFunction, tables }),
    intake: new SurfaceApi(stack, 'IntakeApi', { surface: 'intake', routes: [fixtureRoute('intake')], authorizerFunction, tables }),
  };
  resources = Template.fromStack(stack).toJSON().Resources as Resources;
});

function authorizerProps(surface: 'platform' | 'intake'): Record<string, unknown> {
  const authorizer = apis[surface].authorizer;
  if (!authorizer) throw new Error(`the ${surface} API has no authorizer`);
  return resourceOf(resources, logicalIdOf(authorizer)).Properties ?? {};
}

function gatewayBodies(surface: 'platform' | 'intake'): Map<string, Record<string, unknown>> {
  const apiId = logicalIdOf(apis[surface].api);
  const bodies = new Map<string, Record<string, unknown>>();
  for (const [, response] of ofType(resources, 'AWS::ApiGateway::GatewayResponse')) {
    const props = response.Properties ?? {};
    if ((props.RestApiId as { Ref?: string }).Ref !== apiId) continue;
    const template = (props.ResponseTemplates as Record<string, string>)['application/json'] ?? '';
    bodies.set(String(props.ResponseType), JSON.parse(template) as Record<string, unknown>);
  }
  return bodies;
}

describe('intake API', () => {
  it('calls its authorizer on every request, with no identity source, so a key sent as X-API-Key reaches it', () => {
    const props = authorizerProps('intake');

    expect(props).toMatchObject({ Type: 'REQUEST', AuthorizerResultTtlInSeconds: 0 });
    expect(props).not.toHaveProperty('IdentitySource');
  });

  it('answers gateway errors as {success:false, error, request_id}', () => {
    const bodies = gatewayBodies('intake');

    expect([...bodies.keys()].sort()).toEqual(Object.keys(GATEWAY_RESPONSES).sort());
    for (const [kind, body] of bodies) {
      expect(body).toMatchObject({
        success: false,
        error: GATEWAY_RESPONSES[kind as GatewayResponseKind].message,
        request_id: '$context.requestId',
      });
    }
  });
});

describe('platform API', () => {
  it('caches its authorizer policy for 300 seconds, keyed on the Authorization header', () => {
    expect(authorizerProps('platform')).toMatchObject({
      Type: 'REQUEST',
      AuthorizerResultTtlInSeconds: 300,
      IdentitySource: 'method.request.header.Authorization',
    });
  });

  it('answers gateway errors as {success:false, error, message, request_id}', () => {
    for (const [kind, body] of gatewayBodies('platform')) {
      const expected = GATEWAY_RESPONSES[kind as GatewayResponseKind];
      expect(body).toEqual({ success: false, error: expected.code, message: expected.message, request_id: '$context.requestId' });
    }
  });
});

describe('route table checks', () => {
  it('refuses a route that belongs to another surface', () => {
    const other = new Stack(new App({ context: NO_BUNDLING }), 'Other');
    const authorizerFunction = LambdaFunction.fromFunctionArn(other, 'Authorizer', 'arn:aws:lambda:us-east-1:123456789012:function:a');
    const { tables } = new DataTables(other, 'Data');

    expect(
      () => new SurfaceApi(other, 'Api', { surface: 'intake', routes: [fixtureRoute('platform')], authorizerFunction, tables }),
    ).toThrow(/belongs to the platform API/);
  });

  it('refuses a route that uses a queue or service when the API is given no resources', () => {
    const other = new Stack(new App({ context: NO_BUNDLING }), 'Other');
    const authorizerFunction = LambdaFunction.fromFunctionArn(other, 'Authorizer', 'arn:aws:lambda:us-east-1:123456789012:function:a');
    const { tables } = new DataTables(other, 'Data');
    const sending: RouteDefinition = { ...fixtureRoute('intake'), uses: ['outreach-calls'] };

    expect(() => new SurfaceApi(other, 'Api', { surface: 'intake', routes: [sending], authorizerFunction, tables })).toThrow(
      /uses outreach-calls, but the intake API was given no resources/,
    );
  });
});
