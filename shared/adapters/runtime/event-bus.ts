import { EventBridgeBus } from '#shared/adapters/aws/eventbridge-bus';
import { requireEnv } from '#shared/config';
import type { EventBus } from '#shared/ports/event-bus';
import { adapterSlot } from './slot';

export const eventBus = adapterSlot<'default', EventBus>(
  () => 'event-bus',
  () => new EventBridgeBus(requireEnv('EVENT_BUS_NAME')),
);
