/** A domain event: `type` becomes the EventBridge detail-type, `detail` the payload. */
export interface DomainEvent {
  readonly type: string;
  readonly detail: Record<string, unknown>;
}

export interface EventBus {
  publish(events: readonly DomainEvent[]): Promise<void>;
}

/** EventBridge `source` of every event the service emits. */
export const EVENT_SOURCE = 'lead-call-scheduling-service';
