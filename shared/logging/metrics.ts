import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * Business and HTTP metrics in CloudWatch's embedded metric format (EMF), through Powertools for
 * AWS Lambda's Metrics: each flush is one JSON line on stdout that CloudWatch turns into metrics,
 * with no API call. Deployed functions get `POWERTOOLS_METRICS_NAMESPACE` from the stack; without
 * it (`npm start`, tests, benchmarks) nothing is recorded or printed. `POWERTOOLS_METRICS_DISABLED`
 * switches them off too.
 *
 * The names and dimensions are listed in the README (Operations: metrics).
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
  | 'Http5xx';

let instance: Metrics | null | undefined;

function metrics(): Metrics | null {
  if (instance !== undefined) return instance;
  const namespace = process.env.POWERTOOLS_METRICS_NAMESPACE;
  instance = namespace && process.env.POWERTOOLS_METRICS_DISABLED !== 'true' ? new Metrics({ namespace }) : null;
  return instance;
}

/** Adds `value` to a count metric of the current invocation (flushed by `flushMetrics`). */
export function countMetric(name: MetricName, value = 1): void {
  if (value <= 0) return;
  metrics()?.addMetric(name, MetricUnit.Count, value);
}

/** A metric with its own dimensions (e.g. a route), written at once as its own EMF line. */
export function dimensionedMetric(
  name: MetricName,
  dimensions: Readonly<Record<string, string>>,
  value = 1,
  unit: 'Count' | 'Seconds' = 'Count',
): void {
  const m = metrics();
  if (!m) return;
  const single = m.singleMetric();
  for (const [k, v] of Object.entries(dimensions)) single.addDimension(k, v);
  single.addMetric(name, unit === 'Seconds' ? MetricUnit.Seconds : MetricUnit.Count, value);
}

/** A duration metric of the current invocation, in seconds. */
export function secondsMetric(name: MetricName, seconds: number): void {
  metrics()?.addMetric(name, MetricUnit.Seconds, Math.max(0, seconds));
}

/** Writes the invocation's metrics (one EMF line); nothing when none were recorded. */
export function flushMetrics(): void {
  const m = metrics();
  if (m?.hasStoredMetrics()) m.publishStoredMetrics();
}
