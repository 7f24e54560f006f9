import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { hashApiKey } from '#shared/auth/api-key';
import { signRecordingLink } from '#shared/auth/recording-link';
import { KEEP_EVERYTHING, retentionAudit } from '#shared/domain/call-retention';
import type { CallRecord } from '#shared/domain/calls';
import type { Team } from '#shared/domain/tenancy';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { sandboxRecordingUrl } from '../../local/sandbox/recordings';
import { storedCall } from '../support/call-fixture';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';

/**
 * A team set to keep transcripts and recordings one day, through the local gateway: its call of two
 * days ago reads with every other field, the transcript route answers as for a call without a
 * transcript and the recording as for a call without a recording; its call of an hour ago, and
 * another team's old call, keep both.
 */
let service: LocalService;
let fixture: TenancyFixture;
let calls: DynamoCallStore;
let reader: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false });
  fixture = await createTenancyFixture();
  calls = new DynamoCallStore(getDocumentClient(), physicalTableName('calls'));
  reader = await fixture.createKey('enterprise_all_teams', ['read:calls', 'read:transcripts', 'read:exports']);
  const { own } = fixture.teams;
  const setting = { transcriptDays: 1, recordingDays: 1 };
  await fixture.store.setTeamRetention(
    own.id,
    setting,
    retentionAudit(own, KEEP_EVERYTHING, setting, { kind: 'operator', osUser: 'ops' }, new Date()),
  );
});
afterAll(() => service?.stop());

async function callOf(team: Team, ageMs: number): Promise<CallRecord> {
  const providerCallId = `prov_${randomUUID()}`;
  const started = new Date(Date.now() - ageMs).toISOString();
  const call: CallRecord = {
    ...storedCall,
    call_id: randomUUID(),
    team_id: team.id,
    provider_call_id: providerCallId,
    started_at: started,
    ended_at: started,
    created_at: started,
    summary: 'Asked about a furnace tune-up.',
    recording_url: sandboxRecordingUrl(providerCallId),
  };
  await calls.putCalls([call]);
  return call;
}

type Json = Record<string, unknown>;
async function get(path: string, team: Team): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${reader}`, 'x-team-id': String(team.id) } });
  return { status: response.status, body: (await response.json()) as Json };
}

describe('call retention through the gateway', () => {
  it('reads an expired call with its other fields, and without its transcript or recording', async () => {
    const { own } = fixture.teams;
    const old = await callOf(own, 48 * HOUR);
    const detail = await get(`/api/calls/${old.call_id}`, own);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      call_id: old.call_id,
      started_at: old.started_at,
      summary: 'Asked about a furnace tune-up.',
      duration_seconds: old.duration_seconds,
      transcript: null,
      recording: null,
    });
    const transcript = await get(`/api/calls/${old.call_id}/transcript`, own);
    expect(transcript.status).toBe(200);
    expect(transcript.body.data).toMatchObject({ call_id: old.call_id, turns: [], text: '' });
    const listed = await get('/api/calls', own);
    const row = (listed.body.data as Json[]).find((c) => c.call_id === old.call_id);
    expect(row).toMatchObject({ transcript: null, recording_url: null });
  });

  it('answers a recording link of an expired call as for a call without a recording', async () => {
    const { own } = fixture.teams;
    const old = await callOf(own, 48 * HOUR);
    const secret = process.env.CURSOR_SECRET;
    const record = await fixture.store.getApiKeyByHash(hashApiKey(reader));
    if (!secret || !record) throw new Error('the local service sets CURSOR_SECRET; the fixture stores the key');
    // A link signed for this key before the call expired still finds no recording.
    const { url } = signRecordingLink({
      callId: old.call_id,
      teamId: own.id,
      keyId: record.keyId,
      now: new Date(),
      baseUrl: service.url,
      secret,
    });
    const response = await fetch(url);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toMatch(/has no recording/);
  });

  it('keeps the transcript and recording of a recent call, and of another team’s old call', async () => {
    const { own, sibling } = fixture.teams;
    for (const [team, call] of [
      [own, await callOf(own, HOUR)],
      [sibling, await callOf(sibling, 48 * HOUR)],
    ] as const) {
      const detail = await get(`/api/calls/${call.call_id}`, team);
      expect(detail.body.data).toMatchObject({ transcript: call.transcript, recording: { url: expect.any(String) } });
      const transcript = await get(`/api/calls/${call.call_id}/transcript`, team);
      expect((transcript.body.data as { turns: unknown[] }).turns).toHaveLength(1);
    }
  });

  it('exports an expired call without its transcript or recording, as the call routes show it', async () => {
    const { own } = fixture.teams;
    const old = await callOf(own, 48 * HOUR);
    const headers = { authorization: `Bearer ${reader}`, 'content-type': 'application/json' };
    const lines: Json[] = [];
    for (const resource of ['calls', 'transcripts']) {
      const body = {
        resource,
        team_ids: [own.id],
        start_date: new Date(Date.now() - 72 * HOUR).toISOString(),
        end_date: new Date(Date.now() + HOUR).toISOString(),
      };
      const created = await fetch(`${service.url}/api/v1/exports`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(created.status).toBe(202);
      const { export_id: exportId } = (await created.json()) as { export_id: string };
      await service.settle();
      const status = (await (await fetch(`${service.url}/api/v1/exports/${exportId}`, { headers })).json()) as Json;
      expect(status.status).toBe('completed');
      const file = await fetch(String(status.download_url));
      const text = gunzipSync(Buffer.from(await file.arrayBuffer())).toString('utf8');
      const line = text
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Json)
        .find((l) => l.call_id === old.call_id);
      if (!line) throw new Error(`the ${resource} export has no line for the expired call`);
      lines.push(line);
    }
    expect(lines[0]).toMatchObject({
      call_id: old.call_id,
      summary: 'Asked about a furnace tune-up.',
      transcript: null,
      recording_url: null,
    });
    expect(lines[1]).toMatchObject({ call_id: old.call_id, turns: [], text: '' });
  });
});
