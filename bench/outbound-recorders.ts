import { EventBridgeBus } from '#shared/adapters/aws/eventbridge-bus';
import { EventBridgeOneTimeScheduler } from '#shared/adapters/aws/eventbridge-scheduler';
import { HttpVoiceProvider } from '#shared/adapters/http/http-voice-provider';
import { eventBus } from '#shared/adapters/runtime/event-bus';
import { queues } from '#shared/adapters/runtime/queues';
import { scheduler } from '#shared/adapters/runtime/scheduler';
import type { AdapterSlot } from '#shared/adapters/runtime/slot';
import { voiceProvider } from '#shared/adapters/runtime/voice-provider';

/**
 * What the measured service sends out of the handler: queue messages recorded and dropped, the
 * event bus, scheduler and voice provider counted on the way through (or recorded, when still on
 * their AWS adapters), so nothing leaves 127.0.0.1.
 */

export interface OutboundRecorder {
  /** How each port was handled: 'recorded' (replaced, nothing delivered) or 'counted' (the local service's own adapter, counted on the way through). */
  readonly ports: Readonly<Record<string, 'recorded' | 'counted'>>;
  readonly counts: { queued: number; scheduled: number; events: number; calls: number };
}

type AwsClass = abstract new (...args: never[]) => unknown;
type Counts = OutboundRecorder['counts'];
type Ports = Record<string, 'recorded' | 'counted'>;

function isAwsDefault(get: () => unknown, awsClasses: readonly AwsClass[]): boolean {
  try {
    const instance = get();
    return awsClasses.some((c) => instance instanceof c);
  } catch {
    // The AWS builder failed for want of its environment variables: it is still the AWS default.
    return true;
  }
}

/**
 * Queues get a recorder that keeps no message: in AWS each worker is its own Lambda, so its work
 * must not share the event loop with the handler being measured. The event bus, scheduler and
 * voice provider keep the local service's own adapters, wrapped to count what passes; a port still
 * on its AWS adapter (a local service that wires none) gets a recorder, so nothing leaves 127.0.0.1.
 */
export function installRecorders(): OutboundRecorder {
  const counts = { queued: 0, scheduled: 0, events: 0, calls: 0 };
  const ports: Ports = {};

  queues.use(() => ({
    async send(messages) {
      counts.queued += messages.length;
    },
  }));
  ports.queues = 'recorded';
  countEvents(counts, ports);
  countSchedules(counts, ports);
  countCalls(counts, ports);
  return { ports, counts };
}

/** Puts the recorder in a port still on its AWS adapter, or wraps the local adapter to count what passes. */
function wrapPort<T>(
  ports: Ports,
  name: string,
  slot: AdapterSlot<'default', T>,
  aws: AwsClass[],
  recorder: T,
  counted: (inner: T) => T,
): void {
  if (isAwsDefault(() => slot.get('default'), aws)) {
    slot.use(() => recorder);
    ports[name] = 'recorded';
  } else {
    const inner = slot.get('default');
    slot.use(() => counted(inner));
    ports[name] = 'counted';
  }
}

function countEvents(counts: Counts, ports: Ports): void {
  wrapPort(
    ports,
    'event bus',
    eventBus,
    [EventBridgeBus],
    {
      async publish(events) {
        counts.events += events.length;
      },
    },
    (inner) => ({
      publish(events) {
        counts.events += events.length;
        return inner.publish(events);
      },
    }),
  );
}

function countSchedules(counts: Counts, ports: Ports): void {
  wrapPort(
    ports,
    'scheduler',
    scheduler,
    [EventBridgeOneTimeScheduler],
    {
      async scheduleMessage() {
        counts.scheduled++;
      },
      async cancel() {},
    },
    (inner) => ({
      scheduleMessage(input) {
        counts.scheduled++;
        return inner.scheduleMessage(input);
      },
      cancel: (name) => inner.cancel(name),
    }),
  );
}

function countCalls(counts: Counts, ports: Ports): void {
  wrapPort(
    ports,
    'voice provider',
    voiceProvider,
    [HttpVoiceProvider],
    {
      async placeCall(request) {
        counts.calls++;
        return { providerCallId: `bench_${request.idempotencyKey}` };
      },
    },
    (inner) => ({
      placeCall(request) {
        counts.calls++;
        return inner.placeCall(request);
      },
    }),
  );
}

/** One line for the notes: what happened to outbound effects. */
export function describeOutbound(outbound: OutboundRecorder): string {
  const { counts, ports } = outbound;
  const how = Object.entries(ports)
    .map(([port, mode]) => `${port} ${mode}`)
    .join(', ');
  return (
    `Outbound effects: ${counts.queued} queue messages, ${counts.scheduled} schedules, ${counts.events} events, ${counts.calls} voice calls (${how}). ` +
    "Queue messages are recorded, not delivered: in AWS the workers are separate Lambdas, so here they must not share the measured handler's event loop; " +
    "'counted' ports are the local service's own in-process adapters (event bus, scheduler, sandbox voice), 'recorded' ones return at once. " +
    'Latency here therefore excludes the SQS/EventBridge/Scheduler round trips a deployed function makes.'
  );
}
