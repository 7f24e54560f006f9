import type { SchedulerConfig, SchedulerSettingsInput } from '#shared/domain/schedulers';

export interface PositionedScheduler {
  readonly scheduler: SchedulerConfig;
  /** The row's position in list order (scheduler id ascending); the cursor carries it. */
  readonly position: string;
}

/** Scheduler configurations, per team. */
export interface SchedulerConfigStore {
  /** Up to limit + 1 schedulers of a team, by id ascending, strictly after `after`. */
  listSchedulers(query: { readonly teamId: number; readonly after?: string; readonly limit: number }): Promise<PositionedScheduler[]>;
  getScheduler(teamId: number, schedulerId: number): Promise<SchedulerConfig | null>;
  /** Creates or replaces a scheduler's settings (booking members left out take their defaults); keeps created_at of an existing one. Returns what is stored. */
  putScheduler(teamId: number, schedulerId: number, settings: SchedulerSettingsInput, now: Date): Promise<SchedulerConfig>;
}
