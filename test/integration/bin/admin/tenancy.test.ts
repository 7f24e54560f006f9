import { DynamoAuditLogStore } from '#shared/adapters/dynamodb/audit-log-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { admin, adminJson } from '../../../support/admin-harness';
import { startEmulator } from '../../../support/emulator';

/** `team set`: a team's call retention, stored with its audit entry in one write, on the embedded DynamoDB. */
let dynamo: LocalDynamo;
let store: DynamoTenancyStore;
let log: DynamoAuditLogStore;
let enterpriseId: number;
let teamId: number;
let otherTeamId: number;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
  log = new DynamoAuditLogStore(getDocumentClient(), physicalTableName('audit-log'));
  enterpriseId = (await adminJson<{ id: number }>('enterprise', 'create', '--name', 'Retention Inc')).id;
  const team = (name: string, workspace: string) =>
    adminJson<{ id: number }>(
      'team',
      'create',
      '--name',
      name,
      '--timezone',
      'America/Chicago',
      '--enterprise',
      String(enterpriseId),
      '--workspace',
      workspace,
    );
  teamId = (await team('Retention North', 'ws_retention_north')).id;
  otherTeamId = (await team('Retention South', 'ws_retention_south')).id;
});
afterAll(() => dynamo.stop());

const retentionEntries = async () =>
  (
    await log.list({
      enterpriseIds: [enterpriseId],
      teamIds: [teamId, otherTeamId],
      action: 'retention.changed',
      after: undefined,
      limit: 50,
    })
  ).map((row) => row.entry);

describe('admin team set', () => {
  it('stores both settings, lists the team for the sweeper and records who changed what', async () => {
    const shown = await adminJson<Record<string, unknown>>(
      'team',
      'set',
      '--team',
      String(teamId),
      '--transcript-retention-days',
      '90',
      '--recording-retention-days',
      '30',
    );
    expect(shown).toEqual({ teamId, transcriptRetentionDays: 90, recordingRetentionDays: 30 });
    expect(await store.getTeam(teamId)).toMatchObject({ transcriptRetentionDays: 90, recordingRetentionDays: 30 });
    expect(await store.listRetentionTeamIds()).toContain(teamId);
    const [entry] = await retentionEntries();
    expect(entry).toMatchObject({
      teamIds: [teamId],
      actor: { kind: 'operator' },
      target: { type: 'team', id: String(teamId) },
      detail: {
        transcript_retention_days: 90,
        recording_retention_days: 30,
        previous_transcript_retention_days: 'keep',
        previous_recording_retention_days: 'keep',
      },
    });
    expect(await store.getTeam(otherTeamId)).not.toHaveProperty('transcriptRetentionDays');
  });

  it('changes only the flag given; keep clears it, and keeping both takes the team off the sweeper’s list', async () => {
    await adminJson('team', 'set', '--team', String(teamId), '--recording-retention-days', 'keep');
    expect(await store.getTeam(teamId)).toMatchObject({ transcriptRetentionDays: 90, recordingRetentionDays: null });
    expect(await store.listRetentionTeamIds()).toContain(teamId);
    await adminJson('team', 'set', '--team', String(teamId), '--transcript-retention-days', 'keep');
    expect(await store.getTeam(teamId)).toMatchObject({ transcriptRetentionDays: null, recordingRetentionDays: null });
    expect(await store.listRetentionTeamIds()).not.toContain(teamId);
    const [latest] = await retentionEntries();
    expect(latest?.detail).toMatchObject({ transcript_retention_days: 'keep', previous_transcript_retention_days: 90 });
  });

  it.each([
    [['--transcript-retention-days', '0'], '--transcript-retention-days'],
    [['--transcript-retention-days', '1.5'], '--transcript-retention-days'],
    [['--recording-retention-days', 'forever'], '--recording-retention-days'],
    [['--recording-retention-days', '3651'], '--recording-retention-days'],
    [[], '--transcript-retention-days'],
  ])('refuses %j, naming %s, and writes nothing', async (flags, flag) => {
    const before = (await retentionEntries()).length;
    const run = await admin('team', 'set', '--team', String(otherTeamId), ...flags, '--json');
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr)).toMatchObject({ error: 'invalid_request', flag });
    expect((await retentionEntries()).length).toBe(before);
    expect(await store.getTeam(otherTeamId)).not.toHaveProperty('transcriptRetentionDays');
  });

  it('refuses an unknown team by its flag', async () => {
    const run = await admin('team', 'set', '--team', '999999', '--transcript-retention-days', '7', '--json');
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr)).toMatchObject({ flag: '--team' });
  });
});
