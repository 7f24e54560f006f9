import type { EventBridgeClient, PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { withRetries } from '#shared/domain/retry';
import { lazy } from '#shared/lazy';
import { type DomainEvent, EVENT_SOURCE, type EventBus } from '#shared/ports/event-bus';

const MAX_BATCH = 10;

/**
 * PutEvents answers 200 even when it refuses some entries, naming each refusal's error code; the
 * SDK's own retries never see those. These codes are transient (AWS: "retry the failed entries"),
 * so the refused entries, and only they, are sent again; any other code (a malformed entry) fails
 * at once. Event ids are fixed per event, so a consumer that got an entry twice drops the copy.
 */
const TRANSIENT_ENTRY_ERRORS = new Set(['ThrottlingException', 'InternalFailure', 'InternalException', 'ServiceUnavailable']);

/** Attempts per batch, the first included; the waits between them are jittered, 100 ms doubling up to 1 s. */
const ATTEMPTS = 4;

/** Entries PutEvents refused, by error code. */
class RefusedEntriesError extends Error {
  constructor(
    readonly codes: readonly string[],
    readonly transient: boolean,
  ) {
    super(`EventBridge refused ${codes.length} event(s): ${[...new Set(codes)].join(', ')}`);
  }
}

/** The SDK's EventBridge client, loaded on the first publish, not at cold start (docs/benchmarks.md: cold import). */
const sdk = lazy(() => import('@aws-sdk/client-eventbridge'));

/** EventBridge custom bus: detail-type is the event type, source the service. */
export class EventBridgeBus implements EventBus {
  constructor(
    private readonly busName: string,
    /** @default a new EventBridgeClient, built on the first publish */
    private client?: EventBridgeClient,
    private readonly sleep?: (ms: number) => Promise<void>,
  ) {}

  async publish(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    const entries = events.map(
      (e): PutEventsRequestEntry => ({
        EventBusName: this.busName,
        Source: EVENT_SOURCE,
        DetailType: e.type,
        Detail: JSON.stringify(e.detail),
        // Ties the event to the request's X-Ray trace (active tracing sets the variable).
        TraceHeader: process.env._X_AMZN_TRACE_ID,
      }),
    );
    for (let i = 0; i < entries.length; i += MAX_BATCH) await this.putBatch(entries.slice(i, i + MAX_BATCH));
  }

  /** Sends one batch, then again only the entries refused for a transient reason, until none is left. */
  private async putBatch(entries: readonly PutEventsRequestEntry[]): Promise<void> {
    const { EventBridgeClient, PutEventsCommand } = await sdk();
    this.client ??= new EventBridgeClient({});
    const client = this.client;
    let pending = entries;
    await withRetries(
      async () => {
        const result = await client.send(new PutEventsCommand({ Entries: [...pending] }));
        if ((result.FailedEntryCount ?? 0) === 0) return;
        const refused = pending.flatMap((entry, index) => {
          const code = result.Entries?.[index]?.ErrorCode;
          return code ? [{ entry, code }] : [];
        });
        // A count without per-entry codes cannot say which went through: send them all again.
        const failed = refused.length > 0 ? refused : pending.map((entry) => ({ entry, code: 'Unknown' }));
        pending = failed.map((f) => f.entry);
        const codes = failed.map((f) => f.code);
        throw new RefusedEntriesError(
          codes,
          codes.every((code) => TRANSIENT_ENTRY_ERRORS.has(code) || code === 'Unknown'),
        );
      },
      {
        attempts: ATTEMPTS,
        baseDelayMs: 100,
        maxDelayMs: 1_000,
        isRetryable: (error) => error instanceof RefusedEntriesError && error.transient,
        ...(this.sleep ? { sleep: this.sleep } : {}),
      },
    );
  }
}
