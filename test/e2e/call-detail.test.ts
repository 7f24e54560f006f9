import { randomUUID } from 'node:crypto';
import type { Team } from '#shared/domain/tenancy';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { eventViolations } from '../support/event-schemas';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';

/**
 * GET /api/calls/{callId}, /api/calls/{callId}/transcript and /api/call-transfers through the local
 * gateway, fed by the voice webhook: turns from artifact.messages, transfer-update messages stored
 * once under redelivery and joined to the call whether they came before or after its report.
 */

let service: LocalService;
let fixture: TenancyFixture;
let writer: string;
/** Every event the service published, as EventBridge would carry it. */
const published: { 'detail-type': string; detail: Record<string, unknown> }[] = [];

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false });
  service.eventBus.subscribe((e) => {
    published.push(e);
  });
  fixture = await createTenancyFixture();
  writer = await fixture.createKey('enterprise_all_teams', ['write:calls']);
});
afterAll(() => service?.stop());

type Json = Record<string, unknown>;

async function webhook(team: Team, body: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${service.url}/v1/responder/webhook`, {
    method: 'POST',
    headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json', 'x-workspace-id': team.workspaceId },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function get(path: string, key: string, team?: Team): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${service.url}${path}`, {
    headers: { authorization: `Bearer ${key}`, ...(team ? { 'x-team-id': String(team.id) } : {}) },
  });
  return { status: response.status, body: (await response.json()) as Json };
}

// The call happened an hour before the run, on the second: `GET /api/calls` lists the last 7 days by
// default, so a fixed date would fall out of the list a week after it was written.
const t0 = Math.floor((Date.now() - 60 * 60_000) / 1000) * 1000;

function report(providerCallId: string, extra: Json = {}) {
  return {
    message: {
      type: 'end-of-call-report',
      call: { id: providerCallId, type: 'inboundPhoneCall', customer: { number: '+14155550134', name: 'Dana Whitfield' } },
      artifact: {
        recordingUrl: 'https://recordings.example.com/x.wav',
        messages: [
          { role: 'system', message: 'You are the front desk.', time: t0, secondsFromStart: 0 },
          { role: 'bot', message: 'Thanks for calling, how can I help?', time: t0 + 500, endTime: t0 + 2500, secondsFromStart: 0.5 },
          {
            role: 'user',
            message: 'My basement is flooding, I need someone now.',
            time: t0 + 3000,
            endTime: t0 + 6000,
            secondsFromStart: 3,
          },
          { role: 'tool_calls', time: t0 + 6500, secondsFromStart: 6.5 },
          {
            role: 'bot',
            message: 'Let me connect you with our on-call technician.',
            time: t0 + 7000,
            endTime: t0 + 9000,
            secondsFromStart: 7,
          },
        ],
      },
      endedReason: 'assistant-forwarded-call',
      startedAt: new Date(t0).toISOString(),
      endedAt: new Date(t0 + 60_000).toISOString(),
      cost: 0.12,
      ...extra,
    },
  };
}

function transferUpdate(providerCallId: string, at: number, number = '+14155550190') {
  return {
    message: {
      type: 'transfer-update',
      call: { id: providerCallId },
      timestamp: at,
      destination: { type: 'number', number, message: 'Connecting you now.', description: 'On-call technician' },
    },
  };
}

describe('call detail, transcript and transfers', () => {
  let callId: string;
  let leadId: unknown;
  const providerCallId = `prov_${randomUUID()}`;

  beforeAll(async () => {
    // The transfer arrives before the report (it is sent during the call), and is redelivered.
    expect((await webhook(fixture.teams.own, transferUpdate(providerCallId, t0 + 9000))).body.message).toBe('Transfer recorded');
    expect((await webhook(fixture.teams.own, transferUpdate(providerCallId, t0 + 9000))).body.message).toBe('Transfer already recorded');
    const stored = await webhook(fixture.teams.own, report(providerCallId));
    expect(stored.status).toBe(201);
    callId = (stored.body.data as Json).callId as string;
    // A redelivered report derives no second transfer.
    expect((await webhook(fixture.teams.own, report(providerCallId))).status).toBe(200);
    const list = await get('/api/calls', await fixture.createKey('enterprise', ['read:calls']));
    leadId = ((list.body.data as Json[]).find((c) => c.call_id === callId) as Json).lead_id;
  });

  it('answers the call with its outcome and transfers, no transcript text and no bare recording URL for read:calls', async () => {
    const key = await fixture.createKey('enterprise', ['read:calls']);
    const { status, body } = await get(`/api/calls/${callId}`, key);
    expect(status).toBe(200);
    const data = body.data as Json;
    expect(data).toMatchObject({
      call_id: callId,
      provider_call_id: providerCallId,
      ended_reason: 'assistant-forwarded-call',
      cost: 0.12,
      duration_seconds: 60,
      lead_id: leadId,
      recording: { url: expect.stringContaining(`${service.url}/api/calls/${callId}/recording?`), expires_at: expect.any(String) },
    });
    expect(data).not.toHaveProperty('transcript');
    expect(data).not.toHaveProperty('turns');
    expect(data).not.toHaveProperty('recording_url');
    // The provider's transfer-update, once; the report's derived transfer is superseded by it.
    expect(data.transfers).toEqual([
      {
        transfer_id: expect.stringMatching(/^trf_/),
        call_id: callId,
        provider_call_id: providerCallId,
        transferred_at: new Date(t0 + 9000).toISOString(),
        destination: {
          type: 'number',
          number: '+14155550190',
          sip_uri: null,
          description: 'On-call technician',
          message: 'Connecting you now.',
        },
        reason: null,
        source: 'transfer-update',
      },
    ]);
  });

  it('gives the recording as a 15-minute link back through this API that serves the bytes, never the provider URL', async () => {
    const key = await fixture.createKey('enterprise', ['read:calls']);
    const { body } = await get(`/api/calls/${callId}`, key);
    const recording = (body.data as Json).recording as { url: string; expires_at: string };
    expect(JSON.stringify(body)).not.toContain('recordings.example.com');
    const minutes = (Date.parse(recording.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    // The link stands for the key: no credential is sent with it.
    const audio = await fetch(recording.url);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toMatch(/^audio\//);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // Without a recording on the call there is no link.
    const silent = await webhook(fixture.teams.own, {
      message: { type: 'end-of-call-report', call: { id: `prov_${randomUUID()}`, type: 'inboundPhoneCall' }, transcript: 'AI: Hello?' },
    });
    const bare = await get(`/api/calls/${(silent.body.data as Json).callId as string}`, key);
    expect((bare.body.data as Json).recording).toBeNull();
  });

  it('lists calls with the same signed recording link, never the provider URL, and null without a recording', async () => {
    const key = await fixture.createKey('enterprise', ['read:calls', 'read:transcripts']);
    const silent = await webhook(fixture.teams.own, {
      message: { type: 'end-of-call-report', call: { id: `prov_${randomUUID()}`, type: 'inboundPhoneCall' }, transcript: 'AI: Hello?' },
    });
    const silentId = (silent.body.data as Json).callId as string;
    const { status, body } = await get('/api/calls?limit=100', key);
    expect(status).toBe(200);
    expect(JSON.stringify(body)).not.toContain('recordings.example.com');
    const rows = body.data as Json[];
    const listed = rows.find((c) => c.call_id === callId) as Json;
    expect(listed.recording_url).toEqual(expect.stringContaining(`${service.url}/api/calls/${callId}/recording?`));
    expect(rows.find((c) => c.call_id === silentId)?.recording_url).toBeNull();
    // The link answers the bytes without a credential, like the detail's.
    const audio = await fetch(listed.recording_url as string);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toMatch(/^audio\//);
  });

  it('publishes call.processed for the stored report once, not again on its redelivery, without the caller', async () => {
    // Published by publish-events from the outbox's stream, shortly after the report's write.
    await service.settle();
    const processed = published.filter((e) => e['detail-type'] === 'call.processed' && e.detail.call_id === callId);
    // The report was posted twice (beforeAll): the event was due with the stored call, the redelivery stores nothing.
    expect(processed).toHaveLength(1);
    expect(eventViolations({ type: 'call.processed', detail: processed[0]?.detail ?? {} })).toEqual([]);
    expect(processed[0]?.detail).toMatchObject({
      team_id: fixture.teams.own.id,
      provider_call_id: providerCallId,
      direction: 'inbound',
      ended_reason: 'assistant-forwarded-call',
      duration_seconds: 60,
    });
    const text = JSON.stringify(processed[0]?.detail);
    expect(text).not.toContain('4155550134');
    expect(text).not.toContain('basement');
  });

  it('adds the transcript text for a key that also holds read:transcripts', async () => {
    const key = await fixture.createKey('enterprise', ['read:calls', 'read:transcripts']);
    const data = (await get(`/api/calls/${callId}`, key)).body.data as Json;
    expect(data.transcript).toContain('Customer: My basement is flooding');
  });

  it('answers the transcript as timed turns and text for read:transcripts', async () => {
    const key = await fixture.createKey('enterprise', ['read:transcripts']);
    const { status, body } = await get(`/api/calls/${callId}/transcript`, key);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      call_id: callId,
      turns: [
        { speaker: 'agent', text: 'Thanks for calling, how can I help?', start_seconds: 0.5, end_seconds: 2.5 },
        { speaker: 'customer', text: 'My basement is flooding, I need someone now.', start_seconds: 3, end_seconds: 6 },
        { speaker: 'agent', text: 'Let me connect you with our on-call technician.', start_seconds: 7, end_seconds: 9 },
      ],
      turns_trimmed: false,
      text: 'AI: Thanks for calling, how can I help?\nCustomer: My basement is flooding, I need someone now.\nAI: Let me connect you with our on-call technician.',
    });
  });

  it('answers 404 alike for an unknown id, a malformed id and another team’s call', async () => {
    const key = await fixture.createKey('enterprise_all_teams', ['read:calls', 'read:transcripts']);
    const answers = [];
    for (const path of [`/api/calls/${randomUUID()}`, '/api/calls/not-a-call', `/api/calls/${callId.toUpperCase()}x`]) {
      answers.push(await get(path, key, fixture.teams.own));
      answers.push(await get(`${path}/transcript`, key, fixture.teams.own));
    }
    // The call exists, but in another team than the one selected.
    answers.push(await get(`/api/calls/${callId}`, key, fixture.teams.sibling));
    answers.push(await get(`/api/calls/${callId}/transcript`, key, fixture.teams.sibling));
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(a.body).toMatchObject({ error: 'not_found' });
    }
    // The same call through its own team still answers.
    expect((await get(`/api/calls/${callId}`, key, fixture.teams.own)).status).toBe(200);
  });

  it('refuses the transcript route to read:calls and the detail to read:transcripts', async () => {
    expect((await get(`/api/calls/${callId}/transcript`, await fixture.createKey('enterprise', ['read:calls']))).status).toBe(403);
    expect((await get(`/api/calls/${callId}`, await fixture.createKey('enterprise', ['read:transcripts']))).status).toBe(403);
  });

  it('lists the team’s transfers newest first with offset pagination, joined to their calls', async () => {
    const team = fixture.teams.sibling;
    const pending = `prov_${randomUUID()}`;
    const reported = `prov_${randomUUID()}`;
    const forwardedOnly = `prov_${randomUUID()}`;
    await webhook(team, transferUpdate(reported, t0 + 1000));
    await webhook(team, transferUpdate(pending, t0 + 2000, '+14155550191'));
    const call = await webhook(team, report(reported));
    // A forwarded call without a transfer-update: the report's transfer, with the destination it names.
    const forwarded = await webhook(team, report(forwardedOnly, { destination: { type: 'sip', sipUri: 'sip:desk@example.com' } }));
    const key = await fixture.createKey('enterprise_all_teams', ['read:calls']);
    const all = await get('/api/call-transfers', key, team);
    expect(all.status).toBe(200);
    const data = all.body.data as Json[];
    expect(data.map((t) => [t.provider_call_id, t.source, t.call_id])).toEqual([
      [forwardedOnly, 'ended_reason', (forwarded.body.data as Json).callId],
      [pending, 'transfer-update', null],
      // Its report said forwarded too, but the provider had reported the transfer: no second one.
      [reported, 'transfer-update', (call.body.data as Json).callId],
    ]);
    expect(all.body.pagination).toEqual({ limit: 100, offset: 0, has_more: false });

    const page = await get('/api/call-transfers?limit=1&offset=1', key, team);
    expect(page.body).toMatchObject({
      data: [{ provider_call_id: data[1]?.provider_call_id }],
      pagination: { limit: 1, offset: 1, has_more: true },
    });

    const range = await get(
      `/api/call-transfers?start_date=${encodeURIComponent(new Date(t0 + 1500).toISOString())}&end_date=${encodeURIComponent(new Date(t0 + 2500).toISOString())}`,
      key,
      team,
    );
    expect((range.body.data as Json[]).map((t) => t.provider_call_id)).toEqual([pending]);

    const detail = await get(`/api/calls/${(forwarded.body.data as Json).callId}`, key, team);
    expect((detail.body.data as Json).transfers).toMatchObject([
      { source: 'ended_reason', reason: 'assistant-forwarded-call', destination: { type: 'sip', sip_uri: 'sip:desk@example.com' } },
    ]);
  });

  it('refuses a transfer-update of the wrong shape with a 400 naming the field', async () => {
    const bad = await webhook(fixture.teams.own, { message: { type: 'transfer-update', call: { id: 'x' }, destination: { number: 42 } } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'message.destination.number' });
    const noCall = await webhook(fixture.teams.own, { message: { type: 'transfer-update' } });
    expect(noCall.status).toBe(400);
    expect(noCall.body).toMatchObject({ field: 'message.call' });
  });
});
