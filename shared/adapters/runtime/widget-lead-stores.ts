import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoIntakeConfigStore, DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';

/** The leads table's stores the widget worker writes a recovery lead or a booking's lead with, and the team's intake settings. */
export interface WidgetLeadStores {
  readonly leads: DynamoLeadStore;
  readonly intake: DynamoIntakeStore;
  readonly intakeConfigs: DynamoIntakeConfigStore;
}

/**
 * Built with the widget worker's first message that reads or writes a lead
 * (widget-worker-dependencies.ts imports this module then): a drop-off that plans a recovery, a
 * recovery call's follow-up, a booking's effects done again. Field-service jobs and changes and
 * the drop-off checks of sessions that booked or are still going read none of them, and the
 * stored lead's schema is most of what the worker would otherwise build at cold start.
 */
export function widgetLeadStores(
  client: DynamoDBDocumentClient,
  tables: { readonly teams: string; readonly leads: string },
): WidgetLeadStores {
  return {
    leads: new DynamoLeadStore(client, tables.leads),
    intake: new DynamoIntakeStore(client, tables.leads),
    intakeConfigs: new DynamoIntakeConfigStore(client, tables.teams),
  };
}
