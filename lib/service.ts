import { CfnOutput, CrossStackReferences, Duration, type Environment, ReferenceStrength } from 'aws-cdk-lib';
import { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Construct } from 'constructs';
import { tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { QUEUE_URL_ENV } from '#shared/adapters/runtime/queue-env';
import { CURSOR_SURFACES } from '#shared/adapters/runtime/resource-env';
import { API_ID_ENV, API_STAGE_ENV, AUTHORIZER_TABLES, AUTHORIZER_TIMEOUT_SECONDS, USAGE_PLAN_ENV } from '#shared/auth/authorizer-settings';
import { DEFAULT_RATE_LIMITS, type RateLimitDefaults } from '#shared/domain/rate-limit';
import { ROUTES, type RouteDefinition, type Surface, type TableName } from '#shared/routes';
import { WORKERS, type WorkerDefinition } from '#shared/workers/definitions';
import { ALARM_EMAILS_CONTEXT, AlarmTopic, alarmEmailsFromContext } from './alarm-topic';
import { SurfaceApi } from './api';
import { ApiGatewayAccount } from './api-gateway-account';
import { CoachLanguageModel, type CoachLanguageModelProps } from './coach-language-model';
import { CursorSecret } from './cursor-secret';
import { DataTables } from './data-tables';
import { ServiceEvents } from './events';
import { ExportFilesBucket } from './export-files';
import { ManageLinkBinding } from './manage-links';
import { MessageQueues, QueueWorkers } from './messaging';
import { pascalCase } from './naming';
import { ServiceObservability } from './observability';
import { SmsProvider, VoiceProvider, type VoiceProviderProps } from './providers';
import type { ServiceResources } from './resource-bindings';
import { ServiceScheduler } from './scheduling';
import { bindTable, ServiceFunction } from './service-function';
import { ServicePartStack, STAGE_CONTEXT, stageFromContext } from './stage';
import { StreamConsumers } from './streams';
import { KeyUsagePlan } from './usage-plan';
import { WebhookDelivery } from './webhooks';
import { WidgetWaf } from './widget-waf';

/**
 * The surfaces in a fixed order, so stacks, construct ids and outputs do not move when routes are
 * added. A new surface is one entry here (and its routes): it gets its own API stack.
 */
const SURFACES: readonly Surface[] = ['read', 'platform', 'intake'];

/** The CDK context key that turns off the account-level API Gateway CloudWatch role: `-c manageApiGatewayAccount=false`. */
export const MANAGE_API_GATEWAY_ACCOUNT_CONTEXT = 'manageApiGatewayAccount';

export interface ServiceProps {
  /**
   * The stage: every stack name and every physical name the service chooses derive from it, so
   * stages coexist in one account and region.
   * @default - context key `stage` (`-c stage=prod`), else 'dev'
   */
  readonly stage?: string;
  /**
   * Account and region of every stack.
   * @default - environment-agnostic: the deploying profile's (and `cdk synth` needs no credentials)
   */
  readonly env?: Environment;
  /**
   * The route table.
   * @default ROUTES from shared/routes.ts
   */
  readonly routes?: readonly RouteDefinition[];
  /**
   * The queue consumers.
   * @default WORKERS from shared/workers/definitions.ts
   */
  readonly workers?: readonly WorkerDefinition[];
  /**
   * The outbound voice provider's settings; each falls back to a CDK context key (see VoiceProviderProps).
   * @default - context keys voiceProviderBaseUrl, voiceProviderAssistantId, voiceProviderPhoneNumberId, voiceProviderApiKeySecretName
   */
  readonly voiceProvider?: VoiceProviderProps;
  /**
   * The AWS End User Messaging SMS origination identity texts are sent from (phone number, pool or sender id).
   * @default - context key smsOriginationIdentity, else 'unconfigured' with a synth warning
   */
  readonly smsOriginationIdentity?: string;
  /**
   * The service's public origin (`https://book.example.com`): the manage links in appointment texts point under it.
   * @default - context key publicOrigin, else 'unconfigured' with a synth warning (appointment texts are held back)
   */
  readonly publicOrigin?: string;
  /**
   * The coach's language model (base URL, model, API key secret); each falls back to a CDK context key (see CoachLanguageModelProps).
   * @default - context keys coachLlmBaseUrl, coachLlmModel, coachLlmApiKeySecretName
   */
  readonly coachLanguageModel?: CoachLanguageModelProps;
  /**
   * Whether the service sets the account's API Gateway CloudWatch role (a per-region singleton that
   * stage logging needs). Turn off where the account baseline already sets it, or an SCP forbids it.
   * @default - context key manageApiGatewayAccount ('false' turns it off), else true
   */
  readonly manageApiGatewayAccount?: boolean;
  /**
   * Folder that holds one folder per function.
   * @default the repository's functions/ folder
   */
  readonly functionsRoot?: string;
  /**
   * The default rate limits of the authenticated routes (RATE_LIMIT_PER_KEY_PER_MINUTE and
   * RATE_LIMIT_PER_WORKSPACE_PER_HOUR of their functions) and the usage plan's throttle.
   * @default DEFAULT_RATE_LIMITS
   */
  readonly rateLimits?: RateLimitDefaults;
  /**
   * Email addresses subscribed to the alarm topic.
   * @default - context key alarmEmails (`-c alarmEmails=a@b.c,d@e.f`), else none
   */
  readonly alarmEmails?: readonly string[];
}

/** The stacks of one stage, each named `<service>-<stage>-<part>`. */
export interface ServiceStacks {
  /** Tables, secrets, the shared authorizer, the alarm topic, the account's API Gateway logging role. */
  readonly core: ServicePartStack;
  /** Queues and their workers, the event bus, the scheduler, webhook delivery, the table-stream consumers. */
  readonly messaging: ServicePartStack;
  /** One stack per surface with routes: its REST API and the route functions. */
  readonly apis: Readonly<Partial<Record<Surface, ServicePartStack>>>;
  /** The per-key usage plan over every API, the API alarms and the dashboard. */
  readonly operations: ServicePartStack;
}

/**
 * One stage of the deployable service, as a set of CloudFormation stacks split by concern so each
 * stays far below CloudFormation's 500 resources (docs/adr/0010-stacks-by-concern.md): core data,
 * messaging and events, one stack per API surface, operations. Where a function lives follows from
 * its definition table: a route's function is in its surface's API stack, a worker or stream
 * consumer in the messaging stack. Stacks reference each other's resources directly (CDK writes the
 * exports and imports), and deploy in that order with `cdk deploy --all`.
 *
 * Everything about routes and workers comes from their definition tables; this class only places
 * the constructs in their stacks, wires them together and publishes what operators need as outputs
 * (each in the stack that owns the resource).
 */
export class Service extends Construct {
  public readonly stage: string;
  /** `<id>-<stage>`: the prefix of every stack name, and the functions' POWERTOOLS_SERVICE_NAME. */
  public readonly serviceName: string;
  public readonly stacks: ServiceStacks;
  public readonly data: DataTables;
  public readonly cursorSecret: CursorSecret;
  public readonly queues: MessageQueues;
  public readonly events: ServiceEvents;
  public readonly scheduler: ServiceScheduler;
  public readonly voiceProvider: VoiceProvider;
  public readonly smsProvider: SmsProvider;
  public readonly coachLanguageModel: CoachLanguageModel;
  /** The webhook rule, sealing key and alarms (the dispatcher is a worker row). */
  public readonly webhooks: WebhookDelivery;
  public readonly webhookDispatcherErrorAlarm: Alarm | undefined;
  /** The queue consumers, one function per WORKERS row. */
  public readonly workers: QueueWorkers;
  /** The table-stream consumers, one function per STREAM_CONSUMERS row. */
  public readonly streamConsumers: StreamConsumers;
  public readonly authorizer: ServiceFunction;
  /** The account's API Gateway CloudWatch role, unless turned off (manageApiGatewayAccount). */
  public readonly apiGatewayAccount?: ApiGatewayAccount;
  /** The REST APIs, by surface; a surface without routes has no API (API Gateway refuses an API without methods). */
  public readonly apis: Readonly<Partial<Record<Surface, SurfaceApi>>>;
  /** The per-key usage plan over the APIs' stages (absent when no API has an authenticated route). */
  public readonly usagePlan?: KeyUsagePlan;
  /** The topic every alarm of the service notifies. */
  public readonly alarmTopic: AlarmTopic;
  /** The API and authorizer alarms and the dashboard. */
  public readonly observability: ServiceObservability;

  constructor(scope: Construct, id: string, props: ServiceProps = {}) {
    super(scope, id);
    const routes = props.routes ?? ROUTES;
    const workers = props.workers ?? WORKERS;
    this.stage = props.stage ?? stageFromContext(this.node.tryGetContext(STAGE_CONTEXT));
    this.serviceName = `${id}-${this.stage}`;
    // Exports and Fn::ImportValue, chosen explicitly (docs/adr/0011-cross-stack-references.md): CloudFormation
    // then refuses to delete or change what another stack of the stage still uses.
    CrossStackReferences.of(this).consume(ReferenceStrength.STRONG);
    const part = (partId: string, what: string) =>
      new ServicePartStack(this, partId, {
        serviceName: this.serviceName,
        env: props.env,
        description: `Lead, call and scheduling service (stage ${this.stage}): ${what}`,
      });

    const core = part('Core', 'tables, secrets, the shared authorizer, the alarm topic');
    this.data = new DataTables(core, 'Data');
    this.cursorSecret = new CursorSecret(core, 'CursorSecret');
    this.voiceProvider = new VoiceProvider(core, 'VoiceProvider', props.voiceProvider);
    this.smsProvider = new SmsProvider(core, 'SmsProvider', { originationIdentity: props.smsOriginationIdentity });
    this.coachLanguageModel = new CoachLanguageModel(core, 'CoachLanguageModel', props.coachLanguageModel);
    this.alarmTopic = new AlarmTopic(core, 'Alarms', {
      alarmEmails: props.alarmEmails ?? alarmEmailsFromContext(this.node.tryGetContext(ALARM_EMAILS_CONTEXT)),
    });
    this.authorizer = new ServiceFunction(core, 'Authorizer', {
      functionName: 'authorizer',
      functionsRoot: props.functionsRoot,
      // Revocation flushes the authorizer caches again once an authorization in flight must have ended.
      timeout: Duration.seconds(AUTHORIZER_TIMEOUT_SECONDS),
      description: 'REQUEST authorizer shared by the REST APIs: API key → policy and identity context',
    });
    for (const { table, access } of AUTHORIZER_TABLES) {
      bindTable(this.authorizer, this.data.tables[table], access, tableNameEnvVar(table));
    }
    const manageAccount =
      props.manageApiGatewayAccount ?? booleanContext(this.node.tryGetContext(MANAGE_API_GATEWAY_ACCOUNT_CONTEXT), true);
    this.apiGatewayAccount = manageAccount ? new ApiGatewayAccount(core, 'ApiGatewayAccount') : undefined;

    const messaging = part('Messaging', 'queues and workers, the event bus, the scheduler, webhook delivery, table-stream consumers');
    this.queues = new MessageQueues(messaging, 'Queues', { workers });
    this.events = new ServiceEvents(messaging, 'Events');
    this.scheduler = new ServiceScheduler(messaging, 'Scheduler', { queues: this.queues });
    this.webhooks = new WebhookDelivery(messaging, 'Webhooks', { events: this.events, queues: this.queues });
    const resources: ServiceResources = {
      queues: this.queues,
      events: this.events,
      scheduler: this.scheduler,
      voiceProvider: this.voiceProvider,
      smsProvider: this.smsProvider,
      coachLanguageModel: this.coachLanguageModel,
      webhooks: this.webhooks,
      manageLinks: new ManageLinkBinding(messaging, this.cursorSecret, props.publicOrigin),
      exportFiles: new ExportFilesBucket(core, 'ExportFiles'),
    };
    this.workers = new QueueWorkers(messaging, 'Workers', {
      workers,
      queues: this.queues,
      tables: this.data.tables,
      resources,
      functionsRoot: props.functionsRoot,
    });
    const dispatcher = this.workers.functions.get('webhook-dispatcher');
    this.webhookDispatcherErrorAlarm = dispatcher ? this.webhooks.watchDispatcher(dispatcher) : undefined;
    this.streamConsumers = new StreamConsumers(messaging, 'StreamConsumers', {
      tables: this.data.tables,
      resources,
      functionsRoot: props.functionsRoot,
    });

    const apis: Partial<Record<Surface, SurfaceApi>> = {};
    const apiStacks: Partial<Record<Surface, ServicePartStack>> = {};
    for (const surface of SURFACES) {
      const surfaceRoutes = routes.filter((route) => route.surface === surface);
      if (surfaceRoutes.length === 0) continue;
      const apiStack = part(`${pascalCase(surface)}Api`, `the ${surface} REST API and its route functions`);
      const api = new SurfaceApi(apiStack, `${pascalCase(surface)}Api`, {
        surface,
        routes: surfaceRoutes,
        authorizerFunction: this.authorizer.function,
        tables: this.data.tables,
        cursorSecret: CURSOR_SURFACES.has(surface) ? this.cursorSecret : undefined,
        resources,
        functionsRoot: props.functionsRoot,
        rateLimits: props.rateLimits,
      });
      // Stage logging needs the account's CloudWatch role first (a dependency between the stacks).
      if (this.apiGatewayAccount) api.api.deploymentStage.node.addDependency(this.apiGatewayAccount.account);
      new CfnOutput(apiStack, `${pascalCase(surface)}ApiUrl`, {
        description: `Base URL of the ${surface} API (stage included)`,
        value: api.api.url,
      });
      new CfnOutput(apiStack, `${pascalCase(surface)}ApiId`, {
        description: `REST API id of the ${surface} API: \`key revoke\` flushes its stage's authorizer cache (the operator CLI's ${API_ID_ENV[surface]})`,
        value: api.api.restApiId,
      });
      apis[surface] = api;
      apiStacks[surface] = apiStack;
    }
    this.apis = apis;
    // The scheduling widget's routes carry no API key: a rate rule per client guards them at the edge.
    const readStack = apiStacks.read;
    if (apis.read && readStack && routes.some((route) => route.path.startsWith('/widget/'))) {
      new WidgetWaf(readStack, 'WidgetWaf', { api: apis.read.api });
    }
    const stageNames = [...new Set(Object.values(apis).map((api) => api.stageName))];
    if (stageNames.length > 1) throw new Error(`the REST APIs must share one stage name; got ${stageNames.join(', ')}`);

    const operations = part('Operations', 'the per-key usage plan, the API alarms and the dashboard');
    const guarded = Object.values(apis).filter((api) => api.authorizer !== undefined);
    if (guarded.length > 0) {
      this.usagePlan = new KeyUsagePlan(operations, 'KeyUsagePlan', {
        apis: guarded.map((api) => api.api),
        rateLimits: props.rateLimits ?? DEFAULT_RATE_LIMITS,
      });
      new CfnOutput(operations, 'UsagePlanId', {
        description: `Usage plan that throttles each key: \`key create\` registers new keys in it (the operator CLI's ${USAGE_PLAN_ENV})`,
        value: this.usagePlan.plan.usagePlanId,
      });
    }
    new CfnOutput(operations, 'ApiStageName', {
      description: `Stage of the REST APIs (the operator CLI's ${API_STAGE_ENV})`,
      value: stageNames[0] ?? 'v1',
    });
    this.observability = new ServiceObservability(operations, 'Observability', {
      apis,
      authorizer: this.authorizer,
      queues: this.queues,
      streamConsumers: this.streamConsumers,
    });
    new CfnOutput(operations, 'DashboardName', {
      description: 'CloudWatch dashboard of the service',
      value: this.observability.dashboard.dashboardName,
    });
    this.stacks = { core, messaging, apis: apiStacks, operations };

    this.addCoreOutputs(core);
    this.addMessagingOutputs(messaging);

    // Last: every alarm made above, in whichever stack, notifies the one topic.
    const action = new SnsAction(this.alarmTopic.topic);
    for (const construct of this.node.findAll()) {
      if (construct instanceof Alarm) construct.addAlarmAction(action);
    }
  }

  /** The tables, the provider key secrets and the alarm topic. */
  private addCoreOutputs(core: ServicePartStack): void {
    for (const name of Object.keys(this.data.tables) as TableName[]) {
      new CfnOutput(core, `${pascalCase(name)}TableName`, {
        description: `Physical name of the ${name} table (the functions' ${tableNameEnvVar(name)})`,
        value: this.data.tables[name].tableName,
      });
    }
    new CfnOutput(core, 'VoiceProviderApiKeySecretArn', {
      description: 'Secret holding the voice provider API key (put the real key; functions read it again within five minutes)',
      value: this.voiceProvider.apiKeySecret.secretArn,
    });
    new CfnOutput(core, 'CoachLlmApiKeySecretArn', {
      description:
        "Secret holding the coach's language-model API key (put the real key; the coach worker reads it again within five minutes)",
      value: this.coachLanguageModel.apiKeySecret.secretArn,
    });
    new CfnOutput(core, 'AlarmTopicArn', {
      description: 'SNS topic every alarm notifies: subscribe with -c alarmEmails=... at deploy, or aws sns subscribe',
      value: this.alarmTopic.topic.topicArn,
    });
  }

  /** Where operators look at and redrive work: the queues and dead-letter queues, the bus, the schedule group. */
  private addMessagingOutputs(messaging: ServicePartStack): void {
    for (const { name, queue, deadLetterQueue } of this.queues.queues.values()) {
      new CfnOutput(messaging, `${pascalCase(name)}QueueUrl`, {
        description: `URL of the ${name} queue (the functions' ${QUEUE_URL_ENV[name]})`,
        value: queue.queueUrl,
      });
      new CfnOutput(messaging, `${pascalCase(name)}DeadLetterQueueUrl`, {
        description: `URL of the ${name} dead-letter queue: inspect, then redrive to the source queue`,
        value: deadLetterQueue.queueUrl,
      });
    }
    new CfnOutput(messaging, 'EventBusName', {
      description: 'Name of the event bus the service publishes lead.* and sms_campaign.* events on',
      value: this.events.bus.eventBusName,
    });
    new CfnOutput(messaging, 'EventBusArn', { description: 'ARN of the service event bus', value: this.events.bus.eventBusArn });
    new CfnOutput(messaging, 'ScheduleGroupName', {
      description: "EventBridge Scheduler group of the service's one-time schedules",
      value: this.scheduler.scheduleGroupName,
    });
  }
}

/** A boolean context value: `-c key=false` arrives as the string 'false'; cdk.json may hold a boolean. */
function booleanContext(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`expected true or false for ${MANAGE_API_GATEWAY_ACCOUNT_CONTEXT}, got ${JSON.stringify(value)}`);
}
