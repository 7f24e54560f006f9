import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { QUEUE_URL_ENV } from '#shared/adapters/runtime/queue-env';
import { CURSOR_SURFACES } from '#shared/adapters/runtime/resource-env';
import { API_ID_ENV, API_STAGE_ENV, AUTHORIZER_TABLES, AUTHORIZER_TIMEOUT_SECONDS, USAGE_PLAN_ENV } from '#shared/auth/authorizer-settings';
import { DEFAULT_RATE_LIMITS, type RateLimitDefaults } from '#shared/domain/rate-limit';
import { ROUTES, type RouteDefinition, type Surface, type TableName } from '#shared/routes';
import { WORKERS, type WorkerDefinition } from '#shared/workers/definitions';
import { SurfaceApi } from './api';
import { ApiGatewayAccount } from './api-gateway-account';
import { CoachLanguageModel, type CoachLanguageModelProps } from './coach-language-model';
import { CursorSecret } from './cursor-secret';
import { DataTables } from './data-tables';
import { ServiceEvents } from './events';
import { MessageQueues, QueueWorkers } from './messaging';
import { pascalCase } from './naming';
import { ALARM_EMAILS_CONTEXT, alarmEmailsFromContext, ServiceObservability } from './observability';
import type { ServicePorts } from './ports';
import { SmsProvider, VoiceProvider, type VoiceProviderProps } from './providers';
import { ServiceScheduler } from './scheduling';
import { bindTable, ServiceFunction } from './service-function';
import { StreamConsumers } from './streams';
import { KeyUsagePlan } from './usage-plan';
import { WebhookDelivery } from './webhooks';
import { WidgetWaf } from './widget-waf';

/** The surfaces in a fixed order, so construct ids and outputs do not move when routes are added. */
const SURFACES: readonly Surface[] = ['read', 'platform', 'intake'];

export interface ServiceStackProps extends StackProps {
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
   * The coach's language model (base URL, model, API key secret); each falls back to a CDK context key (see CoachLanguageModelProps).
   * @default - context keys coachLlmBaseUrl, coachLlmModel, coachLlmApiKeySecretName
   */
  readonly coachLanguageModel?: CoachLanguageModelProps;
  /**
   * Whether this stack sets the account's API Gateway CloudWatch role (a per-region singleton that
   * stage logging needs). Turn off where the account baseline already sets it.
   * @default true
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

/**
 * The deployable service: the tables, the cursor key, the queues with their workers, the event
 * bus, the scheduler, the providers' settings, the shared authorizer, and one REST API per surface
 * that has routes. Everything about routes and workers comes from their definition tables; this
 * class only wires the constructs together and publishes what operators need as outputs.
 */
export class ServiceStack extends Stack {
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
  /** The REST APIs, by surface; a surface without routes has no API (API Gateway refuses an API without methods). */
  public readonly apis: Readonly<Partial<Record<Surface, SurfaceApi>>>;
  /** The per-key usage plan over the APIs' stages (absent when no API has an authenticated route). */
  public readonly usagePlan?: KeyUsagePlan;
  /** The alarm topic, the alarms not made by the other constructs, and the dashboard. */
  public readonly observability: ServiceObservability;

  constructor(scope: Construct, id: string, props: ServiceStackProps = {}) {
    super(scope, id, props);
    const routes = props.routes ?? ROUTES;
    const workers = props.workers ?? WORKERS;

    this.data = new DataTables(this, 'Data');
    this.cursorSecret = new CursorSecret(this, 'CursorSecret');

    this.queues = new MessageQueues(this, 'Queues', { workers });
    this.events = new ServiceEvents(this, 'Events');
    this.scheduler = new ServiceScheduler(this, 'Scheduler', { queues: this.queues });
    this.voiceProvider = new VoiceProvider(this, 'VoiceProvider', props.voiceProvider);
    this.smsProvider = new SmsProvider(this, 'SmsProvider', { originationIdentity: props.smsOriginationIdentity });
    this.coachLanguageModel = new CoachLanguageModel(this, 'CoachLanguageModel', props.coachLanguageModel);
    this.webhooks = new WebhookDelivery(this, 'Webhooks', { events: this.events, queues: this.queues });
    const ports: ServicePorts = {
      queues: this.queues,
      events: this.events,
      scheduler: this.scheduler,
      voiceProvider: this.voiceProvider,
      smsProvider: this.smsProvider,
      coachLanguageModel: this.coachLanguageModel,
      webhooks: this.webhooks,
    };
    this.workers = new QueueWorkers(this, 'Workers', {
      workers,
      queues: this.queues,
      tables: this.data.tables,
      ports,
      functionsRoot: props.functionsRoot,
    });
    const dispatcher = this.workers.functions.get('webhook-dispatcher');
    this.webhookDispatcherErrorAlarm = dispatcher ? this.webhooks.watchDispatcher(dispatcher) : undefined;

    this.streamConsumers = new StreamConsumers(this, 'StreamConsumers', { tables: this.data.tables, functionsRoot: props.functionsRoot });

    this.authorizer = new ServiceFunction(this, 'Authorizer', {
      functionName: 'authorizer',
      functionsRoot: props.functionsRoot,
      // Revocation flushes the authorizer caches again once an authorization in flight must have ended.
      timeout: Duration.seconds(AUTHORIZER_TIMEOUT_SECONDS),
      description: 'REQUEST authorizer shared by the REST APIs: API key → policy and identity context',
    });
    for (const { table, access } of AUTHORIZER_TABLES) {
      bindTable(this.authorizer, this.data.tables[table], access, tableNameEnvVar(table));
    }

    const account = (props.manageApiGatewayAccount ?? true) ? new ApiGatewayAccount(this, 'ApiGatewayAccount') : undefined;

    const apis: Partial<Record<Surface, SurfaceApi>> = {};
    for (const surface of SURFACES) {
      const surfaceRoutes = routes.filter((route) => route.surface === surface);
      if (surfaceRoutes.length === 0) continue;
      const api = new SurfaceApi(this, `${pascalCase(surface)}Api`, {
        surface,
        routes: surfaceRoutes,
        authorizerFunction: this.authorizer.function,
        tables: this.data.tables,
        cursorSecret: CURSOR_SURFACES.has(surface) ? this.cursorSecret : undefined,
        ports,
        functionsRoot: props.functionsRoot,
        rateLimits: props.rateLimits,
      });
      if (account) api.api.deploymentStage.node.addDependency(account.account);
      new CfnOutput(this, `${pascalCase(surface)}ApiUrl`, {
        description: `Base URL of the ${surface} API (stage included)`,
        value: api.api.url,
      });
      new CfnOutput(this, `${pascalCase(surface)}ApiId`, {
        description: `REST API id of the ${surface} API: \`key revoke\` flushes its stage's authorizer cache (the operator CLI's ${API_ID_ENV[surface]})`,
        value: api.api.restApiId,
      });
      apis[surface] = api;
    }
    this.apis = apis;
    // The scheduling widget's routes carry no API key: a rate rule per client guards them at the edge.
    if (apis.read && routes.some((route) => route.path.startsWith('/widget/'))) new WidgetWaf(this, 'WidgetWaf', { api: apis.read.api });
    const stageNames = [...new Set(Object.values(apis).map((api) => api.stageName))];
    if (stageNames.length > 1) throw new Error(`the REST APIs must share one stage name; got ${stageNames.join(', ')}`);
    const guarded = Object.values(apis).filter((api) => api.authorizer !== undefined);
    if (guarded.length > 0) {
      this.usagePlan = new KeyUsagePlan(this, 'KeyUsagePlan', {
        apis: guarded.map((api) => api.api),
        rateLimits: props.rateLimits ?? DEFAULT_RATE_LIMITS,
      });
      new CfnOutput(this, 'UsagePlanId', {
        description: `Usage plan that throttles each key: \`key create\` registers new keys in it (the operator CLI's ${USAGE_PLAN_ENV})`,
        value: this.usagePlan.plan.usagePlanId,
      });
    }
    new CfnOutput(this, 'ApiStageName', {
      description: `Stage of the REST APIs (the operator CLI's ${API_STAGE_ENV})`,
      value: stageNames[0] ?? 'v1',
    });

    for (const name of Object.keys(this.data.tables) as TableName[]) {
      new CfnOutput(this, `${pascalCase(name)}TableName`, {
        description: `Physical name of the ${name} table (the functions' ${tableNameEnvVar(name)})`,
        value: this.data.tables[name].tableName,
      });
    }
    this.addMessagingOutputs();

    // Last: it gives every alarm made above the topic as its action.
    this.observability = new ServiceObservability(this, 'Observability', {
      apis,
      authorizer: this.authorizer,
      queues: this.queues,
      streamConsumers: this.streamConsumers,
      alarmEmails: props.alarmEmails ?? alarmEmailsFromContext(this.node.tryGetContext(ALARM_EMAILS_CONTEXT)),
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      description: 'SNS topic every alarm notifies: subscribe with -c alarmEmails=... at deploy, or aws sns subscribe',
      value: this.observability.alarmTopic.topicArn,
    });
    new CfnOutput(this, 'DashboardName', {
      description: 'CloudWatch dashboard of the service',
      value: this.observability.dashboard.dashboardName,
    });
  }

  /** Where operators look at and redrive work: the queues and dead-letter queues, the bus, the schedule group, the key to set. */
  private addMessagingOutputs(): void {
    for (const { name, queue, deadLetterQueue } of this.queues.queues.values()) {
      new CfnOutput(this, `${pascalCase(name)}QueueUrl`, {
        description: `URL of the ${name} queue (the functions' ${QUEUE_URL_ENV[name]})`,
        value: queue.queueUrl,
      });
      new CfnOutput(this, `${pascalCase(name)}DeadLetterQueueUrl`, {
        description: `URL of the ${name} dead-letter queue: inspect, then redrive to the source queue`,
        value: deadLetterQueue.queueUrl,
      });
    }
    new CfnOutput(this, 'EventBusName', {
      description: 'Name of the event bus the service publishes lead.* and sms_campaign.* events on',
      value: this.events.bus.eventBusName,
    });
    new CfnOutput(this, 'EventBusArn', { description: 'ARN of the service event bus', value: this.events.bus.eventBusArn });
    new CfnOutput(this, 'ScheduleGroupName', {
      description: "EventBridge Scheduler group of the service's one-time schedules",
      value: this.scheduler.scheduleGroupName,
    });
    new CfnOutput(this, 'VoiceProviderApiKeySecretArn', {
      description: 'Secret holding the voice provider API key (put the real key, then redeploy the functions)',
      value: this.voiceProvider.apiKeySecret.secretArn,
    });
    new CfnOutput(this, 'CoachLlmApiKeySecretArn', {
      description: "Secret holding the coach's language-model API key (put the real key, then redeploy the coach worker)",
      value: this.coachLanguageModel.apiKeySecret.secretArn,
    });
  }
}
