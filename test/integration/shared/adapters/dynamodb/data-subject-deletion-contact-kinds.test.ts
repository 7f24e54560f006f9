import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSubjectEraser } from '#shared/adapters/dynamodb/data-subject-deletion-erasers';
import { DynamoDataSubjectDeletionStore } from '#shared/adapters/dynamodb/data-subject-deletion-store';
import { teamPk } from '#shared/adapters/dynamodb/keys';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { newAuditEntry } from '#shared/domain/audit-log/entry';
import { type DataSubjectDeletion, type DeletionKind, deletionIdFor, zeroCounts } from '#shared/domain/data-subject-deletions/request';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { LocalExportFiles } from '../../../../../local/runtime/export-files';
import { startEmulator } from '../../../../support/emulator';

/**
 * The free text of a session and a lead beside the person's contact fields: the page the widget
 * was opened on and its referrer, a lead's referrer, and attribution values that name the person.
 */
const PHONE = '+13125550166';
const EMAIL = 'robin.vale@example.com';
const ENTERPRISE = 43;

let dynamo: LocalDynamo;
let store: DynamoDataSubjectDeletionStore;
let eraser: DynamoSubjectEraser;
let teamCounter = 8900;
const client = () => getDocumentClient();
const table = physicalTableName;

beforeAll(async () => {
  dynamo = await startEmulator();
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
  store = new DynamoDataSubjectDeletionStore(client(), tables.teams, { outbox: tables.outbox, auditLog: tables.auditLog });
  const files = new LocalExportFiles(
    '/nonexistent',
    () => 'http://127.0.0.1:1',
    () => 'secret',
  );
  eraser = new DynamoSubjectEraser(client(), tables, () => files);
});
afterAll(() => dynamo.stop());

async function deletionOf(teamId: number): Promise<DataSubjectDeletion> {
  const subject = { phone: PHONE, email: EMAIL };
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

/** Runs a kind twice, as a redelivery after a crash would: the second run changes and counts nothing. */
async function eraseTwice(kind: DeletionKind, deletion: DataSubjectDeletion): Promise<number> {
  await eraser.erase(kind, deletion);
  const first = (await store.getDeletion(deletion.id))?.counts[kind];
  await eraser.erase(kind, deletion);
  expect((await store.getDeletion(deletion.id))?.counts[kind]).toBe(first);
  return first ?? -1;
}

async function put(tableName: string, items: Record<string, unknown>[]) {
  await client().send(new BatchWriteCommand({ RequestItems: { [tableName]: items.map((Item) => ({ PutRequest: { Item } })) } }));
}

const get = async (tableName: string, key: Record<string, string>) =>
  (await client().send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;

const utm = (content: string | null) => ({ source: 'google', medium: 'cpc', campaign: 'spring', term: 'ac repair', content });
const widget = (page: string) => ({ page_url: page, referrer_url: `${page}&ref=1`, lead_id: 5, manage_nonce: 'n-1' });

describe('the sessions and leads erasers: free text beside the contact fields (embedded DynamoDB)', () => {
  it("clears the session's page and referrer and the UTM values naming the person, keeps the campaign and others' sessions", async () => {
    const teamId = ++teamCounter;
    const own = { pk: teamPk(teamId), sk: '2026-11-20T10:00:00.000Z#s-1' };
    const other = { pk: teamPk(teamId), sk: '2026-11-20T11:00:00.000Z#s-2' };
    await put(table('sessions'), [
      {
        ...own,
        customer_info: { name: 'Robin Vale', email: EMAIL, phone: PHONE, address: '9 Elm St' },
        widget: widget('https://acme.example/book?name=Robin+Vale&utm_source=google'),
        utm: utm('robin.vale@example.com'),
        google_ads: { gclid: 'abc', wbraid: null, gbraid: null },
      },
      {
        ...other,
        customer_info: { name: 'Sam', email: null, phone: '+13125550100', address: null },
        widget: widget('https://acme.example/book?utm_source=google'),
        utm: utm('banner-a'),
      },
    ]);
    expect(await eraseTwice('sessions', await deletionOf(teamId))).toBe(1);

    const erased = await get(table('sessions'), own);
    expect(erased?.customer_info).toEqual({ name: null, email: null, phone: null, address: null });
    expect(erased?.widget).toEqual({ page_url: null, referrer_url: null, lead_id: 5, manage_nonce: 'n-1' });
    expect(erased?.utm).toEqual(utm(null));
    expect(erased?.google_ads).toEqual({ gclid: 'abc', wbraid: null, gbraid: null });
    expect(JSON.stringify(erased)).not.toMatch(/Robin|robin|555-?0166/);
    const kept = await get(table('sessions'), other);
    expect(kept?.widget).toEqual(widget('https://acme.example/book?utm_source=google'));
    expect(kept?.utm).toEqual(utm('banner-a'));
  });

  it("clears a lead's referrer and the attribution values naming the person, with its contact fields", async () => {
    const teamId = ++teamCounter;
    const key = { pk: teamPk(teamId), sk: '2026-11-20T10:00:00.000Z#lead-1' };
    const attribution = { utm_source: 'google', utm_term: '(312) 555-0166', utm_content: null, gclid: 'g-1' };
    await put(table('leads'), [
      {
        ...key,
        customer_name: 'Robin Vale',
        customer_phone: PHONE,
        customer_email: null,
        lead_content: { message: 'call me' },
        referrer_url: 'https://acme.example/contact?email=robin.vale%40example.com',
        attribution,
      },
    ]);
    expect(await eraseTwice('leads', await deletionOf(teamId))).toBe(1);

    const erased = await get(table('leads'), key);
    expect(erased).toMatchObject({ customer_name: null, customer_phone: null, lead_content: {}, referrer_url: null });
    expect(erased?.attribution).toEqual({ ...attribution, utm_term: null });
  });
});
