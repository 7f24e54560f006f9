import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { alarmEmailsFromContext } from '../../lib/alarm-topic';
import { Service } from '../../lib/service';
import { METRICS_NAMESPACE } from '../../lib/service-function';
import { logicalIdOf, ofType, type Resources, serviceTemplate } from './template-helpers';

/**
 * Operations in the template: every function with Powertools' logger and metrics settings and
 * active tracing, tracing on every API stage, every alarm notifying the one SNS topic, its email
 * subscribers from the `alarmEmails` context, the 5xx-rate and authorizer alarms, and the dashboard.
 */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

function synth(context: Record<string, unknown> = {}): { stack: Service; resources: Resources; template: Template } {
  const app = new App({ builtinCloudFormationValidation: false, context: { ...NO_BUNDLING, ...context } });
  const stack = new Service(app, 'LeadCallSchedulingService');
  const template = Template.fromJSON(serviceTemplate(stack));
  return { stack, resources: template.toJSON().Resources as Resources, template };
}

let stack: Service;
let resources: Resources;
let template: Template;

beforeAll(() => {
  ({ stack, resources, template } = synth({ alarmEmails: 'ops@example.com, oncall@example.com' }));
});

describe('functions', () => {
  it('every function has the logger settings, the metrics namespace and active tracing', () => {
    const functions = ofType(resources, 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(30);
    for (const [id, fn] of functions) {
      const props = fn.Properties as { Environment?: { Variables?: Record<string, unknown> }; TracingConfig?: { Mode?: string } };
      const env = props.Environment?.Variables ?? {};
      expect({ id, service: env.POWERTOOLS_SERVICE_NAME, namespace: env.POWERTOOLS_METRICS_NAMESPACE, level: env.LOG_LEVEL }).toEqual({
        id,
        service: 'LeadCallSchedulingService-dev',
        namespace: METRICS_NAMESPACE,
        level: 'info',
      });
      expect({ id, tracing: props.TracingConfig?.Mode }).toEqual({ id, tracing: 'Active' });
    }
  });
});

describe('API stages', () => {
  it('every stage traces requests with X-Ray', () => {
    const stages = ofType(resources, 'AWS::ApiGateway::Stage');
    expect(stages.length).toBe(Object.keys(stack.apis).length);
    for (const [, stage] of stages) expect((stage.Properties as { TracingEnabled?: boolean }).TracingEnabled).toBe(true);
  });
});

describe('alarms', () => {
  it('every alarm of the stack notifies the alarm topic', () => {
    const topicId = logicalIdOf(stack.alarmTopic.topic);
    const alarms = ofType(resources, 'AWS::CloudWatch::Alarm');
    // Dead letters per queue, the stream consumers' alarms, 5xx rate per API, authorizer errors.
    expect(alarms.length).toBeGreaterThanOrEqual(stack.queues.queues.size + Object.keys(stack.apis).length + 1);
    for (const [id, alarm] of alarms) {
      expect({ id, actions: (alarm.Properties as { AlarmActions?: unknown[] }).AlarmActions }).toEqual({ id, actions: [{ Ref: topicId }] });
    }
  });

  it('has a 5xx-rate alarm per API and an authorizer error alarm', () => {
    const alarms = stack.observability.alarms;
    for (const surface of Object.keys(stack.apis)) expect(alarms.has(`${surface}ServerErrors`)).toBe(true);
    expect(alarms.has('AuthorizerErrors')).toBe(true);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Metrics: [
        { Id: 'expr_1', Expression: 'IF(requests > 0, errors / requests, 0)' },
        { Id: 'errors', MetricStat: { Metric: { MetricName: '5XXError' } } },
        { Id: 'requests', MetricStat: { Metric: { MetricName: 'Count' } } },
      ],
    });
  });

  it('has a stream iterator age alarm on the rollups consumer and a dead-letter alarm per queue', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'IteratorAge' });
    const dlqAlarms = ofType(resources, 'AWS::CloudWatch::Alarm').filter(
      ([, a]) => (a.Properties as { MetricName?: string }).MetricName === 'ApproximateNumberOfMessagesVisible',
    );
    expect(dlqAlarms.length).toBeGreaterThanOrEqual(stack.queues.queues.size);
  });

  it('subscribes the emails of the alarmEmails context to the encrypted topic', () => {
    const subscriptions = ofType(resources, 'AWS::SNS::Subscription').map(
      ([, s]) => s.Properties as { Protocol: string; Endpoint: string },
    );
    expect(subscriptions).toEqual([
      expect.objectContaining({ Protocol: 'email', Endpoint: 'ops@example.com' }),
      expect.objectContaining({ Protocol: 'email', Endpoint: 'oncall@example.com' }),
    ]);
    const [, topic] = ofType(resources, 'AWS::SNS::Topic')[0] ?? [];
    expect((topic?.Properties as { KmsMasterKeyId?: unknown } | undefined)?.KmsMasterKeyId).toBeDefined();
  });

  it('has no subscribers without the context', () => {
    expect(ofType(synth().resources, 'AWS::SNS::Subscription')).toEqual([]);
  });

  it('reads the context as a comma-separated string or a list', () => {
    expect(alarmEmailsFromContext('a@b.c, d@e.f,')).toEqual(['a@b.c', 'd@e.f']);
    expect(alarmEmailsFromContext(['a@b.c'])).toEqual(['a@b.c']);
    expect(alarmEmailsFromContext(undefined)).toEqual([]);
  });
});

describe('dashboard', () => {
  it('shows the APIs, the business metrics, the queues and the rollups stream', () => {
    const [[, dashboard] = []] = ofType(resources, 'AWS::CloudWatch::Dashboard');
    const body = JSON.stringify((dashboard?.Properties as { DashboardBody: unknown } | undefined)?.DashboardBody);
    for (const needle of [
      '5XXError',
      'LeadsIngested',
      'TextsSent',
      'RollupLagSeconds',
      'IteratorAge',
      'ApproximateNumberOfMessagesVisible',
    ]) {
      expect(body).toContain(needle);
    }
    expect(body).toContain(METRICS_NAMESPACE);
  });
});
