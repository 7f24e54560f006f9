import { Duration, Validations } from 'aws-cdk-lib';
import {
  AccessLogField,
  AccessLogFormat,
  ApiKeySourceType,
  AuthorizationType,
  type CfnAuthorizer,
  EndpointType,
  IdentitySource,
  LambdaIntegration,
  LogGroupLogDestination,
  type Method,
  MethodLoggingLevel,
  RequestAuthorizer,
  ResponseTransferMode,
  ResponseType,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { RATE_LIMIT_ENV } from '#shared/adapters/runtime/resource-env';
import { AUTHORIZER_SETTINGS } from '#shared/auth/authorizer-settings';
import { DEFAULT_RATE_LIMITS, type RateLimitDefaults } from '#shared/domain/rate-limit';
import {
  GATEWAY_RESPONSES,
  type GatewayResponseKind,
  gatewayResponseHeaders,
  gatewayResponseTemplate,
} from '#shared/http/gateway-responses';
import { isRateLimited, type ResourceUse, ROUTES, type RouteDefinition, type Surface, type TableName } from '#shared/routes';
import type { CursorSecret } from './cursor-secret';
import { pascalCase } from './naming';
import { bindResources, type ServiceResources } from './resource-bindings';
import { bindCounterTable, bindTable, ServiceFunction, type TableAccess } from './service-function';
import { serviceNameOf } from './stage';

export interface SurfaceApiProps {
  /** The surface this REST API serves (one base URL: read, platform or intake). */
  readonly surface: Surface;
  /**
   * The routes to serve. Each becomes one method on its path, integrated with the function named
   * by `functionName`.
   * @default every row of ROUTES whose surface is `surface`
   */
  readonly routes?: readonly RouteDefinition[];
  /** The shared REQUEST authorizer function (it is given one authorizer per API). */
  readonly authorizerFunction: IFunction;
  /** The tables, by logical name; each route function is bound to the ones its route declares. */
  readonly tables: Readonly<Record<TableName, ITable>>;
  /**
   * Key that signs pagination cursors, bound to every route function of this API.
   * @default - the functions get no cursor key
   */
  readonly cursorSecret?: CursorSecret;
  /**
   * The queues and services a route's `uses` may name; each route function is bound to the ones its routes use.
   * @default - none: a route that uses a resource fails synth
   */
  readonly resources?: ServiceResources;
  /**
   * Folder that holds one folder per function.
   * @default the repository's functions/ folder
   */
  readonly functionsRoot?: string;
  /** @default 'v1' */
  readonly stageName?: string;
  /** Steady-state requests per second for the whole stage. @default 100 */
  readonly throttlingRateLimit?: number;
  /** @default 200 */
  readonly throttlingBurstLimit?: number;
  /** @default RetentionDays.THREE_MONTHS */
  readonly accessLogRetention?: RetentionDays;
  /** X-Ray tracing of the stage (active: API Gateway samples requests and passes the trace to the functions). @default true */
  readonly tracingEnabled?: boolean;
  /**
   * The default rate limits every authenticated route's function enforces (RATE_LIMIT_* variables).
   * @default DEFAULT_RATE_LIMITS: 1,000 per key per minute, 10,000 per workspace per hour
   */
  readonly rateLimits?: RateLimitDefaults;
}

/**
 * One REST API for one surface, built entirely from the route table: one function per distinct
 * `functionName` (bound to the tables and resources its routes declare), one method per route (Lambda
 * proxy: a POST body reaches the handler as sent, and the handler validates it), the shared REQUEST
 * authorizer on every non-public method, gateway responses in the surface's error shape, and a `v1`
 * stage with JSON access logs, ERROR-level execution logs (no request/response bodies: they carry
 * phone numbers) and throttling.
 */
export class SurfaceApi extends Construct {
  public readonly surface: Surface;
  public readonly api: RestApi;
  /** The name of the API's one stage. */
  public readonly stageName: string;
  /** The route functions, by `functionName`. */
  public readonly functions: ReadonlyMap<string, ServiceFunction>;
  /** The methods, by route id. */
  public readonly methods: ReadonlyMap<string, Method>;
  /** The API's authorizer; absent when every route is public. */
  public readonly authorizer?: RequestAuthorizer;
  public readonly accessLogGroup: LogGroup;

  constructor(scope: Construct, id: string, props: SurfaceApiProps) {
    super(scope, id);
    this.surface = props.surface;
    this.stageName = props.stageName ?? 'v1';
    const routes = props.routes ?? ROUTES.filter((route) => route.surface === props.surface);
    if (routes.length === 0) throw new Error(`the ${props.surface} API has no routes`);
    const wrongSurface = routes.find((route) => route.surface !== props.surface);
    if (wrongSurface) throw new Error(`route ${wrongSurface.id} belongs to the ${wrongSurface.surface} API, not ${props.surface}`);

    this.accessLogGroup = new LogGroup(this, 'AccessLogs', { retention: props.accessLogRetention ?? RetentionDays.THREE_MONTHS });
    this.api = new RestApi(this, 'Api', {
      restApiName: `${serviceNameOf(this)}-${props.surface}`,
      description: `The ${props.surface} API of the lead, call and scheduling service`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // The read API answers call recordings (audio) as base64 Lambda bodies, which API Gateway turns
      // back into bytes only for these types. '*/*' because it matches the request's Accept header, not
      // the response type: a player or `curl` sending `Accept: */*` must get bytes too. Safe because the
      // read API takes no request bodies (GET only; a template test keeps it so).
      binaryMediaTypes: props.surface === 'read' ? ['audio/*', '*/*'] : undefined,
      // The usage plan (lib/service.ts) throttles per key: the authorizer returns the key's id as
      // usageIdentifierKey, which the operator CLI registers as an API key of the plan.
      apiKeySourceType: ApiKeySourceType.AUTHORIZER,
      // The account-level CloudWatch role is a per-region singleton: see ApiGatewayAccount.
      cloudWatchRole: false,
      deployOptions: {
        stageName: this.stageName,
        accessLogDestination: new LogGroupLogDestination(this.accessLogGroup),
        accessLogFormat: ACCESS_LOG_FORMAT,
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        metricsEnabled: true,
        tracingEnabled: props.tracingEnabled ?? true,
        throttlingRateLimit: props.throttlingRateLimit ?? 100,
        throttlingBurstLimit: props.throttlingBurstLimit ?? 200,
      },
    });
    // RestApi publishes its URL as an output named by a hash; the stack publishes it once, under a stable name.
    this.api.node.tryRemoveChild('Endpoint');
    addGatewayResponses(this.api, props.surface);

    const functions = new Map<string, ServiceFunction>();
    for (const [functionName, tables] of functionTables(routes)) {
      const fn = new ServiceFunction(this, pascalCase(functionName), {
        functionName,
        functionsRoot: props.functionsRoot,
        description: describeFunction(props.surface, functionName, routes),
      });
      for (const [table, access] of tables) {
        // The limits table holds counters only: whoever declares it (the widget's own limiter) gets the limiter's two actions.
        if (table === 'limits') bindCounterTable(fn, props.tables.limits, tableNameEnvVar('limits'));
        else bindTable(fn, props.tables[table], access, tableNameEnvVar(table));
      }
      const uses = functionUses(functionName, routes);
      if (uses.length > 0) {
        if (!props.resources)
          throw new Error(`${functionName} uses ${uses.join(', ')}, but the ${props.surface} API was given no resources`);
        bindResources(fn, uses, props.resources);
      }
      props.cursorSecret?.bind(fn);
      if (routes.some((route) => route.functionName === functionName && isRateLimited(route))) {
        const limits = props.rateLimits ?? DEFAULT_RATE_LIMITS;
        bindCounterTable(fn, props.tables.limits, tableNameEnvVar('limits'));
        fn.addEnvironment(RATE_LIMIT_ENV.perKeyPerMinute, String(limits.perKeyPerMinute));
        fn.addEnvironment(RATE_LIMIT_ENV.perWorkspacePerHour, String(limits.perWorkspacePerHour));
      }
      functions.set(functionName, fn);
    }
    this.functions = functions;

    if (routes.some((route) => route.permission !== null)) {
      const settings = authorizerSettings(props.surface);
      // API Gateway invokes the shared authorizer through a role of this API rather than a
      // permission on the function: a permission would sit with the function (another stack) and
      // name this API, and the two stacks would then each need the other deployed first.
      const invokeRole = new Role(this, 'AuthorizerInvokeRole', {
        assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
        description: `Lets the ${props.surface} API invoke the shared authorizer`,
      });
      invokeRole.addToPolicy(
        new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.authorizerFunction.functionArn] }),
      );
      this.authorizer = new RequestAuthorizer(this, 'Authorizer', {
        authorizerName: `${props.surface}-api-key`,
        handler: props.authorizerFunction,
        // Without policy updates, so CDK adds no grant of its own (it would add `<function arn>:*`, every version).
        assumeRole: invokeRole.withoutPolicyUpdates(),
        identitySources: [...settings.identitySources],
        resultsCacheTtl: settings.resultsCacheTtl,
      });
      if (settings.identitySources.length === 0) {
        // CDK writes an empty string; leave the property out, as API Gateway documents for uncached REQUEST authorizers.
        (this.authorizer.node.defaultChild as CfnAuthorizer).addPropertyDeletionOverride('IdentitySource');
      }
    }

    const methods = new Map<string, Method>();
    for (const route of routes) {
      const fn = functions.get(route.functionName);
      if (!fn) throw new Error(`no function for route ${route.id}`);
      const integration = new LambdaIntegration(fn.function, {
        allowTestInvoke: false,
        ...(route.streamsResponse ? { responseTransferMode: ResponseTransferMode.STREAM } : {}),
      });
      const resource = this.api.root.resourceForPath(route.path);
      const method =
        route.permission === null
          ? resource.addMethod(route.method, integration, { operationName: route.id, authorizationType: AuthorizationType.NONE })
          : resource.addMethod(route.method, integration, {
              operationName: route.id,
              authorizationType: AuthorizationType.CUSTOM,
              authorizer: this.authorizer,
              // The key comes from the authorizer (usageIdentifierKey): the usage plan's throttle applies.
              apiKeyRequired: true,
            });
      acknowledgeMethodFindings(method, route);
      methods.set(route.id, method);
    }
    this.methods = methods;

    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG2',
      reason:
        'Requests are validated in each handler (zod), which answers a 400 in the surface error shape naming the field; ' +
        "API Gateway's validator would answer a different, generic body.",
    });
    Validations.of(this.api.deploymentStage).acknowledge({
      id: 'AwsSolutions-APIG3',
      reason:
        'Server-to-server APIs authenticated by API keys and throttled per stage; a WAF web ACL is an account-level decision ' +
        '(cost, managed rule sets) left to the deployment, not fixed in this stack.',
    });
  }
}

/**
 * How each surface's authorizer identifies a request, from AUTHORIZER_SETTINGS (shared with the
 * local gateway): read and platform cache the policy under Authorization for 300 seconds (revoking
 * a key flushes the stages' caches); intake declares no identity source and caches nothing.
 */
export function authorizerSettings(surface: Surface): { identitySources: readonly string[]; resultsCacheTtl: Duration } {
  const settings = AUTHORIZER_SETTINGS[surface];
  return {
    identitySources: settings.identityHeaders.map((header) => IdentitySource.header(header)),
    resultsCacheTtl: Duration.seconds(settings.cacheTtlSeconds),
  };
}

/**
 * The answers API Gateway gives itself (no handler ran) in the surface's error shape, each with the
 * request id in the body (`$context.requestId`, documented for body templates). No `x-request-id`
 * header: API Gateway documents a gateway response's header values as `method.request.*`
 * parameters or quoted literals only, and an expression it refuses fails the whole deployment; it
 * already sends the same id as `x-amzn-RequestId`. MISSING_AUTHENTICATION_TOKEN is what API
 * Gateway answers for unknown routes: it becomes a 404. DEFAULT_4XX covers every other refusal of
 * the gateway's own with the status it chose. Each carries the headers of every JSON answer.
 */
export function addGatewayResponses(api: RestApi, surface: Surface): void {
  for (const [kind, response] of Object.entries(GATEWAY_RESPONSES) as [
    GatewayResponseKind,
    (typeof GATEWAY_RESPONSES)[GatewayResponseKind],
  ][]) {
    api.addGatewayResponse(pascalCase(kind.toLowerCase()), {
      type: ResponseType.of(kind),
      ...(response.statusCode === null ? {} : { statusCode: String(response.statusCode) }),
      // Literal values only, quoted as gateway response parameters require (the request id is in the
      // body template and in API Gateway's own x-amzn-RequestId).
      responseHeaders: Object.fromEntries(Object.entries(gatewayResponseHeaders(kind)).map(([name, value]) => [name, `'${value}'`])),
      templates: { 'application/json': gatewayResponseTemplate(surface, kind) },
    });
  }
}

/** `read API: GET /api/teams`, within Lambda's 256-character limit on descriptions. */
function describeFunction(surface: Surface, functionName: string, routes: readonly RouteDefinition[]): string {
  const served = routes.filter((r) => r.functionName === functionName).map((r) => `${r.method} ${r.path}`);
  return `${surface} API: ${served.join(', ')}`.slice(0, 256);
}

/** The tables each function needs, merged over every route it serves (readwrite wins over read). */
function functionTables(routes: readonly RouteDefinition[]): Map<string, Map<TableName, TableAccess>> {
  const result = new Map<string, Map<TableName, TableAccess>>();
  for (const route of routes) {
    const tables = result.get(route.functionName) ?? new Map<TableName, TableAccess>();
    for (const { table, access } of route.tables) {
      if (tables.get(table) !== 'readwrite') tables.set(table, access);
    }
    result.set(route.functionName, tables);
  }
  return result;
}

/** The resources a function uses, merged over every route it serves. */
function functionUses(functionName: string, routes: readonly RouteDefinition[]): ResourceUse[] {
  return [...new Set(routes.filter((route) => route.functionName === functionName).flatMap((route) => route.uses ?? []))];
}

function acknowledgeMethodFindings(method: Method, route: RouteDefinition): void {
  if (route.permission === null) {
    Validations.of(method).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: `${route.method} ${route.path} is public by design (route table: permission null), e.g. the API description.`,
    });
  }
  Validations.of(method).acknowledge({
    id: 'AwsSolutions-COG4',
    reason:
      'Integrators are machines holding service API keys, not Cognito users: methods are authorized by the Lambda REQUEST ' +
      'authorizer (or public by design).',
  });
}

/**
 * One JSON object per request; every value is a quoted string so the line stays valid JSON when a field is
 * empty ("-"). Free text that may contain quotes (error message, user agent) is left out; the error type is kept.
 */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: AccessLogField.contextRequestId(),
    extendedRequestId: AccessLogField.contextExtendedRequestId(),
    requestTime: AccessLogField.contextRequestTime(),
    ip: AccessLogField.contextIdentitySourceIp(),
    httpMethod: AccessLogField.contextHttpMethod(),
    resourcePath: AccessLogField.contextResourcePath(),
    path: AccessLogField.contextPath(),
    protocol: AccessLogField.contextProtocol(),
    status: AccessLogField.contextStatus(),
    responseLength: AccessLogField.contextResponseLength(),
    responseLatency: AccessLogField.contextResponseLatency(),
    integrationLatency: AccessLogField.contextIntegrationLatency(),
    integrationStatus: AccessLogField.contextIntegrationStatus(),
    principalId: AccessLogField.contextAuthorizerPrincipalId(),
    authorizerLatency: AccessLogField.contextAuthorizerIntegrationLatency(),
    authorizerError: AccessLogField.contextAuthorizerError(),
    errorType: AccessLogField.contextErrorResponseType(),
  }),
);
