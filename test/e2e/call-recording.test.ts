import { randomUUID } from 'node:crypto';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { hashApiKey } from '#shared/auth/api-key';
import type { KeyType, Permission } from '#shared/auth/permissions';
import { RECORDING_LINK_TTL_SECONDS, signRecordingLink } from '#shared/auth/recording-link';
import type { CallRecord } from '#shared/domain/calls';
import type { Team } from '#shared/domain/tenancy';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { sandboxRecordingUrl, silentWav } from '../../local/sandbox/recordings';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';

let service: LocalService;
let fixture: TenancyFixture;
let calls: DynamoCallStore;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false });
  fixture = await createTenancyFixture();
  calls = new DynamoCallStore(getDocumentClient(), physicalTableName('calls'));
});
afterAll(() => service.stop());

function callOf(team: Team, recordingUrl: string | null): CallRecord {
  const providerCallId = `prov_${randomUUID()}`;
  return {
    call_id: randomUUID(),
    team_id: team.id,
    provider_call_id: providerCallId,
    type: 'inboundPhoneCall',
    direction: 'inbound',
    customer: { name: 'Pat Example', phone: '+15125550100' },
    started_at: '2026-03-01T15:00:00.000Z',
    ended_at: '2026-03-01T15:03:00.000Z',
    duration_seconds: 180,
    transcript: null,
    summary: null,
    recording_url: recordingUrl ?? null,
    analysis: { call_reason: null, sentiment: null, booking_intent: null, urgency: null },
    ended_reason: null,
    cost: null,
    appointment_id: null,
    ticket_id: null,
    lead_id: null,
    stl_call_id: null,
    created_at: '2026-03-01T15:03:00.000Z',
  };
}

async function storedCall(team: Team, recordingUrl?: string | null): Promise<CallRecord> {
  const call = callOf(team, null);
  const stored = { ...call, recording_url: recordingUrl === undefined ? sandboxRecordingUrl(call.provider_call_id) : recordingUrl };
  await calls.putCalls([stored]);
  return stored;
}

async function keyId(type: KeyType = 'enterprise', permissions: Permission[] = ['read:calls'], team?: Team): Promise<string> {
  const key = await fixture.createKey(type, permissions, { team });
  const record = await fixture.store.getApiKeyByHash(hashApiKey(key));
  if (!record) throw new Error('the fixture key was not stored');
  return record.keyId;
}

function link(call: CallRecord, key: string, options: { teamId?: number; now?: Date } = {}): string {
  const secret = process.env.CURSOR_SECRET;
  if (!secret) throw new Error('the local service sets CURSOR_SECRET');
  return signRecordingLink({
    callId: call.call_id,
    teamId: options.teamId ?? call.team_id,
    keyId: key,
    now: options.now ?? new Date(),
    baseUrl: service.url,
    secret,
  }).url;
}

/** No credential at all: the link is all a player has. */
async function fetchLink(url: string): Promise<{ status: number; headers: Headers; bytes: Buffer; text: string }> {
  const response = await fetch(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

function expectError(answer: { status: number; text: string }, status: number, message: RegExp): void {
  expect(answer.status).toBe(status);
  const body = JSON.parse(answer.text) as { error?: unknown; message?: string };
  expect(body.message).toMatch(message);
  expect(answer.text).not.toMatch(/recordings\.example\.com|evil\.example|\bat .*\.ts:\d+/);
}

describe('GET /api/calls/{callId}/recording', () => {
  it('answers the bytes of a sandbox recording for a link signed for the call, without any credential', async () => {
    const call = await storedCall(fixture.teams.own);
    const answer = await fetchLink(link(call, await keyId()));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('audio/wav');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.bytes.equals(silentWav(8000))).toBe(true);
    expect(answer.bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
  });

  it('streams a 30 MiB recording (66 minutes of 8 kHz WAV) through the gateway, byte for byte, as it arrives', async () => {
    const call = await storedCall(fixture.teams.own, 'https://recordings.example.com/calls/long-66.wav');
    const samples = 66 * 60 * 8000;
    const response = await fetch(link(call, await keyId()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(Number(response.headers.get('content-length'))).toBe(44 + samples);
    expect(response.headers.get('x-request-id')).toEqual(expect.any(String));
    // Read chunk by chunk: the body arrives in many pieces, not as one buffered answer.
    let total = 0;
    let chunks = 0;
    let header: Buffer | null = null;
    let silent = true;
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = Buffer.from(value);
      if (!header) header = chunk.subarray(0, 44);
      const data = total < 44 ? chunk.subarray(44 - total) : chunk;
      if (silent && data.some((b) => b !== 128)) silent = false;
      total += chunk.length;
      chunks++;
    }
    expect(total).toBe(44 + samples);
    expect(total).toBeGreaterThan(30 * 1024 * 1024);
    expect(chunks).toBeGreaterThan(10);
    expect(header?.equals(silentWav(samples).subarray(0, 44))).toBe(true);
    expect(silent).toBe(true);
  });

  it('refuses an edited link with 403', async () => {
    const call = await storedCall(fixture.teams.own);
    const url = new URL(link(call, await keyId()));
    for (const [name, value] of [
      ['team_id', String(fixture.teams.sibling.id)],
      ['expires', String(Number(url.searchParams.get('expires')) + 3600)],
      ['key', await keyId()],
    ] as const) {
      const edited = new URL(url);
      edited.searchParams.set(name, value);
      expectError(await fetchLink(edited.toString()), 403, /not valid/);
    }
    const otherCall = await storedCall(fixture.teams.own);
    expectError(await fetchLink(url.toString().replace(call.call_id, otherCall.call_id)), 403, /not valid/);
    const signature = url.searchParams.get('signature') ?? '';
    url.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);
    expectError(await fetchLink(url.toString()), 403, /not valid/);
  });

  it('refuses an expired link with 403 saying so', async () => {
    const call = await storedCall(fixture.teams.own);
    const issued = new Date(Date.now() - (RECORDING_LINK_TTL_SECONDS + 5) * 1000);
    expectError(await fetchLink(link(call, await keyId(), { now: issued })), 403, /expired at/);
  });

  it('answers 400 naming the field when a link member is missing or malformed', async () => {
    const call = await storedCall(fixture.teams.own);
    const url = new URL(link(call, await keyId()));
    url.searchParams.delete('signature');
    const answer = await fetchLink(url.toString());
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/signature/);
  });

  it('stops serving once the key is revoked, even within the 15 minutes', async () => {
    const call = await storedCall(fixture.teams.own);
    const key = await keyId();
    const url = link(call, key);
    expect((await fetchLink(url)).status).toBe(200);
    await fixture.store.revokeApiKey(key, new Date().toISOString());
    expectError(await fetchLink(url), 403, /no longer active/);
  });

  it('refuses a link of a key without read:calls', async () => {
    const call = await storedCall(fixture.teams.own);
    expectError(await fetchLink(link(call, await keyId('enterprise', ['read:teams']))), 403, /no longer holds read:calls/);
  });

  it("refuses a team the key does not reach, and answers 404 for another team's call like an unknown one", async () => {
    const foreign = await storedCall(fixture.teams.foreign);
    expectError(await fetchLink(link(foreign, await keyId())), 403, /no longer accessible/);

    // A key reaching both teams, a link naming the sibling team for the own team's call.
    const own = await storedCall(fixture.teams.own);
    const both = await keyId('enterprise_all_teams', ['read:calls']);
    expectError(await fetchLink(link(own, both, { teamId: fixture.teams.sibling.id })), 404, /No call/);
    expectError(await fetchLink(link(callOf(fixture.teams.own, null), both)), 404, /No call/);
  });

  it('answers 404 for a call without a recording', async () => {
    const call = await storedCall(fixture.teams.own, null);
    expectError(await fetchLink(link(call, await keyId())), 404, /has no recording/);
  });

  it('never fetches a recording outside the allowed hosts, nor over plain http (409)', async () => {
    const key = await keyId();
    for (const url of [
      'https://evil.example.net/calls/x.wav',
      'http://recordings.example.com/calls/x.wav',
      'https://recordings.example.com:8443/calls/x.wav',
      'https://user:pw@recordings.example.com/calls/x.wav',
    ]) {
      const call = await storedCall(fixture.teams.own, url);
      expectError(await fetchLink(link(call, key)), 409, /does not fetch recordings from/);
    }
  });

  it('answers 409 for a recording over the size cap and 503 when the provider fails, never a bare 5xx', async () => {
    const key = await keyId();
    const large = await storedCall(fixture.teams.own, 'https://recordings.example.com/calls/oversized.wav');
    expectError(await fetchLink(link(large, key)), 409, /larger than 200 MB/);
    const failing = await storedCall(fixture.teams.own, 'https://recordings.example.com/calls/unavailable.wav');
    expectError(await fetchLink(link(failing, key)), 503, /did not deliver the recording/);
  });
});
