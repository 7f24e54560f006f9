import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { outboxPuts } from '#shared/adapters/dynamodb/outbox';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { transactWrite } from '#shared/adapters/dynamodb/transact';
import { mentionsSubject } from '#shared/domain/data-subject-deletions/request';
import type { DomainEvent } from '#shared/ports/event-bus';
import { type LocalService, startLocalService } from '../../../../../local/cli/service';
import { FaultInjector } from '../../../../../local/faults/injector';
import { type SubjectErasure, subjectErasure } from '../../../../support/subject-erasure';

/**
 * Events still due in the outbox when a person's data is deleted (the bus refusing them meanwhile):
 * on the local runtime, with the real publish-events consumer on the outbox table's stream.
 */
const PHONE = '+13125550155';
const ENTERPRISE = 44;
const TEAM = 8950;

let service: LocalService;
let faults: FaultInjector;
let erasure: SubjectErasure;
const table = physicalTableName;

beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  faults = new FaultInjector([{ target: 'eventbridge', kind: 'refuse', rate: 1 }], 31);
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, faults, streamBatchingWindowSeconds: 0.05 });
  erasure = subjectErasure(ENTERPRISE, { phone: PHONE, email: null });
}, 60_000);
afterAll(async () => {
  await service?.stop();
});

const leadCreated = (phone: string, name: string): DomainEvent => ({
  type: 'lead.created',
  detail: {
    event: 'lead.created',
    event_id: randomUUID(),
    occurred_at: '2026-11-29T02:00:00.000Z',
    lead_id: 77,
    team_id: TEAM,
    lead: { customer_name: name, phone_number: phone, email: null },
    outreach: { status: 'queued', max_attempts: 3 },
  },
});

const published = (event: DomainEvent) => service.eventBus.published.filter((e) => e.detail.event_id === event.detail.event_id);
const outboxItem = async (event: DomainEvent) =>
  (
    await getDocumentClient().send(
      new GetCommand({ TableName: table('outbox'), Key: { pk: `EVENT#${String(event.detail.event_id)}` }, ConsistentRead: true }),
    )
  ).Item;

/** Waits until the consumer has been refused a few times: the events are due, none published. */
async function refusedForAWhile(): Promise<void> {
  const before = faults.injected.get('eventbridge.refuse') ?? 0;
  while ((faults.injected.get('eventbridge.refuse') ?? 0) - before < 3) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('the outbox eraser: events still due when the person is deleted (local runtime)', () => {
  it('publishes a pending event about the person once, redacted, after the deletion, and leaves another person’s event whole', async () => {
    const theirs = leadCreated(PHONE, 'Lee Marsh');
    const others = leadCreated('+13125550100', 'Kim Ode');
    await transactWrite(getDocumentClient(), { TransactItems: outboxPuts([theirs, others]) });
    await refusedForAWhile();
    expect(published(theirs)).toEqual([]);

    // Run twice, as a redelivered deletion would: the event is redacted and counted once.
    const deletion = await erasure.deletionOf(TEAM);
    expect(await erasure.eraseTwice('outbox_events', deletion)).toBe(1);

    faults.set('eventbridge', 'refuse', 0);
    await service.settle();

    // Its insert record and the redaction's record both reached the consumer: one publication, redacted.
    const out = published(theirs);
    expect(out).toHaveLength(1);
    expect(out[0]?.detail).toEqual({
      event: 'lead.created',
      event_id: theirs.detail.event_id,
      occurred_at: '2026-11-29T02:00:00.000Z',
      lead_id: 77,
      team_id: TEAM,
      lead: { email: null },
      outreach: { status: 'queued', max_attempts: 3 },
      redacted: true,
    });
    expect(mentionsSubject(JSON.stringify(out[0]), { phone: PHONE, email: null })).toBe(false);
    expect((await outboxItem(theirs))?.state).toBe('sent');
    expect(published(others).map((e) => e.detail)).toEqual([others.detail]);

    // Once sent, the redacted event names no one: a later deletion's run leaves it in the history.
    await erasure.eraser.erase('outbox_events', deletion);
    expect((await erasure.store.getDeletion(deletion.id))?.counts.outbox_events).toBe(1);
    expect((await outboxItem(theirs))?.historyPk).toBe(`TEAM#${TEAM}`);
  }, 60_000);
});
