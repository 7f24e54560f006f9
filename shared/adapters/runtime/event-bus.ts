import { requireEnv } from '../../config';
import type { EventBus } from '../../ports/event-bus';
import { EventBridgeBus } from '../aws/eventbridge-bus';
import { adapterSlot } from './slot';

export const eventBus = adapterSlot<'default', EventBus>(
  () => 'event-bus',
  () => new EventBridgeBus(requireEnv('EVENT_BUS_NAME')),
);
