import type { MessagingConfig } from '#shared/domain/sms-campaigns/messaging-config';

/** Each team's texting configuration (send window, origination identity, phone region). */
export interface MessagingConfigStore {
  /** The team's configuration, or the defaults when it has none. */
  getMessagingConfig(teamId: number): Promise<MessagingConfig>;
  putMessagingConfig(teamId: number, config: MessagingConfig): Promise<void>;
}
