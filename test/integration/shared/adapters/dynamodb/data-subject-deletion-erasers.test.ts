import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { WITHDRAWN_EXPORT_ERROR } from '#shared/adapters/dynamodb/data-subject-deletion-export-kind';
import { DynamoExportStore } from '#shared/adapters/dynamodb/export-store';
import { campaignPk, teamPk } from '#shared/adapters/dynamodb/keys';
import { textsPk, textsSk } from '#shared/adapters/dynamodb/outbound-keys';
import { chunkSk, teamCampaignsPk } from '#shared/adapters/dynamodb/sms-campaign-items';
import { suppressionPk } from '#shared/adapters/dynamodb/suppression-list';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { newAuditEntry } from '#shared/domain/audit-log/entry';
import { newExportJob } from '#shared/domain/exports/export-job';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { LocalExportFiles } from '../../../../../local/runtime/export-files';
import { startEmulator } from '../../../../support/emulator';
import { type SubjectErasure, subjectErasure } from '../../../../support/subject-erasure';

const PHONE = '+13125550177';
const OTHER = '+13125550100';
const ENTERPRISE = 41;

let dynamo: LocalDynamo;
let dir: string;
let files: LocalExportFiles;
let erasure: SubjectErasure;
let exports: DynamoExportStore;
let teamCounter = 8800;
const client = () => getDocumentClient();
const table = (name: Parameters<typeof physicalTableName>[0]) => physicalTableName(name);

beforeAll(async () => {
  dynamo = await startEmulator();
  dir = mkdtempSync(path.join(tmpdir(), 'dsd-erasers-'));
  files = new LocalExportFiles(
    dir,
    () => 'http://127.0.0.1:1',
    () => 'secret',
    1,
  );
  erasure = subjectErasure(ENTERPRISE, { phone: PHONE, email: null }, files);
  exports = new DynamoExportStore(client(), table('exports'), table('outbox'), table('audit-log'));
});
afterAll(async () => {
  await dynamo.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function put(tableName: string, items: Record<string, unknown>[]) {
  await client().send(new BatchWriteCommand({ RequestItems: { [tableName]: items.map((Item) => ({ PutRequest: { Item } })) } }));
}

async function get(tableName: string, key: Record<string, string>) {
  return (await client().send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
}

describe('the erasers of the stores keyed by the number (embedded DynamoDB)', () => {
  it("deletes the intake's phone guard and the number's text ledgers, keeps the suppression item and others' items", async () => {
    const teamId = ++teamCounter;
    const guard = { pk: `${teamPk(teamId)}#PHONE#${PHONE}`, sk: 'GUARD' };
    const otherGuard = { pk: `${teamPk(teamId)}#PHONE#${OTHER}`, sk: 'GUARD' };
    await put(table('leads'), [
      { ...guard, lead_id: 1 },
      { ...otherGuard, lead_id: 2 },
    ]);
    const last = { pk: `${teamPk(teamId)}#LASTCAMPAIGN`, sk: PHONE };
    const cap = { pk: `${teamPk(teamId)}#CAP`, sk: PHONE };
    const suppression = { pk: suppressionPk(teamId), sk: PHONE };
    await put(table('campaigns'), [
      { ...last, campaign_id: 'cmp_1' },
      { ...cap, slots: [], version: 1 },
      { ...suppression, keyword: 'STOP' },
    ]);
    const deletion = await erasure.deletionOf(teamId);

    expect(await erasure.eraseTwice('intake_guards', deletion)).toBe(1);
    expect(await erasure.eraseTwice('text_ledgers', deletion)).toBe(2);
    expect(await get(table('leads'), guard)).toBeUndefined();
    expect(await get(table('leads'), otherGuard)).toBeDefined();
    expect(await get(table('campaigns'), last)).toBeUndefined();
    expect(await get(table('campaigns'), cap)).toBeUndefined();
    expect(await get(table('campaigns'), suppression)).toBeDefined();
  });

  it("removes the person from the chunks of the team's campaigns, listed or found through their texts, and keeps the others", async () => {
    const teamId = ++teamCounter;
    const [listed, older] = [`cmp_${randomUUID()}`, `cmp_${randomUUID()}`];
    const recipient = (phone: string) => ({ phone, body: `Hi ${phone}`, segments: 1, suppressed: false });
    await put(table('campaigns'), [
      { pk: teamCampaignsPk(teamId), sk: `2026-11-01T00:00:00.000Z#${listed}`, campaign_id: listed },
      { pk: campaignPk(listed), sk: chunkSk(0), recipients: [recipient(PHONE), recipient(OTHER)] },
      { pk: campaignPk(older), sk: chunkSk(0), recipients: [recipient(OTHER), recipient(PHONE)] },
      {
        pk: campaignPk(older),
        sk: `SEND#${PHONE}`,
        status: 'sent',
        team_id: teamId,
        recorded_at: '2026-10-01T00:00:00.000Z',
        textsPk: textsPk(teamId),
        textsStatusPk: `${textsPk(teamId)}#sent`,
        textsSk: textsSk('2026-10-01T00:00:00.000Z', older, PHONE),
      },
    ]);
    const deletion = await erasure.deletionOf(teamId);

    expect(await erasure.eraseTwice('campaign_recipients', deletion)).toBe(2);
    for (const id of [listed, older]) {
      const chunk = await get(table('campaigns'), { pk: campaignPk(id), sk: chunkSk(0) });
      expect(chunk?.recipients).toEqual([recipient(OTHER)]);
    }
    expect(await erasure.eraseTwice('texts', deletion)).toBe(1);
  });
});

describe("the erasers of a call's records (embedded DynamoDB)", () => {
  it("redacts the call's transfers (both copies), the report's appointment and the responder's appointment record", async () => {
    const teamId = ++teamCounter;
    const calls = new DynamoCallStore(client(), table('calls'));
    const providerCallId = `prov_${randomUUID()}`;
    const at = '2026-11-02T10:00:00.000Z';
    await calls.putCalls([
      {
        call_id: randomUUID(),
        team_id: teamId,
        provider_call_id: providerCallId,
        type: 'inboundPhoneCall',
        direction: 'inbound',
        customer: { name: 'Pat', phone: PHONE },
        started_at: at,
        ended_at: at,
        duration_seconds: 1,
        transcript: 'Pat speaking',
        summary: null,
        recording_url: null,
        analysis: { call_reason: null, sentiment: null, booking_intent: null, urgency: null },
        ended_reason: null,
        cost: null,
        appointment_id: null,
        ticket_id: null,
        lead_id: null,
        stl_call_id: null,
        created_at: at,
      },
    ]);
    await calls.saveTransfer({
      transfer_id: 'tr_1',
      team_id: teamId,
      provider_call_id: providerCallId,
      transferred_at: at,
      destination: { type: 'number', number: '+13125550000', sip_uri: null, description: 'Desk', message: 'Putting you through, Pat' },
      reason: 'Pat asked for a person',
      source: 'transfer-update',
      created_at: at,
    });
    const appointment = { name: 'Pat', phone: PHONE };
    await put(table('calls'), [
      {
        pk: `${teamPk(teamId)}#PROVIDERCALL#${providerCallId}`,
        sk: 'REPORT',
        result: { call_id: 'c', outreach: { appointment: { customer: appointment, reason: 'Pat wants AC' } } },
      },
      { pk: `${teamPk(teamId)}#APPOINTMENTS`, sk: `${at}#x#a1`, appointment_id: 'a1', customer: appointment, reason: 'Pat wants AC' },
      {
        pk: `${teamPk(teamId)}#APPOINTMENTS`,
        sk: `${at}#x#a2`,
        appointment_id: 'a2',
        customer: { name: 'Lee', phone: OTHER },
        reason: 'Lee',
      },
    ]);
    const deletion = await erasure.deletionOf(teamId);

    expect(await erasure.eraseTwice('call_reports', deletion)).toBe(3);
    const [transfer] = await calls.listCallTransfers(teamId, providerCallId);
    expect(transfer).toMatchObject({ reason: null, destination: { message: null, description: 'Desk' } });
    const feed = await calls.listTransfersByOffset({ teamId, offset: 0, limit: 10 });
    expect(JSON.stringify(feed)).not.toContain('Pat');
    const report = await get(table('calls'), { pk: `${teamPk(teamId)}#PROVIDERCALL#${providerCallId}`, sk: 'REPORT' });
    expect(JSON.stringify(report)).not.toContain('Pat');
    const mine = await get(table('calls'), { pk: `${teamPk(teamId)}#APPOINTMENTS`, sk: `${at}#x#a1` });
    expect(JSON.stringify(mine)).not.toContain('Pat');
    expect((await get(table('calls'), { pk: `${teamPk(teamId)}#APPOINTMENTS`, sk: `${at}#x#a2` }))?.reason).toBe('Lee');
  });
});

describe('the export withdrawal (embedded DynamoDB, local export files)', () => {
  async function exportOf(teamId: number, state: 'completed' | 'running') {
    const job = newExportJob(
      {
        keyId: 'key_1',
        enterpriseIds: [ENTERPRISE],
        teamIds: [teamId],
        includeTestTeams: false,
        resource: 'leads',
        format: 'ndjson',
        start: '2026-01-01T00:00:00.000Z',
        end: '2027-01-01T00:00:00.000Z',
        fieldGroups: null,
        withTranscripts: false,
      },
      new Date(),
    );
    const audit = newAuditEntry(
      {
        enterpriseId: ENTERPRISE,
        teamIds: [teamId],
        action: 'export.requested',
        actor: { kind: 'system' },
        target: { type: 'export', id: job.exportId },
        detail: {},
      },
      new Date(),
    );
    await exports.createExport(job, [audit]);
    const uploadId = await files.startUpload(job.objectKey);
    await exports.startExport(job.exportId, uploadId);
    const body = gzipSync(`{"phone":"${PHONE}"}\n`);
    const etag = await files.uploadPart(job.objectKey, uploadId, 1, body);
    const part = { number: 1, etag };
    await exports.recordPart(job.exportId, 0, { part, rows: 1, bytes: body.length, position: null, allRead: state === 'completed' });
    if (state === 'completed') {
      await files.completeUpload(job.objectKey, uploadId, [part]);
      const expires = new Date(Date.now() + 7 * 86_400_000).toISOString();
      await exports.completeExport(job.exportId, new Date().toISOString(), expires, []);
    }
    return job;
  }

  it("removes a completed export's file and expires it, fails a running one, and leaves another team's export", async () => {
    const teamId = ++teamCounter;
    const otherTeam = ++teamCounter;
    const completed = await exportOf(teamId, 'completed');
    const running = await exportOf(teamId, 'running');
    const others = await exportOf(otherTeam, 'completed');
    const filePath = (objectKey: string) => path.join(dir, 'exports', objectKey);
    expect(existsSync(filePath(completed.objectKey))).toBe(true);
    const deletion = await erasure.deletionOf(teamId);

    expect(await erasure.eraseTwice('exports', deletion)).toBe(2);
    expect(existsSync(filePath(completed.objectKey))).toBe(false);
    const expired = await exports.getExport(completed.exportId);
    expect(expired?.status).toBe('completed');
    expect(Date.parse(expired?.expiresAt ?? '')).toBeLessThanOrEqual(Date.now());
    expect(await exports.getExport(running.exportId)).toMatchObject({ status: 'failed', error: WITHDRAWN_EXPORT_ERROR });
    expect(existsSync(filePath(others.objectKey))).toBe(true);
    expect(Date.parse((await exports.getExport(others.exportId))?.expiresAt ?? '')).toBeGreaterThan(Date.now());
  });
});
