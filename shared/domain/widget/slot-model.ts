import { lazy } from '#shared/lazy';

/**
 * The slot model (availability.ts), which computes with luxon (about 70 KB and 4–7 ms of a cold
 * import): imported by the widget worker with the first message that needs a slot's instant (a
 * field-service job, a booking's recovered effects), not at cold start, since most of its messages
 * (drop-off checks, recoveries) need none. The widget's API reads slots on most requests and
 * imports the model itself (docs/adr/0185-widget-cold-start.md).
 */
export const slotModel = lazy(() => import('./availability'));
