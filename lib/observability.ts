import { Duration } from 'aws-cdk-lib';
import {
  type Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import type { Surface } from '#shared/routes';
import type { SurfaceApi } from './api';
import type { MessageQueues } from './messaging';
import { pascalCase } from './naming';
import type { ServiceFunction } from './service-function';
import { METRICS_NAMESPACE } from './service-function';
import { serviceNameOf } from './stage';
import type { StreamConsumers } from './streams';

export interface ObservabilityProps {
  readonly apis: Readonly<Partial<Record<Surface, SurfaceApi>>>;
  readonly authorizer: ServiceFunction;
  readonly queues: MessageQueues;
  readonly streamConsumers: StreamConsumers;
  /** Share of a surface's requests answered 5xx over five minutes that raises its alarm. @default 0.05 */
  readonly serverErrorRate?: number;
}

/** The business metrics the dashboard charts, by widget (names: shared/logging/metrics.ts). */
const BUSINESS_WIDGETS: readonly { title: string; metrics: readonly string[] }[] = [
  { title: 'Leads and outreach', metrics: ['LeadsIngested', 'OutreachDispatched', 'OutreachDispatchFailed', 'CallsPlaced', 'CallsFailed'] },
  { title: 'Texts', metrics: ['TextsSent', 'TextsFailed', 'TextsDeferred'] },
  { title: 'Coach evaluations', metrics: ['Evaluations'] },
];

/**
 * The operator's view of the service: the alarms the constructs do not make themselves (5xx rate
 * per API, authorizer errors) and a CloudWatch dashboard with the APIs, the business metrics, the
 * queues and the rollups stream at a glance. Every alarm of the service, these included, notifies
 * the alarm topic (lib/alarm-topic.ts; wired in lib/service.ts).
 */
export class ServiceObservability extends Construct {
  public readonly dashboard: Dashboard;
  /** The alarms this construct adds: `<surface>ServerErrors` per API and `AuthorizerErrors`. */
  public readonly alarms: ReadonlyMap<string, Alarm>;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const service = serviceNameOf(this);

    const alarms = new Map<string, Alarm>();
    for (const [surface, api] of Object.entries(props.apis) as [Surface, SurfaceApi][]) {
      const rate = new MathExpression({
        label: `${surface} 5xx rate`,
        expression: 'IF(requests > 0, errors / requests, 0)',
        usingMetrics: {
          errors: api.api.metricServerError({ statistic: 'Sum', period: Duration.minutes(5) }),
          requests: api.api.metricCount({ statistic: 'Sum', period: Duration.minutes(5) }),
        },
        period: Duration.minutes(5),
      });
      alarms.set(
        `${surface}ServerErrors`,
        rate.createAlarm(this, `${pascalCase(surface)}ServerErrorRateAlarm`, {
          alarmDescription: `More than ${(props.serverErrorRate ?? 0.05) * 100}% of the ${surface} API's requests answered 5xx in two of three 5-minute periods`,
          threshold: props.serverErrorRate ?? 0.05,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 3,
          datapointsToAlarm: 2,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }
    alarms.set(
      'AuthorizerErrors',
      props.authorizer.function.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }).createAlarm(this, 'AuthorizerErrorAlarm', {
        alarmDescription:
          'The authorizer failed (threw other than Unauthorized, or timed out): API Gateway answers 500 to every request it could not authorize',
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
    this.alarms = alarms;

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${service}-overview`,
      defaultInterval: Duration.hours(6),
    });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# ${service}\nRequests and errors per API, business metrics (namespace \`${METRICS_NAMESPACE}\`), queues and the rollups stream. Alarms notify the SNS topic \`${service} alarms\`.`,
        width: 24,
        height: 2,
      }),
    );
    const apiEntries = Object.entries(props.apis) as [Surface, SurfaceApi][];
    this.dashboard.addWidgets(
      ...apiEntries.map(
        ([surface, api]) =>
          new GraphWidget({
            title: `${surface} API: requests, 4xx, 5xx`,
            left: [api.api.metricCount(), api.api.metricClientError(), api.api.metricServerError()],
            right: [api.api.metricLatency({ statistic: 'p90' })],
            width: 8,
          }),
      ),
    );
    const business = (name: string, unit: 'Sum' | 'Maximum' = 'Sum'): IMetric =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: name,
        dimensionsMap: { service },
        statistic: unit,
        period: Duration.minutes(5),
      });
    this.dashboard.addWidgets(
      ...BUSINESS_WIDGETS.map((w) => new GraphWidget({ title: w.title, left: w.metrics.map((m) => business(m)), width: 6 })),
      new GraphWidget({
        title: 'Rollups: lag (s) and stream iterator age (ms)',
        left: [business('RollupLagSeconds', 'Maximum')],
        right: [...props.streamConsumers.consumers.values()].map((c) =>
          c.function.function.metric('IteratorAge', { statistic: 'Maximum' }),
        ),
        width: 6,
      }),
    );
    const queues = [...props.queues.queues.values()];
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Queues: messages waiting',
        left: queues.map((q) => q.queue.metricApproximateNumberOfMessagesVisible({ label: q.name })),
        width: 8,
      }),
      new GraphWidget({
        title: 'Dead-letter queues: messages',
        left: queues.map((q) => q.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ label: `${q.name} DLQ` })),
        width: 8,
      }),
      new GraphWidget({
        title: 'Authorizer: invocations and errors',
        left: [props.authorizer.function.metricInvocations(), props.authorizer.function.metricErrors()],
        right: [props.authorizer.function.metricDuration({ statistic: 'p90' })],
        width: 8,
      }),
    );
  }
}
