import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRateLimitStore } from '#shared/adapters/dynamodb/rate-limit-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTeamReader } from '#shared/adapters/dynamodb/team-reader';
import { DynamoWidgetSessionStore } from '#shared/adapters/dynamodb/widget-session-store';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import type { WidgetDependencies } from '#shared/domain/widget/widget-sessions';
import { lazy } from '#shared/lazy';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { RateLimitStore } from '#shared/ports/rate-limit-store';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import { queues } from './queues';
import { CURSOR_SECRET_ENV } from './resource-env';
import { scheduler } from './scheduler';
import { secretReader } from './secrets';
import type { WidgetBookingStores } from './widget-booking-stores';
import { abandonAfterSeconds } from './widget-settings';

/**
 * The widget routes' dependencies; the queues and the scheduler are taken from their adapter slots
 * when asked for (the local runtime and tests put theirs there after load).
 */
export interface WidgetRouteDependencies extends Omit<WidgetDependencies, 'leadIds'> {
  readonly limits: RateLimitStore;
  /** The stores only a booking writes to, built with the first booking (widget-booking-stores.ts). */
  readonly booking: () => Promise<WidgetBookingStores>;
  /** The route's ports, taken from their slots when asked for: each route's row declares only the ones it uses. */
  readonly scheduler: () => OneTimeScheduler;
  readonly followups: () => MessageQueue;
  readonly abandonAfterSeconds: number;
}

/**
 * The widget routes (widget-api). Call it at module load: the tables and the drop-off delay are
 * looked up then (a function whose row lacks one fails to load, as in AWS); the stores are built on
 * the first call of the returned function and kept for the container's life.
 */
export function widgetDependencies(): () => WidgetRouteDependencies {
  const teams = physicalTableName('teams');
  const sessionsTable = physicalTableName('sessions');
  const leadsTable = physicalTableName('leads');
  const limitsTable = physicalTableName('limits');
  const outboxTable = physicalTableName('outbox');
  const afterSeconds = abandonAfterSeconds();
  // A booking seals its appointment's manage link with the cursor secret (manage-token.ts).
  const links = manageLinks(secretReader(CURSOR_SECRET_ENV));
  const stores = lazy(() => {
    const client = getDocumentClient();
    return {
      schedulers: new DynamoSchedulerConfigStore(client, teams),
      tenancy: new DynamoTeamReader(client, teams),
      sessions: new DynamoWidgetSessionStore(client, sessionsTable),
      limits: new DynamoRateLimitStore(client, limitsTable),
      manageLinks: links,
    };
  });
  const booking = lazy(async () =>
    (await import('./widget-booking-stores')).widgetBookingStores(getDocumentClient(), {
      leads: leadsTable,
      sessions: sessionsTable,
      outbox: outboxTable,
    }),
  );
  return () => ({
    ...stores(),
    booking,
    scheduler: () => scheduler.get('default'),
    followups: () => queues.get('widget-followups'),
    abandonAfterSeconds: afterSeconds,
  });
}
