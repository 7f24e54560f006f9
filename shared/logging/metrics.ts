import type { Metrics } from '@aws-lambda-powertools/metrics';
import { lazy } from '#shared/lazy';

/**
 * Business and HTTP metrics in CloudWatch's embedded metric format (EMF), through Powertools for
 * AWS Lambda's Metrics: each flush is one JSON line on stdout that CloudWatch turns into metrics,
 * with no API call. Deployed functions get `POWERTOOLS_METRICS_NAMESPACE` from the stack; without
 * it (`npm start`, tests, benchmarks) nothing is recorded or printed. `POWERTOOLS_METRICS_DISABLED`
 * switches them off too.
 *
 * Recording is a push onto an array; Powertools' Metrics is imported by the first flush that has
 * something to write, not at cold start (most read requests record nothing: only 4xx/5xx count).
 * The names and dimensions are listed in docs/operations.md (Metrics).
 */
export type MetricName =
  | 'LeadsIngested'
  | 'OutreachDispatched'
  | 'OutreachDispatchFailed'
  | 'CallsPlaced'
  | 'CallsFailed'
  | 'TextsSent'
  | 'TextsFailed'
  | 'TextsDeferred'
  | 'Evaluations'
  | 'RollupLagSeconds'
  | 'Http4xx'
  | 'Http5xx'
  | 'OutboxEventsPublished'
  | 'OutboxPublishFailed'
  | 'WidgetSessionsDroppedOff'
  | 'FieldServiceJobsCreated'
  | 'FieldServiceJobsChanged'
  | 'ExportsCompleted';

interface Recorded {
  readonly name: MetricName;
  readonly unit: 'Count' | 'Seconds';
  readonly value: number;
  /** Its own dimensions: written as a separate EMF line. */
  readonly dimensions?: Readonly<Record<string, string>>;
}

const pending: Recorded[] = [];

function enabled(): boolean {
  return Boolean(process.env.POWERTOOLS_METRICS_NAMESPACE) && process.env.POWERTOOLS_METRICS_DISABLED !== 'true';
}

const powertools = lazy(async () => {
  const { Metrics, MetricUnit } = await import('@aws-lambda-powertools/metrics');
  return { metrics: new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE }) as Metrics, MetricUnit };
});

/** Adds `value` to a count metric of the current invocation (written by `flushMetrics`). */
export function countMetric(name: MetricName, value = 1): void {
  if (value > 0 && enabled()) pending.push({ name, unit: 'Count', value });
}

/** A count metric with its own dimensions (e.g. a route), written as its own EMF line. */
export function dimensionedMetric(name: MetricName, dimensions: Readonly<Record<string, string>>, value = 1): void {
  if (enabled()) pending.push({ name, unit: 'Count', value, dimensions });
}

/** A duration metric of the current invocation, in seconds. */
export function secondsMetric(name: MetricName, seconds: number): void {
  if (enabled()) pending.push({ name, unit: 'Seconds', value: Math.max(0, seconds) });
}

/** Writes the invocation's metrics (EMF lines); imports nothing and writes nothing when none were recorded. */
export async function flushMetrics(): Promise<void> {
  if (pending.length === 0) return;
  const recorded = pending.splice(0);
  const { metrics, MetricUnit } = await powertools();
  const unit = (u: Recorded['unit']) => (u === 'Seconds' ? MetricUnit.Seconds : MetricUnit.Count);
  for (const r of recorded) {
    if (!r.dimensions) {
      metrics.addMetric(r.name, unit(r.unit), r.value);
      continue;
    }
    const single = metrics.singleMetric();
    for (const [k, v] of Object.entries(r.dimensions)) single.addDimension(k, v);
    single.addMetric(r.name, unit(r.unit), r.value);
  }
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}
