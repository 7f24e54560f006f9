import type {
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  AttributeValue,
  Context,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  SQSEvent,
  SQSRecord,
} from 'aws-lambda';
import { tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { RATE_LIMIT_ENV } from '#shared/adapters/runtime/resource-env';
import { secretStore } from '#shared/adapters/runtime/secrets';
import { encodeIdentity, type Identity } from '#shared/auth/identity';
import { type RouteId, routeById } from '#shared/routes';
import { declaredVariables, LOCAL_FUNCTIONS } from '../../local/runtime/function-environment';
import { proxyEvent } from './api-gateway-event';
import { identity as anIdentity } from './factories';

/**
 * What a handler's unit test (test/unit/functions/<name>/handler.test.ts) needs: the function's
 * environment, API Gateway events built from a route's row, ports faked, and the answer read back.
 *
 * The dependencies are faked by mocking the handler's accessor module
 * (`shared/adapters/runtime/<area>-dependencies.ts`) with `jest.mock`, whose factory returns the
 * fakes a test holds in a `mock`-prefixed variable (docs/adr/0160-handler-unit-tests.md). The
 * handler is imported after `functionEnvironment` (with `await import(...)` in `beforeAll`), so the
 * table and resource variables it reads at load are there.
 */

/** The variables the stack gives the function, with test values; no limits table, so nothing is rate limited. */
export function functionEnvironment(functionName: string): void {
  const fn = LOCAL_FUNCTIONS.get(functionName);
  if (!fn) throw new Error(`no function ${functionName}`);
  const unlimited = new Set([tableNameEnvVar('limits'), ...Object.values(RATE_LIMIT_ENV)]);
  for (const name of declaredVariables(fn)) if (!unlimited.has(name)) process.env[name] ??= `test-${name.toLowerCase()}`;
  process.env.PUBLIC_BASE_URL ??= 'https://api.example.test';
  secretStore.use({ get: async (id) => `secret-of-${id}-0123456789abcdef0123456789abcdef` });
}

/** A port whose methods are those given; any other method throws, naming itself, so a test sees what it forgot to fake. */
export function fakePort<T extends object>(methods: Partial<T> = {}): T {
  return new Proxy(methods, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (value !== undefined || typeof property === 'symbol' || property === 'then') return value;
      // Thrown, not a rejected promise: a synchronous method's caller would leave a rejection unhandled.
      return () => {
        throw new Error(`${String(property)} is not faked`);
      };
    },
  }) as T;
}

/**
 * Dependencies whose every member fails as a store does when DynamoDB is unreachable: any method,
 * of the object or of the ports it holds (at any depth), throws 'store unavailable' when called.
 */
export function failingPort<T extends object>(): T {
  const fail = (): never => {
    throw new Error('store unavailable');
  };
  const member = (): object =>
    new Proxy(fail, {
      get: (_target, property) => (typeof property === 'symbol' || property === 'then' ? undefined : member()),
    });
  const target: object = member();
  return target as T;
}

export interface RouteRequest {
  readonly path?: Record<string, string>;
  readonly query?: Record<string, string>;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  /** The caller; `null` for a public route. @default an enterprise key reaching teams 1, 2 and 3 with every permission */
  readonly identity?: Identity | null;
}

/** The event API Gateway hands the route's function: its method, resource and path from the row, the path parameters filled in. */
export function routeEvent(routeId: RouteId, request: RouteRequest = {}): APIGatewayProxyEvent {
  const route = routeById(routeId);
  const path = route.path.replace(/\{(\w+)\+?\}/g, (_m, name: string) => encodeURIComponent(request.path?.[name] ?? name));
  const who = request.identity === undefined ? anIdentity() : request.identity;
  return proxyEvent({
    httpMethod: route.method,
    resource: route.path,
    path,
    pathParameters: request.path ?? null,
    queryStringParameters: request.query ?? null,
    headers: {
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    body: request.body === undefined ? null : typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
    authorizer: who ? encodeIdentity(who) : null,
  });
}

/** A Lambda context with time to spare. */
export const CONTEXT: Context = {
  callbackWaitsForEmptyEventLoop: false,
  functionName: 'test',
  functionVersion: '1',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:test',
  memoryLimitInMB: '512',
  awsRequestId: 'aws-req-1',
  logGroupName: 'test',
  logStreamName: 'test',
  getRemainingTimeInMillis: () => 30_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
};

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | number | boolean>;
  /** The body as text (a base64 body decoded). */
  readonly text: string;
  /** The body parsed as JSON; null for a body that is not JSON (HTML pages, assets). */
  readonly body: Record<string, unknown> | null;
}

/** Calls an HTTP handler and reads its answer, checked to be an API Gateway proxy result. */
export async function answerOf(
  handler: (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>,
  event: APIGatewayProxyEvent,
): Promise<Answer> {
  const result = proxyResultOf(await handler(event, CONTEXT));
  const text = result.isBase64Encoded ? Buffer.from(result.body, 'base64').toString('utf8') : result.body;
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    body = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : null;
  } catch {
    body = null;
  }
  return { status: result.statusCode, headers: { ...(result.headers ?? {}) }, text, body };
}

function proxyResultOf(value: unknown): APIGatewayProxyResult {
  if (typeof value !== 'object' || value === null) throw new Error('the handler answered nothing');
  const { statusCode, body, headers, isBase64Encoded } = value as Partial<APIGatewayProxyResult>;
  if (typeof statusCode !== 'number' || typeof body !== 'string') throw new Error('the handler did not answer a proxy result');
  return { statusCode, body, ...(headers ? { headers } : {}), ...(isBase64Encoded ? { isBase64Encoded } : {}) };
}

/** An SQS event of one record per body (objects are sent as JSON). */
export function sqsEvent(...bodies: unknown[]): SQSEvent {
  return {
    Records: bodies.map(
      (body, i): SQSRecord => ({
        messageId: `msg-${i + 1}`,
        receiptHandle: `receipt-${i + 1}`,
        body: typeof body === 'string' ? body : JSON.stringify(body),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: '0',
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: '0',
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:test',
        awsRegion: 'us-east-1',
      }),
    ),
  };
}

/** A DynamoDB stream event of INSERT records carrying these new images (attribute values as the stream sends them). */
export function streamEvent(...newImages: Record<string, AttributeValue>[]): DynamoDBStreamEvent {
  return {
    Records: newImages.map(
      (image, i): DynamoDBRecord => ({
        eventID: `event-${i + 1}`,
        eventName: 'INSERT',
        eventSource: 'aws:dynamodb',
        awsRegion: 'us-east-1',
        eventSourceARN: 'arn:aws:dynamodb:us-east-1:000000000000:table/test/stream/2026-01-01T00:00:00.000',
        dynamodb: { SequenceNumber: String(100 + i), NewImage: image, Keys: {}, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    ),
  };
}
