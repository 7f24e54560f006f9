import type { SchedulerConfig } from '#shared/domain/schedulers';

/**
 * How long before a visit the customer can no longer move or cancel it online (they call the
 * business instead): two hours, until schedulers carry a setting of their own. Every rule that
 * needs the cut-off reads it here, so a per-scheduler setting replaces this one function.
 */
export const DEFAULT_CHANGE_CUTOFF_MINUTES = 120;

export function changeCutoffMinutes(_scheduler: SchedulerConfig | null): number {
  return DEFAULT_CHANGE_CUTOFF_MINUTES;
}
