import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { EventBridgeEvent } from 'aws-lambda';
import { type DomainEvent, EVENT_SOURCE, type EventBus } from '#shared/ports/event-bus';

export type LocalEventListener = (event: EventBridgeEvent<string, Record<string, unknown>>) => void | Promise<void>;

/**
 * The local event bus: each event becomes a real EventBridge envelope, is appended to
 * `<dataDir>/events.jsonl` and is delivered to in-process subscribers (tests, the demo).
 */
export class LocalEventBus implements EventBus {
  readonly published: EventBridgeEvent<string, Record<string, unknown>>[] = [];
  private readonly listeners = new Set<LocalEventListener>();

  constructor(private readonly dataDir?: string) {}

  async publish(events: readonly DomainEvent[]): Promise<void> {
    for (const e of events) {
      const envelope: EventBridgeEvent<string, Record<string, unknown>> = {
        version: '0',
        id: randomUUID(),
        'detail-type': e.type,
        source: EVENT_SOURCE,
        account: '000000000000',
        time: new Date().toISOString(),
        region: 'local',
        resources: [],
        detail: e.detail,
      };
      this.published.push(envelope);
      if (this.dataDir) {
        mkdirSync(this.dataDir, { recursive: true });
        appendFileSync(path.join(this.dataDir, 'events.jsonl'), `${JSON.stringify(envelope)}\n`);
      }
      for (const listener of this.listeners) await listener(envelope);
    }
  }

  subscribe(listener: LocalEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
