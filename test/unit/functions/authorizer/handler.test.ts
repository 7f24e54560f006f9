import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import type { TenancyDependencies } from '#shared/adapters/runtime/tenancy-dependencies';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { CONTEXT, failingPort, fakePort, functionEnvironment } from '../../../support/handler-harness';

const mockDependencies: { current?: TenancyDependencies } = {};
jest.mock('#shared/adapters/runtime/tenancy-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/tenancy-dependencies'),
  tenancyDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/authorizer/handler').handler;
beforeAll(async () => {
  functionEnvironment('authorizer');
  ({ handler } = await import('../../../../functions/authorizer/handler'));
});

const METHOD_ARN = 'arn:aws:execute-api:us-east-1:000000000000:api123/prod/GET/v1/teams';

/** The request API Gateway asks the authorizer about, with these headers. */
function request(headers: Record<string, string>): APIGatewayRequestAuthorizerEvent {
  return {
    type: 'REQUEST',
    methodArn: METHOD_ARN,
    resource: '/v1/teams',
    path: '/v1/teams',
    httpMethod: 'GET',
    headers,
    multiValueHeaders: {},
    pathParameters: null,
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: { requestId: 'req-1' } as APIGatewayRequestAuthorizerEvent['requestContext'],
  };
}

describe('authorizer', () => {
  it('refuses a request without a credential, reading no store', async () => {
    mockDependencies.current = { tenancy: failingPort<TenancyStore>() };
    await expect(handler(request({}), CONTEXT)).rejects.toThrow('Unauthorized');
  });

  it('refuses a malformed Authorization header', async () => {
    mockDependencies.current = { tenancy: failingPort<TenancyStore>() };
    await expect(handler(request({ authorization: 'Basic abc' }), CONTEXT)).rejects.toThrow('Unauthorized');
  });

  it('refuses a key the store does not know', async () => {
    mockDependencies.current = { tenancy: fakePort<TenancyStore>({ getApiKeyByHash: async () => null }) };
    await expect(handler(request({ authorization: 'Bearer service_0000_unknown' }), CONTEXT)).rejects.toThrow('Unauthorized');
  });

  it('fails (API Gateway answers 500, not an allow) when the store fails', async () => {
    mockDependencies.current = { tenancy: failingPort<TenancyStore>() };
    await expect(handler(request({ authorization: 'Bearer service_0000_unknown' }), CONTEXT)).rejects.toThrow();
  });
});
