import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type ServiceProcess, startServiceProcess } from '../support/service-process';

/**
 * The widget's asynchronous work through `npm start` (a separate process, seeded demo data):
 * a session left alone becomes dropped_off on time (SESSION_ABANDON_AFTER_SECONDS=2, by the
 * scheduler and the widget-followups worker, with nobody reading it), and `npm start` killed with
 * SIGKILL right after bookings are answered, then started again on the same folder, ends with
 * exactly one sandbox job per booking and its id as st_job_id on the booking request and the session.
 */
const ABANDON_AFTER_SECONDS = 2;

const dirs: string[] = [];
const running: ServiceProcess[] = [];
afterAll(async () => {
  for (const service of running) await service.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface DemoKey {
  key: string;
  permissions: string[];
  team_ids: number[];
}

async function until<T>(read: () => Promise<T | null>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function start(dataDir: string): Promise<ServiceProcess> {
  const service = await startServiceProcess(dataDir, {
    SESSION_ABANDON_AFTER_SECONDS: String(ABANDON_AFTER_SECONDS),
    LOG_REQUESTS: 'false',
  });
  running.push(service);
  return service;
}

describe('the widget through npm start', () => {
  it('drops a session left alone off on time, and makes exactly one job per booking across a SIGKILL', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'widget-lifecycle-'));
    dirs.push(dataDir);
    let service = await start(dataDir);
    expect(service.output()).toMatch(/booking page\s+http:\/\/127\.0\.0\.1:\d+\/widget\/\d+\/\d+/);
    const keys = (JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as { keys: DemoKey[] }).keys;
    const key = keys.find((k) => k.team_ids.length === 1 && k.permissions.includes('read:scheduler_analytics'));
    if (!key) throw new Error('no one-team demo key reads scheduler analytics');
    const teamId = key.team_ids[0] as number;
    const schedulerId = teamId * 10 + 1;
    const api = async (url: string) =>
      (await (await fetch(`${service.url}${url}`, { headers: { authorization: `Bearer ${key.key}` } })).json()) as {
        data: Record<string, unknown>[];
      };
    const widget = (route: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
      fetch(`${service.url}/widget/api/${route}`, {
        method: init.method ?? 'GET',
        headers: { 'content-type': 'application/json', ...(init.token ? { 'x-widget-token': init.token } : {}) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    const startSession = async () =>
      (await (await widget(`${teamId}/${schedulerId}/sessions`, { method: 'POST', body: {} })).json()) as {
        token: string;
        session: { session_id: string };
        scheduler: { services: string[] };
      };

    // Drop-off, on time, with nobody reading the session meanwhile.
    const idle = await startSession();
    const startedAt = Date.now();
    const dropped = await until(
      async () => {
        const sessions = await api(`/api/v1/teams/${teamId}/sessions?status=dropped_off&limit=50`);
        return sessions.data.find((s) => s.session_id === idle.session.session_id) ?? null;
      },
      'the idle session to drop off',
      30_000,
    );
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(ABANDON_AFTER_SECONDS * 1000 - 500);
    expect((dropped.events as { event_type: string }[]).map((e) => e.event_type)).toEqual(['session_started', 'session_abandoned']);

    // Bookings, then SIGKILL as soon as they are answered.
    const slots = (await (await widget(`${teamId}/${schedulerId}/availability?days=14`)).json()) as {
      days: { date: string; slots: { time: string }[] }[];
    };
    const free = slots.days.flatMap((d) => d.slots.map((s) => ({ date: d.date, time: s.time }))).slice(0, 4);
    expect(free).toHaveLength(4);
    const sessions = await Promise.all(free.map(() => startSession()));
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    const answers = await Promise.all(
      sessions.map((s, i) =>
        widget('session/booking', {
          method: 'POST',
          token: s.token,
          body: {
            issue_type: s.scheduler.services[0],
            ...free[i],
            name: `Crash ${i}`,
            phone: `+1312555${String(1200 + i)}`,
            email: `c${i}@example.com`,
            address: '1 Main St',
          },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const victim = service;
    await victim.kill('SIGKILL');
    running.splice(running.indexOf(victim), 1);

    service = await start(dataDir);
    const ids = sessions.map((s) => s.session.session_id);
    const requests = await until(
      async () => {
        const rows = (await api(`/api/v1/teams/${teamId}/booking-requests?status=succeeded&limit=100`)).data.filter((r) =>
          ids.includes(r.session_id as string),
        );
        return new Set(rows.map((r) => r.session_id)).size === ids.length ? rows : null;
      },
      'a succeeded booking request for every booking',
      // A delivery killed while it asked holds the job's claim: the next one waits out its 150 s.
      300_000,
    ).catch(async (error: unknown) => {
      // What the service did instead, so that a failure in CI says why.
      const all = (await api(`/api/v1/teams/${teamId}/booking-requests?limit=100`)).data.filter((r) =>
        ids.includes(r.session_id as string),
      );
      const deadLetters = path.join(dataDir, 'dlq-widget-followups.jsonl');
      const lines = [victim, service].flatMap((s) => [
        ...s
          .output()
          .split('\n')
          .filter((l) => /field-service|drop-off|error|warn/i.test(l)),
        '--- restart',
      ]);
      throw new Error(
        [
          String(error),
          `requests: ${JSON.stringify(all.map((r) => [r.session_id, r.attempt, r.status, r.error]))}`,
          `dead letters: ${existsSync(deadLetters) ? readFileSync(deadLetters, 'utf8') : 'none'}`,
          `service logs: ${lines.slice(-80).join('\n')}`,
        ].join('\n'),
      );
    });
    const jobsFile = path.join(dataDir, 'sandbox', 'field-service-jobs.jsonl');
    const jobs = existsSync(jobsFile)
      ? readFileSync(jobsFile, 'utf8')
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l) as { job_id: number; external_id: string })
      : [];
    const booked = (await api(`/api/v1/teams/${teamId}/sessions?status=booked&limit=100`)).data;
    for (const id of ids) {
      const made = jobs.filter((j) => j.external_id === id);
      expect({ id, jobs: made.length }).toEqual({ id, jobs: 1 });
      expect(requests.filter((r) => r.session_id === id).map((r) => r.st_job_id)).toEqual([made[0]?.job_id]);
      expect(booked.find((s) => s.session_id === id)?.st_job_id).toBe(made[0]?.job_id);
    }
  }, 720_000);
});
