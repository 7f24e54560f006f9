import type { APIGatewayProxyEvent } from 'aws-lambda';

/** A REST API proxy-integration event, as API Gateway (and the local gateway) builds it. */
export function proxyEvent(
  overrides: Partial<APIGatewayProxyEvent> & { authorizer?: Record<string, unknown> | null; requestId?: string } = {},
): APIGatewayProxyEvent {
  const { authorizer = null, requestId = 'req-1', ...rest } = overrides;
  return {
    resource: '/x',
    path: '/x',
    httpMethod: 'GET',
    headers: {},
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: { requestId, authorizer } as unknown as APIGatewayProxyEvent['requestContext'],
    ...rest,
  };
}
