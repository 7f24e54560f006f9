import { DynamoBookingRequestStore } from '#shared/adapters/dynamodb/booking-request-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';
import { DynamoRateLimitStore } from '#shared/adapters/dynamodb/rate-limit-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWidgetSessionStore } from '#shared/adapters/dynamodb/widget-session-store';
import type { BookingEffectsDependencies } from '#shared/domain/widget/booking-effects';
import type { WidgetDependencies } from '#shared/domain/widget/widget-sessions';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { RateLimitStore } from '#shared/ports/rate-limit-store';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import { queues } from './queues';
import { scheduler } from './scheduler';
import { abandonAfterSeconds } from './widget-settings';

/**
 * The widget routes' dependencies, built once at module load; the queues and the scheduler are
 * taken from their adapter slots when asked for (the local runtime and tests put theirs there after load).
 */
export interface WidgetRouteDependencies extends WidgetDependencies, BookingEffectsDependencies {
  readonly limits: RateLimitStore;
  /** The route's ports, taken from their slots when asked for: each route's row declares only the ones it uses. */
  readonly scheduler: () => OneTimeScheduler;
  readonly followups: () => MessageQueue;
  readonly abandonAfterSeconds: number;
}

export function widgetDependencies(): () => WidgetRouteDependencies {
  const client = getDocumentClient();
  const schedulers = new DynamoSchedulerConfigStore(client, physicalTableName('teams'));
  const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
  const sessions = new DynamoWidgetSessionStore(client, physicalTableName('sessions'));
  const bookingRequests = new DynamoBookingRequestStore(client, physicalTableName('sessions'));
  const leads = new DynamoLeadStore(client, physicalTableName('leads'));
  const leadIds = new DynamoIntakeStore(client, physicalTableName('leads'));
  const limits = new DynamoRateLimitStore(client, physicalTableName('limits'));
  const afterSeconds = abandonAfterSeconds();
  return () => ({
    schedulers,
    tenancy,
    sessions,
    bookingRequests,
    leads,
    leadIds,
    limits,
    scheduler: () => scheduler.get('default'),
    followups: () => queues.get('widget-followups'),
    abandonAfterSeconds: afterSeconds,
  });
}
