import { App } from 'aws-cdk-lib';
import { WEBHOOK_EVENT_TYPES } from '#shared/domain/webhooks/model';
import { EVENT_SOURCE } from '#shared/ports/event-bus';
import { ROUTES } from '#shared/routes';
import { Service } from '../../lib/service';
import {
  actionsOf,
  environmentOf,
  logicalIdOf,
  ofType,
  type Resources,
  referencedLogicalIds,
  resourceOf,
  roleStatements,
  secretsReadBy,
  serviceFunctions,
  serviceTemplate,
} from './template-helpers';

/** The webhook half of the stack: rule → queue (+ DLQ) → dispatcher, its alarms and grants. Synthesized once, without bundling. */
let stack: Service;
let resources: Resources;

beforeAll(() => {
  const app = new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [] } });
  stack = new Service(app, 'LeadCallSchedulingService', {
    voiceProvider: { baseUrl: 'https://voice.example.test', assistantId: 'a', phoneNumberId: 'p' },
    smsOriginationIdentity: 'pool-1',
  });
  resources = serviceTemplate(stack).Resources;
});

const queueOf = () => stack.queues.queue('webhook-deliveries');

describe('webhook delivery in the stack', () => {
  it('has a rule on the service bus sending every subscribable event type to the webhook queue, with a dead-letter queue', () => {
    const rule = resourceOf(resources, logicalIdOf(stack.webhooks.rule));
    expect(rule.Properties?.EventPattern).toEqual({ source: [EVENT_SOURCE], 'detail-type': [...WEBHOOK_EVENT_TYPES] });
    expect(referencedLogicalIds(rule.Properties?.EventBusName)).toEqual(new Set([logicalIdOf(stack.events.bus)]));
    const targets = rule.Properties?.Targets as { Arn: unknown; DeadLetterConfig?: { Arn: unknown } }[];
    expect(targets).toHaveLength(1);
    expect(referencedLogicalIds(targets[0]?.Arn)).toEqual(new Set([logicalIdOf(queueOf().queue)]));
    expect(referencedLogicalIds(targets[0]?.DeadLetterConfig?.Arn)).toEqual(new Set([logicalIdOf(queueOf().deadLetterQueue)]));
  });

  it('lets only the rule send events to the queue', () => {
    const policies = ofType(resources, 'AWS::SQS::QueuePolicy').filter(([, p]) =>
      referencedLogicalIds(p.Properties?.Queues).has(logicalIdOf(queueOf().queue)),
    );
    const statements = policies.flatMap(
      ([, p]) => ((p.Properties?.PolicyDocument ?? { Statement: [] }) as { Statement: Record<string, unknown>[] }).Statement,
    );
    const fromEvents = statements.filter((s) => JSON.stringify(s.Principal ?? '').includes('events.amazonaws.com'));
    expect(fromEvents).toHaveLength(1);
    expect(referencedLogicalIds(fromEvents[0]?.Condition)).toEqual(new Set([logicalIdOf(stack.webhooks.rule)]));
  });

  it('consumes the queue with the dispatcher: partial batch failures, redrive to the DLQ', () => {
    const dispatcher = stack.workers.functions.get('webhook-dispatcher');
    expect(dispatcher).toBeDefined();
    const mapping = ofType(resources, 'AWS::Lambda::EventSourceMapping').find(([, m]) =>
      referencedLogicalIds(m.Properties?.EventSourceArn).has(logicalIdOf(queueOf().queue)),
    );
    expect(mapping?.[1].Properties).toMatchObject({ FunctionResponseTypes: ['ReportBatchItemFailures'] });
    const queue = resourceOf(resources, logicalIdOf(queueOf().queue));
    expect(referencedLogicalIds(((queue.Properties?.RedrivePolicy ?? {}) as Record<string, unknown>).deadLetterTargetArn)).toEqual(
      new Set([logicalIdOf(queueOf().deadLetterQueue)]),
    );
  });

  it('has alarms on the dead-letter queue, the backlog, the rule’s failed invocations and the dispatcher’s errors', () => {
    for (const alarm of [queueOf().deadLetterAlarm, stack.webhooks.backlogAlarm, stack.webhooks.ruleFailureAlarm]) {
      expect(resources[logicalIdOf(alarm)]?.Type).toBe('AWS::CloudWatch::Alarm');
    }
    const errors = stack.webhookDispatcherErrorAlarm;
    expect(errors && resourceOf(resources, logicalIdOf(errors)).Properties).toMatchObject({
      MetricName: 'Errors',
      Namespace: 'AWS/Lambda',
    });
    expect(resourceOf(resources, logicalIdOf(stack.webhooks.ruleFailureAlarm)).Properties).toMatchObject({
      MetricName: 'FailedInvocations',
      Namespace: 'AWS/Events',
    });
  });

  it('gives the dispatcher the webhooks and outbox tables, its own queue and the scheduler, not the bus, with private targets off', () => {
    const dispatcher = stack.workers.functions.get('webhook-dispatcher');
    if (!dispatcher) throw new Error('no dispatcher');
    const env = environmentOf(resources, dispatcher);
    expect(env).toMatchObject({
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false',
      WEBHOOK_RETRY_SCHEDULE_SECONDS: '5,300,1800,7200,18000,36000,36000',
    });
    expect(env.WEBHOOK_SECRET_KEY_ID).toEqual({ Ref: logicalIdOf(stack.webhooks.secretKey) });
    expect(secretsReadBy(resources, dispatcher)).toEqual(new Set([logicalIdOf(stack.webhooks.secretKey)]));
    const statements = roleStatements(resources, logicalIdOf(dispatcher.role));
    const sends = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('sqs:SendMessage')));
    expect(sends.flatMap((s) => [...referencedLogicalIds(s.Resource)])).toEqual([logicalIdOf(queueOf().queue)]);
    const actions = statements.flatMap(actionsOf);
    expect(actions).toEqual(expect.arrayContaining(['scheduler:CreateSchedule', 'dynamodb:PutItem']));
    // webhook.disabled is due in the outbox with the disabling write, never published by the dispatcher.
    expect(actions).not.toContain('events:PutEvents');
    // The webhook table, and the outbox.
    const tables = statements
      .filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')))
      .flatMap((s) => [...referencedLogicalIds(s.Resource)]);
    expect(new Set(tables)).toEqual(new Set([logicalIdOf(stack.data.tables.webhooks), logicalIdOf(stack.data.tables.outbox)]));
  });

  it('can schedule retries onto the webhook queue (the scheduler role may send there)', () => {
    const statements = roleStatements(resources, logicalIdOf(stack.scheduler.targetRole));
    expect(statements.flatMap((s) => [...referencedLogicalIds(s.Resource)])).toContain(logicalIdOf(queueOf().queue));
  });

  it('gives the sealing key only to the functions that create or rotate secrets, and to the dispatcher', () => {
    const keyId = logicalIdOf(stack.webhooks.secretKey);
    const holders = [...serviceFunctions(stack)]
      .filter(([, fn]) => 'WEBHOOK_SECRET_KEY_ID' in environmentOf(resources, fn))
      .map(([n]) => n);
    const readers = [...serviceFunctions(stack)].filter(([, fn]) => secretsReadBy(resources, fn).has(keyId)).map(([n]) => n);
    expect(holders.sort()).toEqual(['create-webhook', 'rotate-webhook-secret', 'webhook-dispatcher']);
    expect(readers.sort()).toEqual(holders);
    expect(ROUTES.filter((r) => r.path.startsWith('/v1/webhooks')).every((r) => r.permission === 'write:webhooks')).toBe(true);
  });
});
