import { App, Stack } from 'aws-cdk-lib';
import { Service } from '../../lib/service';
import { stageFromContext } from '../../lib/stage';
import { logicalIdOf, ofType, resourceOf, serviceTemplate, serviceTemplates, type TemplateJson } from './template-helpers';

/**
 * The service as CloudFormation sees it: stacks that stay far below the 500-resource cap, stages
 * that coexist in one account and region, nothing retained under a fixed name, and an alarm topic
 * whose policy lets CloudWatch publish, read the way SNS evaluates it.
 */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };
/** CloudFormation refuses a stack above 500 resources; this leaves room for the next surface's growth before the cap. */
const MAX_RESOURCES_PER_STACK = 400;

function synth(context: Record<string, unknown> = {}): Service {
  const app = new App({ builtinCloudFormationValidation: false, context: { ...NO_BUNDLING, ...context } });
  return new Service(app, 'LeadCallSchedulingService');
}

let dev: Service;
let prod: Service;

beforeAll(() => {
  dev = synth();
  prod = synth({ stage: 'prod' });
});

describe('stack sizes', () => {
  it(`keeps every stack at or below ${MAX_RESOURCES_PER_STACK} resources`, () => {
    for (const [name, template] of serviceTemplates(dev)) {
      const count = Object.keys(template.Resources).length;
      expect({ name, withinLimit: count <= MAX_RESOURCES_PER_STACK }).toEqual({ name, withinLimit: true });
    }
  });

  it('places each route function in its surface API stack and every worker and stream consumer in the messaging stack', () => {
    for (const [surface, api] of Object.entries(dev.apis)) {
      for (const fn of api?.functions.values() ?? []) expect(Stack.of(fn)).toBe(dev.stacks.apis[surface as keyof typeof dev.apis]);
    }
    for (const fn of dev.workers.functions.values()) expect(Stack.of(fn)).toBe(dev.stacks.messaging);
    for (const consumer of dev.streamConsumers.consumers.values()) expect(Stack.of(consumer.function)).toBe(dev.stacks.messaging);
    expect(Stack.of(dev.authorizer)).toBe(dev.stacks.core);
  });

  it('deploys core first and operations last', () => {
    const { core, messaging, apis, operations } = dev.stacks;
    expect(messaging.dependencies).toContain(core);
    for (const apiStack of Object.values(apis)) {
      expect(apiStack?.dependencies).toContain(core);
      expect(operations.dependencies).toContain(apiStack);
    }
    // The platform API's functions send to queues and publish on the bus.
    expect(apis.platform?.dependencies).toContain(messaging);
    expect(core.dependencies).toEqual([]);
  });
});

describe('stages', () => {
  it("names every stack after the stage, 'dev' when none is given", () => {
    expect([...serviceTemplates(dev).keys()].sort()).toEqual(
      ['Core', 'Messaging', 'ReadApi', 'PlatformApi', 'IntakeApi', 'Operations']
        .map((part) => `LeadCallSchedulingService-dev-${part}`)
        .sort(),
    );
    expect([...serviceTemplates(prod).keys()].every((name) => name.startsWith('LeadCallSchedulingService-prod-'))).toBe(true);
  });

  it('gives two stages distinct explicit physical names: event bus, schedule group, dashboard, metrics service', () => {
    const explicitNames = (service: Service) => {
      const { Resources } = serviceTemplate(service);
      return [
        resourceOf(Resources, logicalIdOf(service.events.bus)).Properties?.Name,
        resourceOf(Resources, logicalIdOf(service.scheduler.group)).Properties?.Name,
        resourceOf(Resources, logicalIdOf(service.observability.dashboard)).Properties?.DashboardName,
        service.serviceName,
      ];
    };
    const devNames = explicitNames(dev);
    const prodNames = explicitNames(prod);
    expect(devNames).toEqual([
      'LeadCallSchedulingService-dev-events',
      'LeadCallSchedulingService-dev-schedules',
      'LeadCallSchedulingService-dev-overview',
      'LeadCallSchedulingService-dev',
    ]);
    for (const name of prodNames) expect(devNames).not.toContain(name);
  });

  it('retains no resource under a name the template fixes, so a create after a rollback or destroy does not collide', () => {
    for (const service of [dev, prod]) {
      for (const [id, resource] of Object.entries(serviceTemplate(service).Resources)) {
        if (resource.DeletionPolicy !== 'Retain') continue;
        const fixedNames = Object.entries(resource.Properties ?? {}).filter(
          ([key, value]) => /Name$/.test(key) && typeof value === 'string',
        );
        expect({ id, type: resource.Type, fixedNames }).toEqual({ id, type: resource.Type, fixedNames: [] });
      }
    }
  });

  it('keeps the tables when they leave the stack', () => {
    const tables = ofType(serviceTemplate(dev).Resources, 'AWS::DynamoDB::Table');
    expect(tables.length).toBeGreaterThan(0);
    for (const [, table] of tables) expect(table).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  it('refuses a stage name no stack name could carry', () => {
    expect(stageFromContext(undefined)).toBe('dev');
    expect(stageFromContext('staging-2')).toBe('staging-2');
    for (const bad of ['Prod', '2prod', 'prod_eu', 'a'.repeat(21), 'prod/eu'])
      expect(() => stageFromContext(bad)).toThrow(/not a stage name/);
  });

  it('leaves the account-level API Gateway CloudWatch role out with -c manageApiGatewayAccount=false', () => {
    expect(ofType(serviceTemplate(dev).Resources, 'AWS::ApiGateway::Account')).toHaveLength(1);
    const without = synth({ manageApiGatewayAccount: 'false' });
    expect(without.apiGatewayAccount).toBeUndefined();
    expect(ofType(serviceTemplate(without).Resources, 'AWS::ApiGateway::Account')).toEqual([]);
    expect(() => synth({ manageApiGatewayAccount: 'nope' })).toThrow(/manageApiGatewayAccount/);
  });
});

/** A request as SNS sees it when it evaluates the topic policy. */
interface PublishRequest {
  readonly service: string;
  readonly action: string;
  readonly secureTransport: boolean;
  readonly sourceAccount: string;
  readonly sourceArn: string;
}

const ACCOUNT = '111122223333';
const REGION = 'eu-west-1';
const TOPIC_ARN = `arn:aws:sns:${REGION}:${ACCOUNT}:alarms`;

describe('alarm topic', () => {
  let template: TemplateJson;
  let statements: Record<string, unknown>[];

  beforeAll(() => {
    template = serviceTemplate(dev);
    const topicId = logicalIdOf(dev.alarmTopic.topic);
    const [[, policy] = []] = ofType(template.Resources, 'AWS::SNS::TopicPolicy');
    expect(JSON.stringify(policy?.Properties?.Topics)).toContain(topicId);
    const values: Record<string, string> = {
      'AWS::AccountId': ACCOUNT,
      'AWS::Region': REGION,
      'AWS::Partition': 'aws',
      [topicId]: TOPIC_ARN,
    };
    const document = resolveIntrinsics(policy?.Properties?.PolicyDocument, values) as { Statement: Record<string, unknown>[] };
    statements = document.Statement;
  });

  const alarmArn = (name: string) => `arn:aws:cloudwatch:${REGION}:${ACCOUNT}:alarm:${name}`;
  const publish: PublishRequest = {
    service: 'cloudwatch.amazonaws.com',
    action: 'sns:Publish',
    secureTransport: true,
    sourceAccount: ACCOUNT,
    sourceArn: alarmArn('LeadCallSchedulingService-dev-Messaging-QueuesOutreachCallsDeadLetterAlarm-AbC123'),
  };

  it("lets CloudWatch publish this stage's alarms over TLS", () => {
    expect(evaluate(statements, publish)).toBe('allow');
  });

  it('still denies publishing without TLS', () => {
    expect(evaluate(statements, { ...publish, secureTransport: false })).toBe('deny');
  });

  it("does not let another account's alarms, another stage's alarms or another service publish", () => {
    expect(evaluate(statements, { ...publish, sourceAccount: '444455556666' })).toBe('implicit-deny');
    expect(evaluate(statements, { ...publish, sourceArn: alarmArn('LeadCallSchedulingService-prod-Operations-ReadApiAlarm-1') })).toBe(
      'implicit-deny',
    );
    expect(evaluate(statements, { ...publish, service: 'events.amazonaws.com' })).toBe('implicit-deny');
  });

  it('lets CloudWatch use the topic key to encrypt what it publishes', () => {
    const key = resourceOf(template.Resources, logicalIdOf(dev.alarmTopic.key));
    const keyStatements = (key.Properties?.KeyPolicy as { Statement: Record<string, unknown>[] } | undefined)?.Statement ?? [];
    const forCloudWatch = keyStatements.filter(
      (statement) => (statement.Principal as { Service?: unknown } | undefined)?.Service === 'cloudwatch.amazonaws.com',
    );
    expect(forCloudWatch).toEqual([
      expect.objectContaining({ Effect: 'Allow', Action: ['kms:Decrypt', 'kms:GenerateDataKey*'], Resource: '*' }),
    ]);
  });
});

/** Replaces Ref, Fn::GetAtt (…Arn / TopicArn) and Fn::Join with their values, as CloudFormation would at deploy. */
function resolveIntrinsics(node: unknown, values: Readonly<Record<string, string>>): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveIntrinsics(item, values));
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  if (typeof record.Ref === 'string') {
    const value = values[record.Ref];
    if (value === undefined) throw new Error(`no value for Ref ${record.Ref}`);
    return value;
  }
  if (Array.isArray(record['Fn::Join'])) {
    const [separator, parts] = record['Fn::Join'] as [string, unknown[]];
    return parts.map((part) => String(resolveIntrinsics(part, values))).join(separator);
  }
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, resolveIntrinsics(value, values)]));
}

/**
 * IAM policy evaluation as SNS applies it to a resource policy: an explicit Deny that matches wins;
 * else an Allow that matches allows; else the request is implicitly denied. Supports what the topic
 * policy uses: `*`, Service and `AWS: '*'` principals, action and resource wildcards, and the Bool,
 * StringEquals and ArnLike condition operators.
 */
function evaluate(statements: readonly Record<string, unknown>[], request: PublishRequest): 'allow' | 'deny' | 'implicit-deny' {
  const keys: Record<string, string> = {
    'aws:SecureTransport': String(request.secureTransport),
    'aws:SourceAccount': request.sourceAccount,
    'aws:SourceArn': request.sourceArn,
  };
  const matches = (statement: Record<string, unknown>): boolean => {
    const principal = statement.Principal as '*' | { Service?: string | string[]; AWS?: string | string[] } | undefined;
    if (principal !== '*') {
      const services = [principal?.Service ?? []].flat();
      const awsPrincipals = [principal?.AWS ?? []].flat();
      if (!services.includes(request.service) && !awsPrincipals.includes('*')) return false;
    }
    const actions = [statement.Action as string | string[]].flat();
    if (!actions.some((action) => wildcard(action).test(request.action))) return false;
    const resources = [statement.Resource as string | string[]].flat();
    if (!resources.some((resource) => wildcard(resource).test(TOPIC_ARN))) return false;
    for (const [operator, conditions] of Object.entries((statement.Condition as Record<string, Record<string, string>>) ?? {})) {
      for (const [key, expected] of Object.entries(conditions)) {
        const actual = keys[key];
        if (actual === undefined) return false;
        const ok =
          operator === 'Bool' || operator === 'StringEquals'
            ? [expected].flat().includes(actual)
            : operator === 'ArnLike'
              ? [expected].flat().some((pattern) => wildcard(pattern).test(actual))
              : (() => {
                  throw new Error(`condition operator ${operator} not modelled`);
                })();
        if (!ok) return false;
      }
    }
    return true;
  };
  if (statements.some((statement) => statement.Effect === 'Deny' && matches(statement))) return 'deny';
  return statements.some((statement) => statement.Effect === 'Allow' && matches(statement)) ? 'allow' : 'implicit-deny';
}

function wildcard(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );
}
