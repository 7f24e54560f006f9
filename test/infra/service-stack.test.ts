import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { TABLES, tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { API_ID_ENV, AUTHORIZER_TIMEOUT_SECONDS } from '#shared/auth/authorizer-settings';
import { GATEWAY_RESPONSES, type GatewayResponseKind, gatewayResponseTemplate } from '#shared/http/gateway-responses';
import { ROUTES, type RouteDefinition, type Surface, type TableName } from '#shared/routes';
import { STREAM_CONSUMERS, WORKERS } from '#shared/workers/definitions';
import { pascalCase } from '../../lib/naming';
import { Service } from '../../lib/service';
import type { ServiceFunction } from '../../lib/service-function';
import {
  actionsOf,
  environmentOf,
  findMethod,
  logicalIdOf,
  ofType,
  type PolicyStatementJson,
  type Resources,
  referencedLogicalIds,
  resourceOf,
  roleStatements,
  secretsReadBy,
  serviceTemplate,
} from './template-helpers';

/**
 * The deployable stack, synthesized once for the whole file against the real functions/ folders
 * (bundling every function is the slow part) and checked by the cdk-nag AwsSolutions pack.
 */
const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

interface ValidationReport {
  readonly pluginReports: {
    readonly pluginName: string;
    readonly violations: {
      readonly ruleName: string;
      readonly severity: string;
      readonly violatingConstructs: { constructPath: string }[];
    }[];
  }[];
}

let app: App;
let stack: Service;
let template: Template;
let resources: Resources;
let validationReport: ValidationReport;
let apiSurfaces: Surface[];

beforeAll(() => {
  // As bin/app.ts, except that a validation error is written to the report instead of failing
  // synth (so the template assertions below still run when cdk-nag objects), and without CDK's
  // built-in template linter, which only ever warns and costs seconds (`cdk synth` still runs it).
  app = new App({ builtinCloudFormationValidation: false, context: { '@aws-cdk/core:failSynthOnValidationErrors': false } });
  stack = new Service(app, 'LeadCallSchedulingService');
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const assembly = app.synth();
  validationReport = readValidationReport(assembly.directory);
  template = Template.fromJSON(serviceTemplate(stack));
  resources = template.toJSON().Resources as Resources;
  apiSurfaces = [...new Set(ROUTES.map((route) => route.surface))];
});

function readValidationReport(assemblyDirectory: string): ValidationReport {
  return JSON.parse(readFileSync(join(assemblyDirectory, 'validation-report.json'), 'utf8')) as ValidationReport;
}

function apiOf(surface: Surface) {
  const api = stack.apis[surface];
  if (!api) throw new Error(`no ${surface} API`);
  return api;
}

function functionOf(route: RouteDefinition) {
  const fn = apiOf(route.surface).functions.get(route.functionName);
  if (!fn) throw new Error(`no function for route ${route.id}`);
  return fn;
}

function workerOf(functionName: string): ServiceFunction {
  const fn = stack.workers.functions.get(functionName);
  if (!fn) throw new Error(`no function for worker ${functionName}`);
  return fn;
}

function tableIds(): Record<TableName, string> {
  const ids = {} as Record<TableName, string>;
  for (const name of Object.keys(TABLES) as TableName[]) ids[name] = logicalIdOf(stack.data.tables[name]);
  return ids;
}

/** The tables a set of statements reaches, by logical table name. */
function tablesReached(statements: readonly PolicyStatementJson[]): Set<string> {
  const byLogicalId = new Map(Object.entries(tableIds()).map(([name, id]) => [id, name]));
  const reached = new Set<string>();
  for (const statement of statements) {
    for (const id of referencedLogicalIds(statement.Resource)) {
      const name = byLogicalId.get(id);
      if (name) reached.add(name);
    }
  }
  return reached;
}

function dynamoStatements(statements: readonly PolicyStatementJson[]): PolicyStatementJson[] {
  return statements.filter((statement) => actionsOf(statement).some((action) => action.startsWith('dynamodb:')));
}

describe('functions', () => {
  it('creates one function per route function, one per worker and stream consumer, plus the shared authorizer, all Node.js 22 on arm64', () => {
    const functionNames = new Set(ROUTES.map((route) => route.functionName));
    const functions = ofType(resources, 'AWS::Lambda::Function');

    expect(functions).toHaveLength(functionNames.size + WORKERS.length + STREAM_CONSUMERS.length + 1);
    for (const [, fn] of functions) {
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });
    }
  });

  it('runs every function with source maps, a log level, 512 MB and its own log group with a retention', () => {
    for (const [, fn] of ofType(resources, 'AWS::Lambda::Function')) {
      expect(fn.Properties).toMatchObject({
        MemorySize: 512,
        Environment: { Variables: { NODE_OPTIONS: '--enable-source-maps', LOG_LEVEL: 'info' } },
      });
      const [logGroupId] = referencedLogicalIds((fn.Properties?.LoggingConfig as { LogGroup?: unknown } | undefined)?.LogGroup);
      expect(resourceOf(resources, String(logGroupId)).Properties?.RetentionInDays).toEqual(expect.any(Number));
    }
  });

  it('gives the authorizer and route functions 10 s and each worker the timeout of its row', () => {
    const timeoutOf = (fn: ServiceFunction) => resourceOf(resources, logicalIdOf(fn.function)).Properties?.Timeout;
    for (const fn of [stack.authorizer, ...ROUTES.map(functionOf)]) expect(timeoutOf(fn)).toBe(10);
    for (const worker of WORKERS) {
      expect({ worker: worker.functionName, timeout: timeoutOf(workerOf(worker.functionName)) }).toEqual({
        worker: worker.functionName,
        timeout: worker.timeoutSeconds,
      });
    }
  });

  it('uses no AWS-managed policy for function roles and lets each write logs only to its own log group', () => {
    for (const fn of [stack.authorizer, ...ROUTES.map(functionOf), ...WORKERS.map((w) => workerOf(w.functionName))]) {
      const role = resourceOf(resources, logicalIdOf(fn.role));
      const logStatements = roleStatements(resources, logicalIdOf(fn.role)).filter((s) => actionsOf(s).some((a) => a.startsWith('logs:')));

      expect(role.Properties?.ManagedPolicyArns).toBeUndefined();
      expect(logStatements).toHaveLength(1);
      expect(referencedLogicalIds(logStatements[0]?.Resource)).toEqual(new Set([logicalIdOf(fn.logGroup)]));
    }
  });

  it('passes each route function the physical name of every table its route declares', () => {
    const ids = tableIds();
    for (const route of ROUTES) {
      const variables = resourceOf(resources, logicalIdOf(functionOf(route).function)).Properties?.Environment as {
        Variables: Record<string, unknown>;
      };
      for (const { table } of route.tables) {
        expect(variables.Variables[tableNameEnvVar(table)]).toEqual({ Ref: ids[table] });
      }
    }
  });

  it('lets the read functions read the cursor key at run time: its ARN in the environment and read access to it', () => {
    const secretId = logicalIdOf(stack.cursorSecret.secret);
    for (const route of ROUTES.filter((r) => r.surface === 'read')) {
      expect(environmentOf(resources, functionOf(route)).CURSOR_SECRET_ID).toEqual({ Ref: secretId });
      expect(secretsReadBy(resources, functionOf(route))).toContain(secretId);
    }
    expect(resourceOf(resources, secretId).Properties?.GenerateSecretString).toMatchObject({ PasswordLength: 64 });
  });

  it('puts no secret and no reference to one in any function environment', () => {
    const functions = ofType(resources, 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(30);
    for (const [id, fn] of functions) {
      const environment = JSON.stringify((fn.Properties?.Environment as { Variables?: unknown } | undefined)?.Variables ?? {});
      expect({ id, dynamicReference: /resolve:(secretsmanager|ssm-secure)/.test(environment) }).toEqual({ id, dynamicReference: false });
    }
    // The placeholders and generated keys the stack creates never reach a function's configuration.
    for (const [, secret] of ofType(resources, 'AWS::SecretsManager::Secret')) {
      const value = secret.Properties?.SecretString;
      if (typeof value === 'string') expect(JSON.stringify(functions)).not.toContain(value);
    }
  });
});

describe('least privilege', () => {
  it('grants read-only access to exactly the tables a read route declares', () => {
    const readRoutes = ROUTES.filter((route) => route.tables.every((t) => t.access === 'read'));
    expect(readRoutes.length).toBeGreaterThan(0);

    // The rate-limit counters are the one table a read route's function writes (UpdateItem and
    // GetItem only; test/infra/rate-limits.test.ts): left out here.
    const limitsId = logicalIdOf(stack.data.tables.limits);
    for (const route of readRoutes) {
      const statements = dynamoStatements(roleStatements(resources, logicalIdOf(functionOf(route).role))).filter(
        (statement) => !referencedLogicalIds(statement.Resource).has(limitsId),
      );
      const actions = statements.flatMap(actionsOf);

      expect({ route: route.id, writes: actions.filter((a) => WRITE_ACTIONS.includes(a) || a === 'dynamodb:*') }).toEqual({
        route: route.id,
        writes: [],
      });
      expect({ route: route.id, tables: tablesReached(statements) }).toEqual({
        route: route.id,
        tables: new Set(route.tables.map((t) => t.table)),
      });
      for (const statement of statements) {
        expect([statement.Resource].flat()).not.toContain('*');
      }
    }
  });

  it('grants the authorizer read and write on the teams table and nothing on any other table', () => {
    const statements = dynamoStatements(roleStatements(resources, logicalIdOf(stack.authorizer.role)));
    const actions = statements.flatMap(actionsOf);

    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']));
    expect(actions).not.toContain('dynamodb:DeleteTable');
    expect(tablesReached(statements)).toEqual(new Set(['teams']));
  });

  it('passes the authorizer the teams table name', () => {
    const variables = resourceOf(resources, logicalIdOf(stack.authorizer.function)).Properties?.Environment as {
      Variables: Record<string, unknown>;
    };
    expect(variables.Variables[tableNameEnvVar('teams')]).toEqual({ Ref: tableIds().teams });
  });
});

describe('tables', () => {
  it('creates every table on demand, with point-in-time recovery, encryption at rest and its indexes', () => {
    const ids = tableIds();
    expect(ofType(resources, 'AWS::DynamoDB::Table')).toHaveLength(Object.keys(TABLES).length);

    for (const definition of Object.values(TABLES)) {
      const table = resourceOf(resources, ids[definition.name]);
      expect(table.Properties).toMatchObject({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
        KeySchema: [
          { AttributeName: definition.partitionKey, KeyType: 'HASH' },
          ...(definition.sortKey === undefined ? [] : [{ AttributeName: definition.sortKey, KeyType: 'RANGE' }]),
        ],
      });
      const indexes = (table.Properties?.GlobalSecondaryIndexes as unknown[] | undefined) ?? [];
      expect(indexes).toEqual(
        definition.indexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      );
    }
  });

  it('keeps every table when it leaves the stack', () => {
    for (const [, table] of ofType(resources, 'AWS::DynamoDB::Table')) {
      expect(table).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    }
  });
});

describe('APIs', () => {
  it('creates one REST API per surface that has routes', () => {
    expect(ofType(resources, 'AWS::ApiGateway::RestApi')).toHaveLength(apiSurfaces.length);
    for (const surface of apiSurfaces) expect(stack.apis[surface]).toBeDefined();
  });

  it('serves every route at its path and method, integrated with its own function', () => {
    expect(ofType(resources, 'AWS::ApiGateway::Method')).toHaveLength(ROUTES.length);
    for (const route of ROUTES) {
      const method = findMethod(resources, logicalIdOf(apiOf(route.surface).api), route.method, route.path);

      expect({ route: route.id, found: method !== undefined }).toEqual({ route: route.id, found: true });
      expect(referencedLogicalIds(method?.Properties?.Integration)).toContain(logicalIdOf(functionOf(route).function));
      expect(method?.Properties?.Integration).toMatchObject({ Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' });
    }
  });

  it('puts the API key authorizer on every non-public method and none on public ones', () => {
    for (const route of ROUTES) {
      const api = apiOf(route.surface);
      const method = findMethod(resources, logicalIdOf(api.api), route.method, route.path);

      if (route.permission === null) {
        expect({ route: route.id, auth: method?.Properties?.AuthorizationType }).toEqual({ route: route.id, auth: 'NONE' });
        expect(method?.Properties?.AuthorizerId).toBeUndefined();
      } else {
        if (!api.authorizer) throw new Error(`the ${route.surface} API has no authorizer`);
        expect({ route: route.id, auth: method?.Properties?.AuthorizationType }).toEqual({ route: route.id, auth: 'CUSTOM' });
        expect(method?.Properties?.AuthorizerId).toEqual({ Ref: logicalIdOf(api.authorizer) });
      }
    }
  });

  it('serves call recordings publicly, as binary, from the configured hosts only', () => {
    const route = ROUTES.find((r) => r.id === 'getCallRecording');
    if (!route) throw new Error('no getCallRecording route');
    const method = findMethod(resources, logicalIdOf(apiOf('read').api), 'GET', '/api/calls/{callId}/recording');
    expect(method?.Properties?.AuthorizationType).toBe('NONE');
    // API Gateway decodes the base64 body for these types, matched against the request's Accept header.
    const readApi = resourceOf(resources, logicalIdOf(apiOf('read').api)).Properties;
    expect(readApi?.BinaryMediaTypes).toEqual(['audio/*', '*/*']);
    // '*/*' hands request bodies to the functions base64-encoded: the read API's only POSTs are the
    // scheduling widget's, the manage link's and the export request's, whose functions decode them
    // (functions/widget-api/handler.ts, functions/manage-appointment/handler.ts; createHttpHandler's
    // request-body middleware for create-export).
    expect(new Set(ROUTES.filter((r) => r.surface === 'read' && r.method !== 'GET').map((r) => r.functionName))).toEqual(
      new Set(['widget-api', 'manage-appointment', 'create-export']),
    );
    for (const surface of ['platform', 'intake'] as const) {
      expect(resourceOf(resources, logicalIdOf(apiOf(surface).api)).Properties?.BinaryMediaTypes).toBeUndefined();
    }
    const variables = environmentOf(resources, functionOf(route));
    expect(variables.VOICE_PROVIDER_RECORDING_HOSTS).toBe('storage.vapi.ai');
    expect(variables.CURSOR_SECRET_ID).toBeDefined();
    expect(variables.VOICE_PROVIDER_API_KEY_SECRET_ID).toBeUndefined();
  });

  it('streams the answers of the routes that stream (recordings), through the response-streaming invocation, and no other', () => {
    const streamed: string[] = [];
    for (const route of ROUTES) {
      const method = findMethod(resources, logicalIdOf(apiOf(route.surface).api), route.method, route.path);
      const integration = method?.Properties?.Integration as { ResponseTransferMode?: string; Uri?: unknown } | undefined;
      const uri = JSON.stringify(integration?.Uri);
      if (integration?.ResponseTransferMode === 'STREAM') {
        streamed.push(route.id);
        expect(uri).toContain('/response-streaming-invocations');
      } else {
        expect({ route: route.id, uri: uri.includes('/response-streaming-invocations') }).toEqual({ route: route.id, uri: false });
      }
    }
    expect(streamed).toEqual(ROUTES.filter((r) => r.streamsResponse).map((r) => r.id));
    expect(streamed).toEqual(['getCallRecording']);
  });

  it('serves the Google Ads lead-form webhook publicly on the intake API, with the intake tables and resources and no rate-limit counters', () => {
    const route = ROUTES.find((r) => r.id === 'receiveGoogleAdsLead');
    if (!route) throw new Error('no receiveGoogleAdsLead route');
    const method = findMethod(resources, logicalIdOf(apiOf('intake').api), 'POST', '/api/outbound/google-ads/lead-form/{teamId}');
    expect(method?.Properties).toMatchObject({ AuthorizationType: 'NONE' });
    expect(method?.Properties?.ApiKeyRequired).not.toBe(true);
    const variables = environmentOf(resources, functionOf(route));
    expect(Object.keys(variables)).toEqual(expect.arrayContaining(['TABLE_TEAMS', 'TABLE_LEADS', 'TABLE_OUTBOX', 'OUTREACH_QUEUE_URL']));
    // Public: no key to count requests against, and no Idempotency-Key (Google's lead_id is the guard).
    expect(variables.TABLE_LIMITS).toBeUndefined();
    expect(variables.TABLE_IDEMPOTENCY).toBeUndefined();
    expect(variables.TABLE_CALLS).toBeUndefined();
  });

  it('caches the read and platform API authorizer policies for 300 seconds, keyed on the Authorization header', () => {
    for (const surface of ['read', 'platform'] as const) {
      const authorizer = apiOf(surface).authorizer;
      if (!authorizer) throw new Error(`the ${surface} API has no authorizer`);

      const props = resourceOf(resources, logicalIdOf(authorizer)).Properties;
      expect({ surface, props }).toMatchObject({
        surface,
        props: { Type: 'REQUEST', AuthorizerResultTtlInSeconds: 300, IdentitySource: 'method.request.header.Authorization' },
      });
      expect(referencedLogicalIds(props?.AuthorizerUri)).toContain(logicalIdOf(stack.authorizer.function));
    }
  });

  it('calls the intake API authorizer on every request: no identity source, no caching', () => {
    const authorizer = apiOf('intake').authorizer;
    if (!authorizer) throw new Error('the intake API has no authorizer');

    const props = resourceOf(resources, logicalIdOf(authorizer)).Properties;
    expect(props).toMatchObject({ Type: 'REQUEST', AuthorizerResultTtlInSeconds: 0 });
    expect(props).not.toHaveProperty('IdentitySource');
  });

  it('uses one authorizer function for every API', () => {
    const authorizerFunctionId = logicalIdOf(stack.authorizer.function);
    for (const [, authorizer] of ofType(resources, 'AWS::ApiGateway::Authorizer')) {
      expect(referencedLogicalIds(authorizer.Properties?.AuthorizerUri)).toEqual(new Set([authorizerFunctionId]));
    }
  });

  it("answers gateway errors in the surface's error shape, with the request id in the body", () => {
    for (const surface of apiSurfaces) {
      const apiId = logicalIdOf(apiOf(surface).api);
      const responses = ofType(resources, 'AWS::ApiGateway::GatewayResponse')
        .map(([, r]) => r.Properties ?? {})
        .filter((r) => (r.RestApiId as { Ref?: string }).Ref === apiId);

      expect(responses).toHaveLength(Object.keys(GATEWAY_RESPONSES).length);
      for (const [kind, expected] of Object.entries(GATEWAY_RESPONSES) as [GatewayResponseKind, { statusCode: number | null }][]) {
        const response = responses.find((r) => r.ResponseType === kind);
        // Header values from documented mapping sources only: a request parameter or a quoted literal.
        for (const value of Object.values((response?.ResponseParameters as Record<string, string> | undefined) ?? {})) {
          expect(value).toMatch(/^(method\.request\.(header|path|querystring)\.[\w-]+|'[^']*')$/);
        }
        expect(response).toMatchObject({
          ResponseTemplates: { 'application/json': gatewayResponseTemplate(surface, kind) },
        });
        expect(response?.StatusCode).toBe(expected.statusCode === null ? undefined : String(expected.statusCode));
      }
    }
  });

  it('answers every gateway error, the catch-all 4xx and 5xx included, uncached and unsniffed', () => {
    for (const surface of apiSurfaces) {
      const apiId = logicalIdOf(apiOf(surface).api);
      const responses = ofType(resources, 'AWS::ApiGateway::GatewayResponse')
        .map(([, r]) => r.Properties ?? {})
        .filter((r) => (r.RestApiId as { Ref?: string }).Ref === apiId);

      expect(responses.map((r) => r.ResponseType)).toEqual(expect.arrayContaining(['DEFAULT_4XX', 'DEFAULT_5XX']));
      for (const response of responses) {
        expect(response.ResponseParameters).toMatchObject({
          'gatewayresponse.header.cache-control': "'no-store'",
          'gatewayresponse.header.x-content-type-options': "'nosniff'",
        });
      }
    }
  });

  it('answers unknown routes on the read API with 404 {error, message, request_id}', () => {
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      RestApiId: { Ref: logicalIdOf(apiOf('read').api) },
      ResponseType: 'MISSING_AUTHENTICATION_TOKEN',
      StatusCode: '404',
    });
    const body = JSON.parse(gatewayResponseTemplate('read', 'MISSING_AUTHENTICATION_TOKEN')) as Record<string, unknown>;
    expect(body).toEqual({ error: 'not_found', message: expect.any(String), request_id: '$context.requestId' });
  });

  it('logs access as JSON, logs errors without bodies and throttles every v1 stage', () => {
    for (const surface of apiSurfaces) {
      const api = apiOf(surface);
      const stage = resourceOf(resources, logicalIdOf(api.api.deploymentStage)).Properties;
      const accessLog = stage?.AccessLogSetting as { DestinationArn: unknown; Format: string };

      expect(stage?.StageName).toBe('v1');
      expect(referencedLogicalIds(accessLog.DestinationArn)).toEqual(new Set([logicalIdOf(api.accessLogGroup)]));
      expect(JSON.parse(accessLog.Format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
      expect(stage?.MethodSettings).toEqual([
        expect.objectContaining({
          HttpMethod: '*',
          ResourcePath: '/*',
          LoggingLevel: 'ERROR',
          DataTraceEnabled: false,
          ThrottlingRateLimit: 100,
          ThrottlingBurstLimit: 200,
        }),
      ]);
    }
  });

  it('sets the API Gateway CloudWatch role once for the account, in a stack every API stack deploys after', () => {
    const accounts = ofType(resources, 'AWS::ApiGateway::Account');
    expect(accounts).toHaveLength(1);
    const account = stack.apiGatewayAccount?.account;
    if (!account) throw new Error('no API Gateway account setting');
    for (const surface of apiSurfaces) {
      const apiStack = Stack.of(apiOf(surface).api);
      expect(apiStack.dependencies).toContain(Stack.of(account));
    }
  });
});

describe('outputs', () => {
  it('publishes each API URL, table name, queue and dead-letter queue URL, the bus, the schedule group, the provider key secrets, the alarm topic and the dashboard', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    const queues = [...new Set(WORKERS.map((worker) => worker.queue))];
    const expected = [
      ...apiSurfaces.flatMap((surface) => [`${pascalCase(surface)}ApiUrl`, `${pascalCase(surface)}ApiId`]),
      'ApiStageName',
      ...Object.keys(TABLES).map((table) => `${pascalCase(table)}TableName`),
      ...queues.flatMap((queue) => [`${pascalCase(queue)}QueueUrl`, `${pascalCase(queue)}DeadLetterQueueUrl`]),
      'EventBusName',
      'EventBusArn',
      'ScheduleGroupName',
      'VoiceProviderApiKeySecretArn',
      'CoachLlmApiKeySecretArn',
      'UsagePlanId',
      'AlarmTopicArn',
      'DashboardName',
    ];
    expect(Object.keys(outputs).sort()).toEqual(expected.sort());
    const ids = tableIds();
    for (const name of Object.keys(TABLES) as TableName[]) {
      expect(outputs[`${pascalCase(name)}TableName`]?.Value).toEqual({ Ref: ids[name] });
    }
  });

  it('names each REST API and their stage, which `key revoke` flushes (READ_API_ID, PLATFORM_API_ID, INTAKE_API_ID, API_STAGE_NAME)', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown; Description?: string }>;
    const restApis = ofType(resources, 'AWS::ApiGateway::RestApi').map(([id]) => id);
    for (const surface of apiSurfaces) {
      const output = outputs[`${pascalCase(surface)}ApiId`];
      expect(restApis).toContain((output?.Value as { Ref?: string } | undefined)?.Ref);
      expect(output?.Description).toContain(API_ID_ENV[surface]);
    }
    expect(outputs.ApiStageName?.Value).toBe('v1');
    for (const [, stage] of ofType(resources, 'AWS::ApiGateway::Stage')) expect(stage.Properties?.StageName).toBe('v1');
  });

  it('gives the authorizer the timeout revocation waits for before its second flush', () => {
    const authorizer = ofType(resources, 'AWS::Lambda::Function').find(([, fn]) =>
      String(fn.Properties?.Description ?? '').startsWith('REQUEST authorizer'),
    );
    expect(authorizer?.[1].Properties?.Timeout).toBe(AUTHORIZER_TIMEOUT_SECONDS);
  });
});

describe('cdk-nag', () => {
  it('passes the AwsSolutions checks at synth with no unacknowledged error', () => {
    const nag = validationReport.pluginReports.filter((report) => report.pluginName === 'AwsSolutions');
    const errors = nag
      .flatMap((report) => report.violations)
      .filter((violation) => violation.severity === 'error')
      .map((violation) => `${violation.ruleName}: ${violation.violatingConstructs.map((c) => c.constructPath).join(', ')}`);

    expect(errors).toEqual([]);
  });

  it('would report an unacknowledged finding, so the check above is not vacuous', () => {
    const control = new App({ builtinCloudFormationValidation: false, context: { '@aws-cdk/core:failSynthOnValidationErrors': false } });
    new Secret(new Stack(control, 'Control'), 'UnrotatedSecret');
    Validations.of(control).addPlugins(new AwsSolutionsChecks(control));

    const report = readValidationReport(control.synth().directory);

    expect(report.pluginReports.flatMap((r) => r.violations.map((v) => v.ruleName))).toContain('AwsSolutions-SMG4');
  });

  it('gives every acknowledged finding a written reason', () => {
    const acknowledgements: [string, string][] = [];
    const visit = (construct: IConstruct): void => {
      for (const entry of construct.node.metadata) {
        if (entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY) {
          acknowledgements.push(...Object.entries(entry.data as Record<string, string>));
        }
      }
      construct.node.children.forEach(visit);
    };
    visit(app);

    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledgements) {
      expect({ id, reasonLength: reason.trim().length >= 40 }).toEqual({ id, reasonLength: true });
    }
  });
});
