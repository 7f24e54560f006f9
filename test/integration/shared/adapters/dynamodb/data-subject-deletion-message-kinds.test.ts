import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSubjectEraser } from '#shared/adapters/dynamodb/data-subject-deletion-erasers';
import { DynamoDataSubjectDeletionStore } from '#shared/adapters/dynamodb/data-subject-deletion-store';
import { outboxPuts } from '#shared/adapters/dynamodb/outbox';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { transactWrite } from '#shared/adapters/dynamodb/transact';
import { newAuditEntry } from '#shared/domain/audit-log/entry';
import { type DataSubjectDeletion, deletionIdFor, mentionsSubject, zeroCounts } from '#shared/domain/data-subject-deletions/request';
import type { DomainEvent } from '#shared/ports/event-bus';
import { type LocalService, startLocalService } from '../../../../../local/cli/service';
import { FaultInjector } from '../../../../../local/faults/injector';
import { LocalExportFiles } from '../../../../../local/runtime/export-files';

/**
 * Events still due in the outbox when a person's data is deleted (the bus refusing them meanwhile):
 * on the local runtime, with the real publish-events consumer on the outbox table's stream.
 */
const PHONE = '+13125550155';
const ENTERPRISE = 44;
const TEAM = 8950;

let service: LocalService;
let faults: FaultInjector;
let store: DynamoDataSubjectDeletionStore;
let eraser: DynamoSubjectEraser;
const table = physicalTableName;

beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  faults = new FaultInjector([{ target: 'eventbridge', kind: 'refuse', rate: 1 }], 31);
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, faults, streamBatchingWindowSeconds: 0.05 });
  const client = getDocumentClient();
  const tables = {
    teams: table('teams'),
    sessions: table('sessions'),
    leads: table('leads'),
    calls: table('calls'),
    campaigns: table('campaigns'),
    webhooks: table('webhooks'),
    outbox: table('outbox'),
    auditLog: table('audit-log'),
    exports: table('exports'),
  };
  store = new DynamoDataSubjectDeletionStore(client, tables.teams, { outbox: tables.outbox, auditLog: tables.auditLog });
  const files = new LocalExportFiles(
    '/nonexistent',
    () => 'http://127.0.0.1:1',
    () => 'secret',
  );
  eraser = new DynamoSubjectEraser(client, tables, () => files);
}, 60_000);
afterAll(async () => {
  await service?.stop();
});

async function deletionOf(teamId: number): Promise<DataSubjectDeletion> {
  const subject = { phone: PHONE, email: null };
  const deletion: DataSubjectDeletion = {
    id: deletionIdFor(ENTERPRISE, [teamId], subject),
    enterpriseId: ENTERPRISE,
    teamIds: [teamId],
    subject,
    status: 'running',
    counts: zeroCounts(),
    done: [],
    createdAt: new Date().toISOString(),
    completedAt: null,
  };
  const audit = newAuditEntry(
    {
      enterpriseId: ENTERPRISE,
      teamIds: [teamId],
      action: 'data_subject_deletion.requested',
      actor: { kind: 'system' },
      target: { type: 'data_subject_deletion', id: deletion.id },
      detail: {},
    },
    new Date(),
  );
  await store.createDeletion(deletion, audit);
  return deletion;
}

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
    const deletion = await deletionOf(TEAM);
    await eraser.erase('outbox_events', deletion);
    await eraser.erase('outbox_events', deletion);
    expect((await store.getDeletion(deletion.id))?.counts.outbox_events).toBe(1);

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
    await eraser.erase('outbox_events', deletion);
    expect((await outboxItem(theirs))?.historyPk).toBe(`TEAM#${TEAM}`);
  }, 60_000);
});
