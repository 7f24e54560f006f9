import { FOLLOW_THROUGH_DEFAULTS } from '#shared/domain/appointment-texts/scheduler-settings';
import type { SchedulerConfig } from '#shared/domain/schedulers';

/**
 * How long before a visit the customer can no longer move or cancel it online (they call the
 * business instead): the scheduler's `change_cutoff` setting; a visit without a scheduler (a
 * call's on a team that has none) takes the default, two hours. Every rule that needs the cut-off
 * reads it here.
 */
export const DEFAULT_CHANGE_CUTOFF_MINUTES = FOLLOW_THROUGH_DEFAULTS.change_cutoff_minutes;

export function changeCutoffMinutes(scheduler: Pick<SchedulerConfig, 'change_cutoff_minutes'> | null): number {
  return scheduler?.change_cutoff_minutes ?? DEFAULT_CHANGE_CUTOFF_MINUTES;
}
