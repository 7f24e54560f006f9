import { App, Stack } from 'aws-cdk-lib';
import { tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { QUEUE_ARN_ENV, QUEUE_URL_ENV } from '#shared/adapters/runtime/queue-env';
import type { QueueName } from '#shared/ports/message-queue';
import { type ResourceUse, ROUTES, type Surface } from '#shared/routes';
import { STREAM_CONSUMERS, visibilityTimeoutSeconds, WORKERS, type WorkerDefinition } from '#shared/workers/definitions';
import { COACH_LLM_API_KEY_PLACEHOLDER } from '../../lib/coach-language-model';
import { MessageQueues } from '../../lib/messaging';
import { pascalCase } from '../../lib/naming';
import { VOICE_PROVIDER_API_KEY_PLACEHOLDER } from '../../lib/providers';
import { Service } from '../../lib/service';
import type { ServiceFunction } from '../../lib/service-function';
import {
  actionsOf,
  type CfnResourceJson,
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
 * The asynchronous half of the stack: queues and workers, the event bus, the scheduler, the
 * providers, and the resources each function is bound to. The real stack is synthesized once for the
 * file, without bundling (only the template is checked here; service-stack.test.ts bundles every
 * function and runs cdk-nag). Every expectation is derived from ROUTES and WORKERS.
 */
const VOICE = { baseUrl: 'https://voice.example.test', assistantId: 'assistant-1', phoneNumberId: 'phone-number-1' };
const SMS_ORIGINATION_IDENTITY = 'pool-0123456789abcdef';
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

/** One deployed function with the resources its definition rows use. */
interface Consumer {
  readonly label: string;
  readonly fn: ServiceFunction;
  readonly uses: ReadonlySet<ResourceUse>;
}

let stack: Service;
let resources: Resources;
let outputs: Record<string, { Value: unknown }>;
let consumers: Consumer[];

beforeAll(() => {
  const app = new App({ builtinCloudFormationValidation: false, context: NO_BUNDLING });
  stack = new Service(app, 'LeadCallSchedulingService', { voiceProvider: VOICE, smsOriginationIdentity: SMS_ORIGINATION_IDENTITY });
  const template = serviceTemplate(stack);
  resources = template.Resources as Resources;
  outputs = template.Outputs as Record<string, { Value: unknown }>;
  consumers = everyFunction();
});

function everyFunction(): Consumer[] {
  const result: Consumer[] = [{ label: 'authorizer', fn: stack.authorizer, uses: new Set() }];
  for (const [surface, api] of Object.entries(stack.apis) as [Surface, NonNullable<(typeof stack.apis)[Surface]>][]) {
    for (const [functionName, fn] of api.functions) {
      const rows = ROUTES.filter((route) => route.surface === surface && route.functionName === functionName);
      result.push({ label: `${surface} ${functionName}`, fn, uses: new Set(rows.flatMap((route) => route.uses ?? [])) });
    }
  }
  for (const worker of WORKERS)
    result.push({ label: `worker ${worker.functionName}`, fn: workerFunction(worker), uses: new Set(worker.uses) });
  return result;
}

function workerFunction(worker: WorkerDefinition): ServiceFunction {
  const fn = stack.workers.functions.get(worker.functionName);
  if (!fn) throw new Error(`no function for worker ${worker.functionName}`);
  return fn;
}

function queueOf(name: QueueName) {
  return stack.queues.queue(name);
}

function variablesOf(fn: ServiceFunction): Record<string, unknown> {
  const environment = resourceOf(resources, logicalIdOf(fn.function)).Properties?.Environment as { Variables: Record<string, unknown> };
  return environment.Variables;
}

function statementsOf(fn: ServiceFunction): PolicyStatementJson[] {
  return roleStatements(resources, logicalIdOf(fn.role));
}

function withAction(statements: readonly PolicyStatementJson[], action: string): PolicyStatementJson[] {
  return statements.filter((statement) => actionsOf(statement).includes(action));
}

function reached(statements: readonly PolicyStatementJson[]): Set<string> {
  const ids = new Set<string>();
  for (const statement of statements) for (const id of referencedLogicalIds(statement.Resource)) ids.add(id);
  return ids;
}

function eventSourcesOf(fn: ServiceFunction): CfnResourceJson[] {
  const functionId = logicalIdOf(fn.function);
  return ofType(resources, 'AWS::Lambda::EventSourceMapping')
    .map(([, mapping]) => mapping)
    .filter((mapping) => referencedLogicalIds(mapping.Properties?.FunctionName).has(functionId));
}

const queueNames = (): QueueName[] => [...new Set(WORKERS.map((worker) => worker.queue))];

describe('queues and workers', () => {
  it('creates one queue and one dead-letter queue per queue a worker consumes, and one function per worker', () => {
    // Beside them, each stream consumer's on-failure queue (test/infra/streams.test.ts).
    expect(ofType(resources, 'AWS::SQS::Queue')).toHaveLength(2 * queueNames().length + STREAM_CONSUMERS.length);
    expect([...stack.workers.functions.keys()].sort()).toEqual(WORKERS.map((worker) => worker.functionName).sort());
  });

  it("feeds every worker from its own queue with its row's batch size and ReportBatchItemFailures", () => {
    for (const worker of WORKERS) {
      const sources = eventSourcesOf(workerFunction(worker));

      expect({ worker: worker.functionName, sources: sources.length }).toEqual({ worker: worker.functionName, sources: 1 });
      expect(sources[0]?.Properties).toMatchObject({ BatchSize: worker.batchSize, FunctionResponseTypes: ['ReportBatchItemFailures'] });
      expect(referencedLogicalIds(sources[0]?.Properties?.EventSourceArn)).toEqual(new Set([logicalIdOf(queueOf(worker.queue).queue)]));
    }
    expect(ofType(resources, 'AWS::Lambda::EventSourceMapping')).toHaveLength(WORKERS.length + STREAM_CONSUMERS.length);
  });

  it("runs every worker with its row's timeout, and keeps its queue's visibility timeout at least six times that", () => {
    for (const worker of WORKERS) {
      const timeout = resourceOf(resources, logicalIdOf(workerFunction(worker).function)).Properties?.Timeout as number;
      const visibility = resourceOf(resources, logicalIdOf(queueOf(worker.queue).queue)).Properties?.VisibilityTimeout as number;

      expect({ worker: worker.functionName, timeout }).toEqual({ worker: worker.functionName, timeout: worker.timeoutSeconds });
      expect(visibility).toBeGreaterThanOrEqual(6 * timeout);
      expect(visibility).toBe(visibilityTimeoutSeconds(worker));
    }
  });

  it("moves a message to its dead-letter queue after the worker's maxReceiveCount receives, and keeps it 14 days", () => {
    for (const worker of WORKERS) {
      const { queue, deadLetterQueue } = queueOf(worker.queue);
      const props = resourceOf(resources, logicalIdOf(queue)).Properties;

      expect(props?.RedrivePolicy).toEqual({
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalIdOf(deadLetterQueue), 'Arn'] },
        maxReceiveCount: worker.maxReceiveCount,
      });
      expect(resourceOf(resources, logicalIdOf(deadLetterQueue)).Properties?.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    }
  });

  it('encrypts every queue at rest and denies every request that is not over TLS', () => {
    const policies = ofType(resources, 'AWS::SQS::QueuePolicy').map(([, policy]) => policy.Properties ?? {});
    for (const [queueId, queue] of ofType(resources, 'AWS::SQS::Queue')) {
      expect(queue.Properties?.SqsManagedSseEnabled).toBe(true);
      const statements = policies
        .filter((policy) => referencedLogicalIds(policy.Queues).has(queueId))
        .flatMap((policy) => (policy.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement);
      expect(statements).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('raises an alarm as soon as a dead-letter queue holds a message', () => {
    const alarms = ofType(resources, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties ?? {});
    for (const name of queueNames()) {
      const dlqId = logicalIdOf(queueOf(name).deadLetterQueue);
      const alarm = alarms.find((props) => referencedLogicalIds(props.Dimensions).has(dlqId));

      expect(alarm).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 0,
        TreatMissingData: 'notBreaching',
      });
    }
  });

  it("raises an alarm when a work queue's oldest message has waited 10 minutes (a provider down delays work before anything is dead-lettered)", () => {
    const alarms = ofType(resources, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties ?? {});
    for (const name of queueNames()) {
      const queueId = logicalIdOf(queueOf(name).queue);
      const alarm = alarms.find(
        (props) => props.MetricName === 'ApproximateAgeOfOldestMessage' && referencedLogicalIds(props.Dimensions).has(queueId),
      );

      expect([name, alarm]).toEqual([
        name,
        expect.objectContaining({
          Namespace: 'AWS/SQS',
          ComparisonOperator: 'GreaterThanThreshold',
          Threshold: 600,
          TreatMissingData: 'notBreaching',
        }),
      ]);
    }
  });

  it('passes every worker the physical name of each table its row declares, and writes only where it says readwrite', () => {
    for (const worker of WORKERS) {
      const fn = workerFunction(worker);
      const variables = variablesOf(fn);
      const writes = reached(withAction(statementsOf(fn), 'dynamodb:PutItem'));
      for (const { table, access } of worker.tables) {
        const tableId = logicalIdOf(stack.data.tables[table]);
        expect(variables[tableNameEnvVar(table)]).toEqual({ Ref: tableId });
        expect({ worker: worker.functionName, table, writes: writes.has(tableId) }).toEqual({
          worker: worker.functionName,
          table,
          writes: access === 'readwrite',
        });
      }
    }
  });

  it('refuses a queue with two consumers, and a function that sends to a queue no worker consumes', () => {
    const [first] = WORKERS;
    if (!first) throw new Error('WORKERS is empty');
    const scratch = new Stack(new App({ context: NO_BUNDLING }), 'Scratch');
    expect(() => new MessageQueues(scratch, 'Queues', { workers: [first, { ...first, functionName: 'second-consumer' }] })).toThrow(
      /two consumers/,
    );
    expect(() => new MessageQueues(scratch, 'Empty', { workers: [] }).queue(first.queue)).toThrow(/no worker consumes/);
  });
});

describe('resource bindings', () => {
  it('gives each function the URL of, and send permission on, exactly the queues it uses', () => {
    for (const { label, fn, uses } of consumers) {
      const used = queueNames().filter((name) => uses.has(name));
      const variables = variablesOf(fn);

      for (const name of queueNames()) {
        expect({ label, name, url: variables[QUEUE_URL_ENV[name]] }).toEqual({
          label,
          name,
          url: used.includes(name) ? { Ref: logicalIdOf(queueOf(name).queue) } : undefined,
        });
      }
      expect({ label, sendsTo: reached(withAction(statementsOf(fn), 'sqs:SendMessage')) }).toEqual({
        label,
        sendsTo: new Set(used.map((name) => logicalIdOf(queueOf(name).queue))),
      });
    }
  });

  it('creates the service event bus with a 30-day archive of its events', () => {
    const busId = logicalIdOf(stack.events.bus);
    expect(resourceOf(resources, busId).Properties?.Name).toBe('LeadCallSchedulingService-dev-events');
    expect(resourceOf(resources, logicalIdOf(stack.events.archive)).Properties).toMatchObject({
      SourceArn: { 'Fn::GetAtt': [busId, 'Arn'] },
      EventPattern: { source: ['lead-call-scheduling-service'] },
      RetentionDays: 30,
    });
  });

  it("lets exactly the functions that use 'event-bus' put events, on the service bus only, and tells them its name", () => {
    const busId = logicalIdOf(stack.events.bus);
    for (const { label, fn, uses } of consumers) {
      const publishes = uses.has('event-bus');
      expect({ label, putEventsOn: reached(withAction(statementsOf(fn), 'events:PutEvents')) }).toEqual({
        label,
        putEventsOn: publishes ? new Set([busId]) : new Set(),
      });
      expect({ label, busName: variablesOf(fn).EVENT_BUS_NAME }).toEqual({ label, busName: publishes ? { Ref: busId } : undefined });
    }
  });

  it('lets the scheduler role be assumed only by EventBridge Scheduler for this group, and send only to the queues', () => {
    const role = resourceOf(resources, logicalIdOf(stack.scheduler.targetRole));
    const statements = roleStatements(resources, logicalIdOf(stack.scheduler.targetRole));

    expect(role.Properties?.AssumeRolePolicyDocument).toMatchObject({
      Statement: [
        {
          Action: 'sts:AssumeRole',
          Principal: { Service: 'scheduler.amazonaws.com' },
          Condition: {
            StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
            ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [logicalIdOf(stack.scheduler.group), 'Arn'] } },
          },
        },
      ],
    });
    expect(statements.flatMap(actionsOf)).toEqual(statements.map(() => 'sqs:SendMessage'));
    expect(reached(statements)).toEqual(new Set(queueNames().map((name) => logicalIdOf(queueOf(name).queue))));
  });

  it('puts each daily worker’s message on its queue once a day, through the group and its role', () => {
    const daily = Object.values(resources).filter((r) => r.Type === 'AWS::Scheduler::Schedule');
    const workers = WORKERS.filter((worker) => worker.daily);
    expect(workers.map((w) => w.functionName)).toEqual(['retention-sweeper']);
    expect(daily).toHaveLength(workers.length);
    for (const worker of workers) {
      const schedule = daily.find(
        (r) =>
          JSON.stringify(r.Properties?.Target) ===
          JSON.stringify({
            Arn: { 'Fn::GetAtt': [logicalIdOf(queueOf(worker.queue).queue), 'Arn'] },
            Input: JSON.stringify(worker.daily),
            RoleArn: { 'Fn::GetAtt': [logicalIdOf(stack.scheduler.targetRole), 'Arn'] },
          }),
      );
      expect(schedule?.Properties).toMatchObject({
        ScheduleExpression: 'rate(1 day)',
        GroupName: stack.scheduler.scheduleGroupName,
      });
      expect(schedule?.DependsOn).toEqual(expect.arrayContaining([logicalIdOf(stack.scheduler.group)]));
    }
  });

  it("lets only the functions that use 'scheduler' manage schedules, in the service group only, and pass only the scheduler role", () => {
    const roleId = logicalIdOf(stack.scheduler.targetRole);
    const group = stack.scheduler.scheduleGroupName;
    for (const { label, fn, uses } of consumers) {
      const statements = statementsOf(fn);
      const passRole = withAction(statements, 'iam:PassRole');
      const schedules = statements.filter((s) => actionsOf(s).some((action) => action.startsWith('scheduler:')));

      if (!uses.has('scheduler')) {
        expect({ label, passRole, schedules }).toEqual({ label, passRole: [], schedules: [] });
        continue;
      }
      expect(passRole).toHaveLength(1);
      expect(passRole[0]?.Resource).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
      expect(passRole[0]).toMatchObject({ Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } } });
      expect(schedules.flatMap(actionsOf).sort()).toEqual(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']);
      for (const statement of schedules) expect(JSON.stringify(statement.Resource)).toContain(`:schedule/${group}/*`);
    }
  });

  it("gives the functions that use 'scheduler' the group, the role and every queue ARN, and no one else", () => {
    for (const { label, fn, uses } of consumers) {
      const variables = variablesOf(fn);
      const expected = uses.has('scheduler')
        ? {
            SCHEDULE_GROUP_NAME: stack.scheduler.scheduleGroupName,
            SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [logicalIdOf(stack.scheduler.targetRole), 'Arn'] },
            ...Object.fromEntries(
              queueNames().map((name) => [QUEUE_ARN_ENV[name], { 'Fn::GetAtt': [logicalIdOf(queueOf(name).queue), 'Arn'] }]),
            ),
          }
        : {};
      const actual = Object.fromEntries(
        ['SCHEDULE_GROUP_NAME', 'SCHEDULER_ROLE_ARN', ...Object.values(QUEUE_ARN_ENV)]
          .filter((k) => k in variables)
          .map((k) => [k, variables[k]]),
      );
      expect({ label, env: actual }).toEqual({ label, env: expected });
    }
  });

  it("gives the functions that use 'voice-provider' its settings and read access to the API key's secret by ARN, and no one else", () => {
    const secretId = logicalIdOf(stack.voiceProvider.apiKeySecret);
    for (const { label, fn, uses } of consumers) {
      const variables = variablesOf(fn);
      const expected = uses.has('voice-provider')
        ? {
            VOICE_PROVIDER_BASE_URL: VOICE.baseUrl,
            VOICE_PROVIDER_ASSISTANT_ID: VOICE.assistantId,
            VOICE_PROVIDER_PHONE_NUMBER_ID: VOICE.phoneNumberId,
            VOICE_PROVIDER_API_KEY_SECRET_ID: { Ref: secretId },
          }
        : {};
      const actual = Object.fromEntries(
        Object.entries(variables).filter(([name]) => name.startsWith('VOICE_PROVIDER_') && name !== 'VOICE_PROVIDER_RECORDING_HOSTS'),
      );
      expect({ label, env: actual }).toEqual({ label, env: expected });
      expect({ label, reads: secretsReadBy(resources, fn).has(secretId) }).toEqual({ label, reads: uses.has('voice-provider') });
    }
    expect(resourceOf(resources, secretId).Properties?.SecretString).toBe(VOICE_PROVIDER_API_KEY_PLACEHOLDER);
  });

  it("gives the functions that use 'call-evaluator' the language model's settings and read access to the API key's secret, and no one else", () => {
    const secretId = logicalIdOf(stack.coachLanguageModel.apiKeySecret);
    const users = consumers.filter(({ uses }) => uses.has('call-evaluator')).map(({ label }) => label);
    expect(users).toEqual(['worker coach-evaluator']);
    for (const { label, fn, uses } of consumers) {
      const variables = variablesOf(fn);
      const expected = uses.has('call-evaluator')
        ? {
            COACH_LLM_BASE_URL: 'https://api.openai.com/v1',
            COACH_LLM_MODEL: 'gpt-4o-mini',
            COACH_LLM_API_KEY_SECRET_ID: { Ref: secretId },
          }
        : {};
      const actual = Object.fromEntries(Object.entries(variables).filter(([name]) => name.startsWith('COACH_LLM_')));
      expect({ label, env: actual }).toEqual({ label, env: expected });
      // The voice responder asks the same model with the same key (its own test below).
      const readsKey = uses.has('call-evaluator') || uses.has('responder-model');
      expect({ label, reads: secretsReadBy(resources, fn).has(secretId) }).toEqual({ label, reads: readsKey });
    }
    expect(resourceOf(resources, secretId).Properties?.SecretString).toBe(COACH_LLM_API_KEY_PLACEHOLDER);
    expect(outputs.CoachLlmApiKeySecretArn?.Value).toEqual({ Ref: secretId });
  });

  it("gives the functions that use 'responder-model' the responder's model on the coach's provider and key, and no one else", () => {
    const secretId = logicalIdOf(stack.coachLanguageModel.apiKeySecret);
    const users = consumers.filter(({ uses }) => uses.has('responder-model')).map(({ label }) => label);
    expect(users).toEqual(['platform receive-voice-report']);
    for (const { label, fn, uses } of consumers) {
      const expected = uses.has('responder-model')
        ? {
            RESPONDER_LLM_BASE_URL: 'https://api.openai.com/v1',
            RESPONDER_LLM_MODEL: 'gpt-4o-mini',
            RESPONDER_LLM_API_KEY_SECRET_ID: { Ref: secretId },
          }
        : {};
      const actual = Object.fromEntries(Object.entries(variablesOf(fn)).filter(([name]) => name.startsWith('RESPONDER_LLM_')));
      expect({ label, env: actual }).toEqual({ label, env: expected });
      if (uses.has('responder-model')) expect({ label, reads: secretsReadBy(resources, fn).has(secretId) }).toEqual({ label, reads: true });
    }
  });

  it('takes the language model settings from CDK context, and an existing secret by name', () => {
    const app = new App({
      builtinCloudFormationValidation: false,
      context: {
        ...NO_BUNDLING,
        coachLlmBaseUrl: 'https://llm.example.test/v1',
        coachLlmModel: 'coach-model-2',
        coachLlmApiKeySecretName: 'coach/llm-key',
      },
    });
    const scratch = new Service(app, 'CoachContext', { voiceProvider: VOICE, smsOriginationIdentity: SMS_ORIGINATION_IDENTITY });
    const template = serviceTemplate(scratch);
    const fn = scratch.workers.functions.get('coach-evaluator');
    if (!fn) throw new Error('no coach-evaluator worker');
    const variables = environmentOf(template.Resources, fn);
    expect(variables).toMatchObject({ COACH_LLM_BASE_URL: 'https://llm.example.test/v1', COACH_LLM_MODEL: 'coach-model-2' });
    // Known by name only: the name, and a grant on the name with Secrets Manager's six-character suffix.
    expect(variables.COACH_LLM_API_KEY_SECRET_ID).toBe('coach/llm-key');
    const reads = roleStatements(template.Resources, logicalIdOf(fn.role)).filter((st) =>
      actionsOf(st).includes('secretsmanager:GetSecretValue'),
    );
    expect(JSON.stringify(reads.map((st) => st.Resource))).toContain('secret:coach/llm-key-??????');
  });

  it('feeds the coach worker from the coach-evaluations queue, which only the voice webhook sends to', () => {
    const coach = WORKERS.find((w) => w.queue === 'coach-evaluations');
    expect(coach).toMatchObject({ functionName: 'coach-evaluator', maxReceiveCount: 5 });
    const senders = consumers.filter(({ uses }) => uses.has('coach-evaluations')).map(({ label }) => label);
    expect(senders).toEqual(['platform receive-voice-report']);
    const statements = statementsOf(workerFunction(coach as WorkerDefinition));
    // The evaluation, and its coach_evaluation.completed due in the outbox in the same write.
    expect(reached(withAction(statements, 'dynamodb:PutItem'))).toEqual(
      new Set([logicalIdOf(stack.data.tables.calls), logicalIdOf(stack.data.tables.outbox)]),
    );
  });

  it("gives the functions that use 'voice-recordings' the recording hosts (default storage.vapi.ai), and no one else", () => {
    for (const { label, fn, uses } of consumers) {
      const hosts = variablesOf(fn).VOICE_PROVIDER_RECORDING_HOSTS;
      expect({ label, hosts }).toEqual({ label, hosts: uses.has('voice-recordings') ? 'storage.vapi.ai' : undefined });
    }
  });

  it("lets only the functions that use 'sms-provider' send texts, from the configured origination identity", () => {
    for (const { label, fn, uses } of consumers) {
      const sends = withAction(statementsOf(fn), 'sms-voice:SendTextMessage');
      const identity = variablesOf(fn).SMS_ORIGINATION_IDENTITY;

      expect({ label, sends: sends.length, identity }).toEqual(
        uses.has('sms-provider') ? { label, sends: 1, identity: SMS_ORIGINATION_IDENTITY } : { label, sends: 0, identity: undefined },
      );
      for (const statement of sends) expect(actionsOf(statement)).toEqual(['sms-voice:SendTextMessage']);
    }
  });

  it('grants no function any action on every resource but active tracing (X-Ray has no resource-level permissions)', () => {
    const tracing = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];
    for (const { label, fn } of consumers) {
      const unbounded = statementsOf(fn).filter(
        (statement) =>
          [statement.Resource].flat().includes('*') && !actionsOf(statement).every((action) => tracing.includes(String(action))),
      );
      expect({ label, unbounded }).toEqual({ label, unbounded: [] });
    }
  });
});

describe('APIs', () => {
  it('creates the read, platform and intake REST APIs', () => {
    expect(ofType(resources, 'AWS::ApiGateway::RestApi')).toHaveLength(3);
    for (const surface of ['read', 'platform', 'intake'] as const) expect(stack.apis[surface]).toBeDefined();
  });

  it('serves every POST route as a Lambda proxy method, so the body reaches the handler as sent, with no request validator', () => {
    const postRoutes = ROUTES.filter((route) => route.method === 'POST');
    expect(postRoutes.map((route) => route.surface)).toEqual(expect.arrayContaining(['platform', 'intake']));

    for (const route of postRoutes) {
      const api = stack.apis[route.surface];
      if (!api) throw new Error(`no ${route.surface} API`);
      const method = findMethod(resources, logicalIdOf(api.api), 'POST', route.path);
      const fn = api.functions.get(route.functionName);
      if (!fn) throw new Error(`no function for ${route.id}`);

      expect({ route: route.id, integration: method?.Properties?.Integration }).toMatchObject({
        route: route.id,
        integration: { Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' },
      });
      expect(referencedLogicalIds(method?.Properties?.Integration)).toContain(logicalIdOf(fn.function));
      expect(method?.Properties?.RequestValidatorId).toBeUndefined();
    }
    expect(ofType(resources, 'AWS::ApiGateway::RequestValidator')).toHaveLength(0);
  });

  it('authorizes intake methods on every request: no identity source and no caching', () => {
    const authorizer = stack.apis.intake?.authorizer;
    if (!authorizer) throw new Error('the intake API has no authorizer');
    const props = resourceOf(resources, logicalIdOf(authorizer)).Properties;

    expect(props).toMatchObject({ Type: 'REQUEST', AuthorizerResultTtlInSeconds: 0 });
    expect(props).not.toHaveProperty('IdentitySource');
    const intakeRoutes = ROUTES.filter((r) => r.surface === 'intake' && r.permission !== null);
    expect(intakeRoutes.length).toBeGreaterThan(0);
    for (const route of intakeRoutes) {
      const method = findMethod(resources, logicalIdOf(stack.apis.intake?.api ?? authorizer), route.method, route.path);
      expect(method?.Properties).toMatchObject({ AuthorizationType: 'CUSTOM', AuthorizerId: { Ref: logicalIdOf(authorizer) } });
    }
  });

  it('caches the platform authorizer policy for 300 seconds, keyed on the Authorization header', () => {
    const authorizer = stack.apis.platform?.authorizer;
    if (!authorizer) throw new Error('the platform API has no authorizer');

    expect(resourceOf(resources, logicalIdOf(authorizer)).Properties).toMatchObject({
      Type: 'REQUEST',
      AuthorizerResultTtlInSeconds: 300,
      IdentitySource: 'method.request.header.Authorization',
    });
  });
});

describe('outputs', () => {
  it('publishes each queue and dead-letter queue URL, the bus name and ARN, and the schedule group', () => {
    for (const name of queueNames()) {
      const { queue, deadLetterQueue } = queueOf(name);
      expect(outputs[`${pascalCase(name)}QueueUrl`]?.Value).toEqual({ Ref: logicalIdOf(queue) });
      expect(outputs[`${pascalCase(name)}DeadLetterQueueUrl`]?.Value).toEqual({ Ref: logicalIdOf(deadLetterQueue) });
    }
    expect(outputs.EventBusName?.Value).toEqual({ Ref: logicalIdOf(stack.events.bus) });
    expect(outputs.EventBusArn?.Value).toEqual({ 'Fn::GetAtt': [logicalIdOf(stack.events.bus), 'Arn'] });
    expect(outputs.ScheduleGroupName?.Value).toBe(stack.scheduler.scheduleGroupName);
  });
});
