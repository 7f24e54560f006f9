import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { freeListenPort, type ServiceProcess, startServiceProcess } from '../support/service-process';

/**
 * Booking recovery through `npm start` (a separate process, seeded demo data): a customer picks a
 * service and a slot, gives valid details and leaves; after SESSION_ABANDON_AFTER_SECONDS the
 * session is dropped_off, its recovery lead exists, and one recovery text is on the outbound feed
 * (sent with a working resume_url, or deferred to the next allowed window with send_at and rule),
 * even though `npm start` is killed with SIGKILL right after the drop-off and started again on the
 * same folder. When the text went, its link reopens the session at the step it was left with the
 * details filled, and booking it makes the session booked and recovered on the same lead.
 */
const ABANDON_AFTER_SECONDS = 2;

const dirs: string[] = [];
const running: ServiceProcess[] = [];
afterAll(async () => {
  for (const service of running) await service.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type Row = Record<string, unknown>;

async function until<T>(read: () => Promise<T | null>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function start(dataDir: string, port: number): Promise<ServiceProcess> {
  const service = await startServiceProcess(dataDir, {
    SESSION_ABANDON_AFTER_SECONDS: String(ABANDON_AFTER_SECONDS),
    LOG_REQUESTS: 'false',
    PORT: String(port),
  });
  running.push(service);
  return service;
}

describe('booking recovery through npm start', () => {
  it('texts a qualified drop-off once across a SIGKILL, and its link resumes and books the same session', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'booking-recovery-'));
    dirs.push(dataDir);
    // One address across the restart, as a deployed service keeps: a text sent before the kill links to it.
    const port = await freeListenPort();
    let service = await start(dataDir, port);
    const keys = (
      JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as {
        keys: { key: string; permissions: string[]; team_ids: number[] }[];
      }
    ).keys;
    const key = keys.find((k) => ['read:outbound', 'read:scheduler_analytics', 'read:leads'].every((p) => k.permissions.includes(p)));
    if (!key) throw new Error('no demo key reads outbound texts, sessions and leads');
    const teamId = key.team_ids[0] as number;
    const schedulerId = teamId * 10 + 1;
    const api = async (url: string) =>
      (await (await fetch(`${service.url}${url}`, { headers: { authorization: `Bearer ${key.key}` } })).json()) as { data: Row[] };
    const widget = (route: string, init: { body?: unknown; token?: string } = {}) =>
      fetch(`${service.url}/widget/api/${route}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(init.token ? { 'x-widget-token': init.token } : {}) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });

    const started = (await (await widget(`${teamId}/${schedulerId}/sessions`, { body: {} })).json()) as {
      token: string;
      session: { session_id: string };
      scheduler: { services: string[] };
    };
    const sessionId = started.session.session_id;
    const service0 = started.scheduler.services[0] as string;
    const details = { name: 'Robin Vale', phone: '(312) 555-0199', email: 'robin.vale@example.com', address: '12 Elm St, Springfield' };
    expect(
      (await widget('session/events', { token: started.token, body: { event_type: 'issue_selected', issue_type: service0 } })).status,
    ).toBe(200);
    expect((await widget('session/events', { token: started.token, body: { event_type: 'booking_started' } })).status).toBe(200);
    const refused = await widget('session/events', {
      token: started.token,
      body: { event_type: 'customer_info_completed', customer_info: { ...details, phone: '12' } },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ field: 'phone' });
    expect(
      (await widget('session/events', { token: started.token, body: { event_type: 'customer_info_completed', customer_info: details } }))
        .status,
    ).toBe(200);

    await until(
      async () =>
        (await api(`/api/v1/teams/${teamId}/sessions?status=dropped_off&limit=50`)).data.find((s) => s.session_id === sessionId) ?? null,
      'the drop-off',
      30_000,
    );
    // Killed between the drop-off and the text (or just after it): neither lost nor doubled.
    const victim = service;
    await victim.kill('SIGKILL');
    running.splice(running.indexOf(victim), 1);
    service = await start(dataDir, port);

    const lead = await until(
      async () => (await api(`/api/v1/teams/${teamId}/leads?limit=100`)).data.find((l) => l.external_id === sessionId) ?? null,
      'the recovery lead',
    );
    expect(lead).toMatchObject({ type: 'scheduling_widget' });
    const textOf = async () =>
      (await api(`/api/v1/teams/${teamId}/outbound/texts?limit=100`)).data.filter(
        (t) => t.purpose === 'booking_recovery' && t.recipient === '+13125550199',
      );
    const texts = await until(
      async () => {
        const rows = await textOf();
        return rows.some((t) => t.status === 'sent' || t.status === 'deferred') ? rows : null;
      },
      'the recovery text',
      120_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await textOf()).toHaveLength(1);
    const text = texts[0] as Row;
    expect(text).toMatchObject({ campaign_id: null, appointment_id: null });
    if (text.status === 'deferred') {
      // Outside the customer's calling hours now: waiting for the next window, with its plan.
      expect(typeof text.send_at).toBe('string');
      expect(typeof text.rule).toBe('string');
      return;
    }
    const url = /(http:\/\/\S+\?resume=\S+)/.exec(String(text.body))?.[1] ?? '';
    expect(url).toContain(`/widget/${teamId}/${schedulerId}?resume=`);
    expect(new URL(url).port).toBe(String(port));
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const resumeToken = new URL(url).searchParams.get('resume') as string;
    const resumed = (await (await widget('sessions/resume', { body: { resume_token: resumeToken } })).json()) as {
      token: string;
      step: string;
      session: { session_id: string; status: string; customer_info: Row };
    };
    expect(resumed).toMatchObject({
      step: 'customer_info_completed',
      session: { session_id: sessionId, status: 'pending', customer_info: { phone: '+13125550199' } },
    });
    expect((await widget('sessions/resume', { body: { resume_token: `${resumeToken.slice(0, -2)}AA` } })).status).toBe(404);

    const slots = (await (await widget(`${teamId}/${schedulerId}/availability?days=14`)).json()) as {
      days: { date: string; slots: { time: string }[] }[];
    };
    const slot = slots.days.flatMap((d) => d.slots.map((s) => ({ date: d.date, time: s.time })))[0];
    const booked = await widget('session/booking', { token: resumed.token, body: { issue_type: service0, ...slot, ...details } });
    expect(booked.status).toBe(200);
    const row = await until(
      async () =>
        (await api(`/api/v1/teams/${teamId}/sessions?status=booked&limit=100`)).data.find((s) => s.session_id === sessionId) ?? null,
      'the booking',
    );
    expect(row).toMatchObject({ status: 'booked', recovered: true });
    const events = (row.events as { event_type: string; channel?: string }[]).map((e) =>
      e.channel ? `${e.event_type}:${e.channel}` : e.event_type,
    );
    expect(events).toEqual(expect.arrayContaining(['session_abandoned', 'recovery_sent:text', 'session_resumed', 'booking_completed']));
    const leads = (await api(`/api/v1/teams/${teamId}/leads?limit=100`)).data.filter((l) => l.external_id === sessionId);
    expect(leads).toHaveLength(1);
    // The funnel answers from rollups the session stream keeps: they follow within seconds.
    const funnel = await until(async () => {
      const answer = (await (
        await fetch(`${service.url}/api/v1/teams/${teamId}/analytics/funnel`, { headers: { authorization: `Bearer ${key.key}` } })
      ).json()) as { data: Record<string, number> };
      return (answer.data.recovered_bookings ?? 0) >= 1 ? answer.data : null;
    }, 'the recovered booking in the funnel');
    expect(funnel.qualified_drop_offs).toBeGreaterThanOrEqual(1);
    expect(funnel.recovery_attempts).toBeGreaterThanOrEqual(1);
  }, 300_000);
});
