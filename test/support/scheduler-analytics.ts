import type { SchedulerAnalyticsOptions } from '#shared/domain/analytics';
import { computeSchedulerAnalytics } from '#shared/domain/analytics-raw';
import type { SessionRecord } from '#shared/domain/sessions';
import { presentSchedulerAnalytics, type SchedulerAnalyticsBody } from '#shared/presenters/analytics';

/** The legacy scheduler analytics answer of some sessions as the route answers it (domain, then presenter). */
export function schedulerAnalyticsBody(
  sessions: readonly SessionRecord[],
  options: SchedulerAnalyticsOptions & { readonly budgetBytes?: number },
): SchedulerAnalyticsBody {
  return presentSchedulerAnalytics(computeSchedulerAnalytics(sessions, options), {
    teamId: 1,
    start: options.start,
    end: options.end,
    timezone: options.timezone,
    schedulerId: null,
    metricsRequested: options.blocks,
    budgetBytes: options.budgetBytes,
  });
}
