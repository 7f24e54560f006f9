import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSubjectEraser } from '#shared/adapters/dynamodb/data-subject-deletion-erasers';
import { DynamoDataSubjectDeletionStore, deletionKey } from '#shared/adapters/dynamodb/data-subject-deletion-store';
import { teamPk } from '#shared/adapters/dynamodb/keys';
import { DynamoOutboxStore, outboxPuts } from '#shared/adapters/dynamodb/outbox';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { CallRecord } from '#shared/domain/calls';
import { type DeletionMessage, requestDeletion, runDeletion } from '#shared/domain/data-subject-deletions/run';
import { normaliseSubject } from '#shared/domain/data-subject-deletions/subject';
import type { SubjectEraser } from '#shared/ports/data-subject-deletion-store';
import type { QueueMessage } from '#shared/ports/message-queue';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { LocalExportFiles } from '../../../../../local/runtime/export-files';
import { startEmulator } from '../../../../support/emulator';

let dynamo: LocalDynamo;
let store: DynamoDataSubjectDeletionStore;
let eraser: DynamoSubjectEraser;
let calls: DynamoCallStore;
let teamCounter = 7700;
const PHONE = '+13125550142';

beforeAll(async () => {
  dynamo = await startEmulator();
  const client = getDocumentClient();
  const tables = {
    teams: physicalTableName('teams'),
    sessions: physicalTableName('sessions'),
    leads: physicalTableName('leads'),
    calls: physicalTableName('calls'),
    campaigns: physicalTableName('campaigns'),
    webhooks: physicalTableName('webhooks'),
    outbox: physicalTableName('outbox'),
    auditLog: physicalTableName('audit-log'),
    exports: physicalTableName('exports'),
  };
  store = new DynamoDataSubjectDeletionStore(client, tables.teams, { outbox: tables.outbox, auditLog: tables.auditLog });
  eraser = new DynamoSubjectEraser(
    client,
    tables,
    () =>
      new LocalExportFiles(
        undefined,
        () => 'http://127.0.0.1:1',
        () => 'secret',
      ),
  );
  calls = new DynamoCallStore(client, tables.calls);
});
afterAll(() => dynamo.stop());

function callOf(teamId: number, phone: string): CallRecord {
  return {
    call_id: randomUUID(),
    team_id: teamId,
    provider_call_id: `prov_${randomUUID()}`,
    type: 'inboundPhoneCall',
    direction: 'inbound',
    customer: { name: 'Pat', phone },
    started_at: new Date(Date.now() - 60_000).toISOString(),
    ended_at: new Date().toISOString(),
    duration_seconds: 60,
    transcript: 'Customer: my number is 312 555 0142',
    summary: 'Pat called',
    recording_url: 'https://recordings.example.com/calls/x.wav',
    analysis: { call_reason: 'repair', sentiment: null, booking_intent: null, urgency: null },
    ended_reason: null,
    cost: null,
    appointment_id: null,
    ticket_id: null,
    lead_id: null,
    stl_call_id: null,
    created_at: new Date().toISOString(),
  };
}

/** A team with the person's call, widget session and a sent event naming them, and someone else's call. */
async function seeded() {
  const teamId = ++teamCounter;
  const mine = callOf(teamId, PHONE);
  const other = callOf(teamId, '+13125550199');
  await calls.putCalls([mine, other]);
  await getDocumentClient().send(
    new PutCommand({
      TableName: physicalTableName('sessions'),
      Item: {
        pk: teamPk(teamId),
        sk: `2026-11-01T00:00:00.000Z#${teamId}#s1`,
        customer_info: { name: 'Pat', email: 'pat@example.com', phone: PHONE, address: '1 Main St' },
      },
    }),
  );
  const eventId = randomUUID();
  const event = {
    type: 'lead.created',
    detail: { event: 'lead.created', event_id: eventId, team_id: teamId, lead: { phone_number: PHONE } },
  };
  await getDocumentClient().send(new TransactWriteCommand({ TransactItems: outboxPuts([event]) }));
  await new DynamoOutboxStore(getDocumentClient(), physicalTableName('outbox')).markSent(eventId, new Date(), teamId);
  return { teamId, mine, other, eventId };
}

async function requested(teamId: number) {
  const sent: QueueMessage[] = [];
  const deletion = await requestDeletion(
    { store, queue: { send: async (m) => void sent.push(...m) } },
    { enterpriseId: 1, teamIds: [teamId], subject: await normaliseSubject({ phone: '(312) 555-0142' }) },
    { now: new Date(), actor: { kind: 'system' } },
  );
  return { deletion, message: sent[0]?.body as unknown as DeletionMessage };
}

describe('deletion on request (embedded DynamoDB)', () => {
  it('redacts the call, the session and the sent event, keeps the counts exact, and forgets the subject', async () => {
    const { teamId, mine, other, eventId } = await seeded();
    const { deletion, message } = await requested(teamId);
    await runDeletion({ store, eraser, now: () => new Date() }, message);

    const done = await store.getDeletion(deletion.id);
    expect(done).toMatchObject({ status: 'completed', subject: null, completedAt: expect.any(String) });
    expect(done?.counts).toMatchObject({ calls: 1, sessions: 1, outbox_events: 1, leads: 0 });
    const redacted = await calls.getCall(teamId, mine.call_id);
    expect(redacted).toMatchObject({ customer: { name: null, phone: null }, transcript: null, summary: null, recording_url: null });
    const kept = await calls.getCall(teamId, other.call_id);
    expect(kept?.customer.phone).toBe('+13125550199');
    const session = await getDocumentClient().send(
      new GetCommand({
        TableName: physicalTableName('sessions'),
        Key: { pk: teamPk(teamId), sk: `2026-11-01T00:00:00.000Z#${teamId}#s1` },
      }),
    );
    expect(session.Item?.customer_info).toEqual({ name: null, email: null, phone: null, address: null });
    const sentEvent = await getDocumentClient().send(
      new GetCommand({ TableName: physicalTableName('outbox'), Key: { pk: `EVENT#${eventId}` } }),
    );
    expect(sentEvent.Item).toBeUndefined();
  });

  it('resumes after a crash mid-way without removing or counting anything twice', async () => {
    const { teamId } = await seeded();
    const { deletion, message } = await requested(teamId);
    let stops = 0;
    const crashing: SubjectEraser = {
      erase: async (kind, d) => {
        await eraser.erase(kind, d);
        if (kind === 'calls' && ++stops === 1) throw new Error('stopped');
      },
    };
    await expect(runDeletion({ store, eraser: crashing, now: () => new Date() }, message)).rejects.toThrow('stopped');
    expect((await store.getDeletion(deletion.id))?.status).toBe('running');
    await runDeletion({ store, eraser: crashing, now: () => new Date() }, message);
    await runDeletion({ store, eraser, now: () => new Date() }, message);
    expect((await store.getDeletion(deletion.id))?.counts).toMatchObject({ calls: 1, sessions: 1, outbox_events: 1 });

    const again = await requested(teamId);
    expect(again.deletion).toMatchObject({ id: deletion.id, status: 'completed' });
    expect(again.message).toBeUndefined();
  });

  it('reads a count stored before its kind existed as 0, and refuses a count that is not a number', async () => {
    const { deletion } = await requested(++teamCounter);
    const key = deletionKey(deletion.id);
    const table = physicalTableName('teams');
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: table,
        Key: key,
        UpdateExpression: 'REMOVE count_exports SET count_texts = :n',
        ExpressionAttributeValues: { ':n': 3 },
      }),
    );
    expect((await store.getDeletion(deletion.id))?.counts).toMatchObject({ exports: 0, texts: 3, leads: 0 });
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: table,
        Key: key,
        UpdateExpression: 'SET count_leads = :x',
        ExpressionAttributeValues: { ':x': 'many' },
      }),
    );
    await expect(store.getDeletion(deletion.id)).rejects.toThrow(/count_leads/);
  });
});
