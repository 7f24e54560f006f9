import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoAppointmentTextStore } from '#shared/adapters/dynamodb/appointment-text-store';
import { DynamoMessagingConfigStore } from '#shared/adapters/dynamodb/messaging-config-store';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import type { RecoveryFollowupDependencies } from '#shared/domain/widget/recovery-followup';
import type { AppointmentTextStore } from '#shared/ports/appointment-text-store';

/** The stores a recovery text is sent with: the team's messaging rules, the campaigns' caps, the texts outside campaigns. */
export interface RecoveryFollowupStores extends Pick<RecoveryFollowupDependencies, 'messagingConfig' | 'caps'> {
  readonly textStore: AppointmentTextStore;
}

/**
 * Built with the widget worker's first recovery message (widget-worker-dependencies.ts imports this
 * module then): its drop-off checks and field-service jobs, most of its messages, read none of
 * these stores, whose campaign, messaging and text items are most of what the worker's stores
 * would otherwise build at cold start.
 */
export function recoveryFollowupStores(
  client: DynamoDBDocumentClient,
  tables: { readonly teams: string; readonly campaigns: string },
): RecoveryFollowupStores {
  const messaging = new DynamoMessagingConfigStore(client, tables.teams);
  return {
    messagingConfig: (teamId: number) => messaging.getMessagingConfig(teamId),
    caps: new DynamoCampaignStore(client, tables.campaigns),
    textStore: new DynamoAppointmentTextStore(client, tables.campaigns),
  };
}
