import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { outboxPuts } from '#shared/adapters/dynamodb/outbox';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { transactWrite } from '#shared/adapters/dynamodb/transact';
import { mentionsSubject } from '#shared/domain/data-subject-deletions/request';
import { RECOVERY_DUE } from '#shared/domain/widget/recovery';
import type { DomainEvent } from '#shared/ports/event-bus';
import { type LocalService, startLocalService } from '../../../../../local/cli/service';
import { FaultInjector } from '../../../../../local/faults/injector';
import { outboxEventExamples } from '../../../../support/event-examples';
import { eventViolations } from '../../../../support/event-schemas';
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

  it('publishes a pending change quoting the person redacted and valid, and starts no text from it', async () => {
    faults.set('eventbridge', 'refuse', 1);
    const person = { name: 'Lee Marsh', phone: PHONE, written: '(312) 555-0155', email: 'lee.marsh@example.com' };
    const visit = outboxEventExamples(person, TEAM).filter((e) => ['appointment.created', 'lead.booking_cancelled'].includes(e.type));
    const recovery: DomainEvent = {
      type: RECOVERY_DUE,
      detail: { event: RECOVERY_DUE, event_id: randomUUID(), occurred_at: '2026-11-29T02:00:00.000Z', team_id: TEAM, scheduler_id: 31 },
    };
    const due = [
      ...visit,
      { ...recovery, detail: { ...recovery.detail, session_id: 'ses_example', started_at: '2026-11-29T01:00:00.000Z' } },
    ];
    const texts = service.queues.get('appointment-texts');
    const followups = service.queues.get('widget-followups');
    if (!texts || !followups) throw new Error('the local service has no appointment-texts or widget-followups queue');
    const queued: unknown[] = [];
    const spies = [texts, followups].map((q) =>
      jest.spyOn(q, 'send').mockImplementation(async (m) => void queued.push(...m.map((x) => x.body))),
    );
    try {
      await transactWrite(getDocumentClient(), { TransactItems: outboxPuts(due) });
      await refusedForAWhile();
      await erasure.eraseTwice('outbox_events', await erasure.deletionOf(TEAM));
      faults.set('eventbridge', 'refuse', 0);
      await service.settle();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    // The cancel quotes the person (its reason): redacted. The visit's creation and the session's
    // recovery name no one and go whole; their workers find the visit and the session erased.
    const cancel = due.find((e) => e.type === 'lead.booking_cancelled');
    for (const event of due) {
      const out = published(event);
      expect(out.map((e) => e.detail.redacted === true)).toEqual([event === cancel]);
      if (event.type !== RECOVERY_DUE) expect(eventViolations({ type: event.type, detail: out[0]?.detail ?? {} })).toEqual([]);
    }
    // From the redacted cancel, only the field-service job's change for the team's own system: no text.
    const fromCancel = queued.filter((body) => JSON.stringify(body).includes(String(cancel?.detail.event_id)));
    expect(fromCancel).toEqual([expect.objectContaining({ kind: 'field_service_change' })]);
    expect(queued).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'booked' }), expect.objectContaining({ kind: 'recovery' })]),
    );
  }, 60_000);
});
