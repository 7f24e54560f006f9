import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { teamPk } from '#shared/adapters/dynamodb/keys';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { type SubjectErasure, subjectErasure } from '../../../../support/subject-erasure';

/**
 * The free text of a session and a lead beside the person's contact fields: the page the widget
 * was opened on and its referrer, a lead's referrer, and attribution values that name the person.
 */
const PHONE = '+13125550166';
const EMAIL = 'robin.vale@example.com';
const ENTERPRISE = 43;

let dynamo: LocalDynamo;
let erasure: SubjectErasure;
let teamCounter = 8900;
const client = () => getDocumentClient();
const table = physicalTableName;

beforeAll(async () => {
  dynamo = await startEmulator();
  erasure = subjectErasure(ENTERPRISE, { phone: PHONE, email: EMAIL });
});
afterAll(() => dynamo.stop());

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
    expect(await erasure.eraseTwice('sessions', await erasure.deletionOf(teamId))).toBe(1);

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
    expect(await erasure.eraseTwice('leads', await erasure.deletionOf(teamId))).toBe(1);

    const erased = await get(table('leads'), key);
    expect(erased).toMatchObject({ customer_name: null, customer_phone: null, lead_content: {}, referrer_url: null });
    expect(erased?.attribution).toEqual({ ...attribution, utm_term: null });
  });
});
