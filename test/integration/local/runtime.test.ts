import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { intakeConfigSchema } from '#shared/domain/intake/intake-config-schema';
import { WEEKDAYS } from '#shared/domain/intake/scheduling';
import { endOfCallReportSchema, normalizeReport } from '#shared/domain/voice/call-report';
import type { MessageQueue, QueueMessage, QueueName } from '#shared/ports/message-queue';
import { type LocalService, startLocalService } from '../../../local/cli/service';
import { localDynamoClient } from '../../../local/dynamodb/embedded';
import { LocalScheduler } from '../../../local/runtime/scheduler';
import { simulatedEndOfCallReport } from '../../../local/sandbox/call-reports';
import type { SandboxCall } from '../../../local/sandbox/voice-provider';
import { startRuntimeState } from '../../support/runtime-state';
import { createTenancyFixture } from '../../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';

/**
 * The local runtime's own guarantees: what it persists under the data folder survives a restart
 * (pending schedules are re-armed), it writes events, dead letters and sandbox calls where `npm
 * start` says, its sandbox keys do not outlive it, and the simulated report is a valid provider report.
 */

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'local-runtime-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const readJsonLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

function recordingQueues(): { queues: (name: QueueName) => MessageQueue; sent: { queue: QueueName; message: QueueMessage }[] } {
  const sent: { queue: QueueName; message: QueueMessage }[] = [];
  return {
    sent,
    queues: (queue) => ({
      async send(messages) {
        for (const message of messages) sent.push({ queue, message });
      },
    }),
  };
}

describe('LocalScheduler', () => {
  let runtime: Awaited<ReturnType<typeof startRuntimeState>>;
  beforeAll(async () => {
    runtime = await startRuntimeState();
  });
  afterAll(() => runtime.stop());

  it('sends a schedule that fell due while it was stopped as soon as it is restored from the same store', async () => {
    const first = new LocalScheduler(recordingQueues().queues, runtime.state);
    await first.restore();
    await first.scheduleMessage({
      name: 'stl-1-attempt-1',
      at: new Date(Date.now() + 100),
      queue: 'outreach-calls',
      body: { stl_call_id: 1, attempt: 1 },
    });
    first.stop();
    await new Promise((resolve) => setTimeout(resolve, 150));

    const recorder = recordingQueues();
    const second = new LocalScheduler(recorder.queues, runtime.state);
    expect(await second.restore()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    second.stop();

    expect(recorder.sent).toEqual([{ queue: 'outreach-calls', message: { body: { stl_call_id: 1, attempt: 1 } } }]);
    expect(second.pending()).toEqual([]);
    expect(await runtime.state.list('SCHEDULES')).toEqual([]);
  });

  it('keeps a schedule whose message could not be queued, and sends it on the next run', async () => {
    let failing = true;
    const sent: QueueMessage[] = [];
    const scheduler = new LocalScheduler(
      () => ({
        async send(messages) {
          if (failing) throw new Error('queue down');
          sent.push(...messages);
        },
      }),
      runtime.state,
    );
    await scheduler.scheduleMessage({ name: 'retry-me', at: new Date(Date.now() - 1), queue: 'outreach-calls', body: { n: 2 } });

    await expect(scheduler.runDue()).rejects.toThrow('queue down');
    expect((await runtime.state.list('SCHEDULES')).map((r) => r.sk)).toEqual(['retry-me']);
    failing = false;
    expect(await scheduler.runDue()).toBe(1);
    scheduler.stop();

    expect(sent).toEqual([{ body: { n: 2 } }]);
    expect(await runtime.state.list('SCHEDULES')).toEqual([]);
  });

  it('imports the schedules.json of an older data folder once', async () => {
    const dataDir = tempDir();
    const legacy = [{ name: 'legacy-1', at: new Date(Date.now() + 3_600_000).toISOString(), queue: 'outreach-calls', body: { n: 1 } }];
    writeFileSync(path.join(dataDir, 'schedules.json'), JSON.stringify(legacy));
    const scheduler = new LocalScheduler(recordingQueues().queues, runtime.state);

    expect(await scheduler.restore(dataDir)).toBe(1);
    scheduler.stop();
    await scheduler.cancel('legacy-1');

    expect(existsSync(path.join(dataDir, 'schedules.json'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'schedules.json.imported'))).toBe(true);
  });

  it('sends a due schedule once when the timer and runDue run together', async () => {
    const recorder = recordingQueues();
    const scheduler = new LocalScheduler(recorder.queues);
    await scheduler.scheduleMessage({ name: 'once', at: new Date(Date.now() - 1), queue: 'outreach-calls', body: { n: 1 } });

    await Promise.all([scheduler.runDue(), scheduler.runDue()]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    scheduler.stop();

    expect(recorder.sent).toHaveLength(1);
  });
});

describe('simulated end-of-call report', () => {
  const call = (customerNumber: string, attempt: number): SandboxCall => ({
    providerCallId: 'sandbox_test',
    placedAt: '2026-03-02T15:00:00.000Z',
    request: {
      idempotencyKey: `stl-7-attempt-${attempt}`,
      customerNumber,
      customerName: 'Dana Whitfield',
      metadata: { lead_id: 3, stl_call_id: 7, team_id: 11, attempt },
    },
  });

  it('is a valid nested provider report with booking intent for a customer who answers', () => {
    const { answered, body } = simulatedEndOfCallReport(
      call('+12125550142', 1),
      { serviceType: 'AC repair' },
      new Date('2026-03-02T15:02:00.000Z'),
    );

    expect(answered).toBe(true);
    const normalized = normalizeReport(endOfCallReportSchema().parse(body));
    expect(normalized).toMatchObject({
      providerCallId: 'sandbox_test',
      type: 'outboundPhoneCall',
      customerNumber: '+12125550142',
      customerName: 'Dana Whitfield',
      endedReason: 'customer-ended-call',
      analysis: { callReason: 'AC repair', sentiment: 'positive', bookingIntent: true, urgency: 'standard' },
      metadata: { lead_id: 3, stl_call_id: 7, team_id: 11, attempt: 1 },
      endedAt: '2026-03-02T15:02:00.000Z',
    });
    expect(normalized.transcript).toMatch(/tomorrow at 10 am/i);
    expect(normalized.durationSeconds).toBeGreaterThan(0);
    expect(normalized.cost).toBeGreaterThan(0);
  });

  it('does not answer the first call to a number ending in an odd digit, and answers its retry', () => {
    const first = simulatedEndOfCallReport(call('+12125550143', 1), { serviceType: null }, new Date());
    const retry = simulatedEndOfCallReport(call('+12125550143', 2), { serviceType: null }, new Date());

    expect(first.answered).toBe(false);
    expect(normalizeReport(endOfCallReportSchema().parse(first.body))).toMatchObject({
      endedReason: 'customer-did-not-answer',
      transcript: '',
      analysis: { bookingIntent: false },
    });
    expect(retry.answered).toBe(true);
  });
});

describe('local service with a data folder', () => {
  let dataDir: string;
  let first: LocalService | undefined;
  let second: LocalService | undefined;
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
  });

  it('writes events, sandbox calls and dead letters to its folder, revokes its sandbox key on stop and re-arms schedules on restart', async () => {
    dataDir = tempDir();
    first = await startLocalService({
      port: 0,
      dataDir,
      seed: false,
      simulateCallReports: true,
      callReportDelayMs: 0,
      queueVisibilityTimeoutSeconds: 0.02,
    });
    const fixture = await createTenancyFixture();
    const { own, sibling } = fixture.teams;
    const local = DateTime.now().setZone(sibling.timezone);
    const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    await new DynamoIntakeConfigStore(getDocumentClient(), physicalTableName('teams')).putIntakeConfig(
      sibling.id,
      intakeConfigSchema.parse({
        scheduling: {
          mode: 'business_hours',
          business_hours: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ start: hh(local.hour + 2), end: hh(local.hour + 3) }]])),
        },
      }),
    );
    const ingest = async (key: string, phone: string) => {
      const res = await fetch(`${first?.url}/api/outbound/speed-to-lead/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ name: 'Folder Test', phone }),
      });
      expect(res.status).toBe(201);
      return (await res.json()) as { lead_id: number; stl_call_id: number };
    };
    const called = await ingest(await fixture.createKey('enterprise', ['write:leads']), '+12125550100');
    const scheduled = await ingest(await fixture.createKey('enterprise', ['write:leads'], { team: sibling }), '+12125550102');
    await first.queue('outreach-calls').sendRaw('not JSON at all');
    await first.settle();
    const files = first.files;
    if (!files) throw new Error('a service with a data folder reports its files');

    const events = readJsonLines(files.events);
    const typesOf = (leadId: number) =>
      events.filter((e) => (e.detail as { lead_id: number }).lead_id === leadId).map((e) => e['detail-type']);
    // The three lead events of the called lead, the scheduled lead's lead.created, the call the
    // responder processed, the visit it agreed, and the coach's evaluation of the call.
    expect(events.map((e) => e['detail-type']).sort()).toEqual([
      'appointment.created',
      'call.processed',
      'coach_evaluation.completed',
      'lead.booking_created',
      'lead.completed',
      'lead.created',
      'lead.created',
    ]);
    // The visit is due in the call's own write, so it and call.processed leave in either order.
    expect(typesOf(called.lead_id).filter((type) => type !== 'appointment.created')).toEqual([
      'lead.created',
      'call.processed',
      'lead.booking_created',
      'lead.completed',
    ]);
    expect(typesOf(called.lead_id).filter((type) => type === 'appointment.created')).toHaveLength(1);
    expect(typesOf(scheduled.lead_id)).toEqual(['lead.created']);
    expect(readJsonLines(files.voiceCalls).map((c) => (c.request as { metadata: unknown }).metadata)).toEqual([
      { lead_id: called.lead_id, stl_call_id: called.stl_call_id, team_id: own.id, attempt: 1 },
    ]);
    expect(readJsonLines(path.join(dataDir, 'dlq-outreach-calls.jsonl'))).toEqual([
      expect.objectContaining({ rawBody: 'not JSON at all', receiveCount: 5 }),
    ]);
    const scheduleName = `stl-${scheduled.stl_call_id}-attempt-1`;
    // The called lead's visit has its reminders planned too: how many are still ahead depends on the
    // visit's start, so the outreach schedules are checked alone and every schedule must come back.
    const pending = first.scheduler.pending();
    expect(pending.filter((s) => s.queue === 'outreach-calls').map((s) => s.name)).toEqual([scheduleName]);
    expect(pending.filter((s) => s.queue !== 'outreach-calls').every((s) => s.queue === 'appointment-texts')).toBe(true);
    const sandboxKeys = (await fixture.store.listApiKeys()).filter((k) => k.name === 'local sandbox call reports');
    expect(sandboxKeys).toEqual([expect.objectContaining({ type: 'enterprise_all_teams', permissions: ['write:calls'], revokedAt: null })]);

    await first.stop();
    second = await startLocalService({ port: 0, dataDir, seed: false });

    expect(second.restored).toMatchObject({ messages: 0, schedules: pending.length, callReports: 0 });
    expect(
      second.scheduler
        .pending()
        .map((s) => s.name)
        .sort(),
    ).toEqual(pending.map((s) => s.name).sort());
    expect(second.scheduler.pending().filter((s) => s.queue === 'outreach-calls')).toEqual([
      expect.objectContaining({ name: scheduleName, queue: 'outreach-calls', body: { stl_call_id: scheduled.stl_call_id, attempt: 1 } }),
    ]);
    // The handlers' shared client still points at the first emulator: read with a client of the second.
    const tenancy = new DynamoTenancyStore(
      DynamoDBDocumentClient.from(localDynamoClient(second.dynamoEndpoint)),
      physicalTableName('teams'),
    );
    const after = (await tenancy.listApiKeys()).filter((k) => k.name === 'local sandbox call reports');
    expect(after).toHaveLength(1);
    expect(after[0]?.revokedAt).toEqual(expect.any(String));
  });
});
