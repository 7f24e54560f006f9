import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { teamPk } from '#shared/adapters/dynamodb/keys';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { mentionsSubject } from '#shared/domain/data-subject-deletions/request';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { type SubjectErasure, subjectErasure } from '../../../../support/subject-erasure';

/** The calls eraser: what the caller said, wherever the call keeps it, not only the transcript. */
const PHONE = '+13125550144';
const ENTERPRISE = 45;
const TEAM = 8960;

let dynamo: LocalDynamo;
let erasure: SubjectErasure;

beforeAll(async () => {
  dynamo = await startEmulator();
  erasure = subjectErasure(ENTERPRISE, { phone: PHONE, email: null });
});
afterAll(() => dynamo.stop());

const key = { pk: teamPk(TEAM), sk: '2026-11-20T10:00:00.000Z#call-1' };

describe('the calls eraser (embedded DynamoDB)', () => {
  it("removes the responder's quoted evidence, the call's reason in words and its warnings, keeping outcomes, labels and ids", async () => {
    await getDocumentClient().send(
      new PutCommand({
        TableName: physicalTableName('calls'),
        Item: {
          ...key,
          call_id: 'call-1',
          team_id: TEAM,
          customer: { name: 'Ari Dunn', phone: PHONE, phone_raw: null },
          transcript: 'AI: Hello. User: this is Ari Dunn, 12 Birch Lane, my furnace is out.',
          summary: 'Ari Dunn at 12 Birch Lane',
          recording_url: 'https://recordings.example/1.wav',
          analysis: { call_reason: 'Ari Dunn at 12 Birch Lane has no heat', sentiment: 'negative', urgency: 'high', booking_intent: true },
          decisions: [{ decision: 'book', reason: 'asked for a visit', evidence: ['this is Ari Dunn, 12 Birch Lane'] }],
          warnings: ['appointment time "after Ari gets home" not read'],
          lead_id: 9,
        },
      }),
    );
    expect(await erasure.eraseTwice('calls', await erasure.deletionOf(TEAM))).toBe(1);

    const call = (await getDocumentClient().send(new GetCommand({ TableName: physicalTableName('calls'), Key: key, ConsistentRead: true })))
      .Item;
    expect(call).toMatchObject({
      customer: { name: null, phone: null },
      transcript: null,
      summary: null,
      recording_url: null,
      analysis: { call_reason: null, sentiment: 'negative', urgency: 'high', booking_intent: true, raw: null },
      decisions: [{ decision: 'book', reason: 'asked for a visit', evidence: [] }],
      warnings: [],
      lead_id: 9,
    });
    expect(JSON.stringify(call)).not.toMatch(/Ari|Birch/);
    expect(mentionsSubject(JSON.stringify(call), { phone: PHONE, email: null })).toBe(false);
  });
});
