import type { SQSEvent } from 'aws-lambda';
import { DateTime } from 'luxon';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { useAppointmentTextSource } from '#shared/adapters/runtime/appointment-text-dependencies';
import { scheduler } from '#shared/adapters/runtime/scheduler';
import { smsProvider } from '#shared/adapters/runtime/sms-provider';
import type { AppointmentTextMessage } from '#shared/domain/appointment-texts/text-messages';
import type { AppointmentForTexts, AppointmentTextNote } from '#shared/ports/appointment-text-source';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { LocalQueue } from '../../../../local/runtime/queue';
import { LocalScheduler } from '../../../../local/runtime/scheduler';
import { SandboxSmsProvider } from '../../../../local/sandbox/sms-provider';
import { startEmulator } from '../../../support/emulator';
import { startRuntimeState } from '../../../support/runtime-state';

let dynamo: LocalDynamo;
let queue: LocalQueue;
let localScheduler: LocalScheduler;
let sms: SandboxSmsProvider;
const appointments = new Map<string, AppointmentForTexts>();
const notes: { appointmentId: string; note: AppointmentTextNote }[] = [];
const TEAM = 61;
let serial = 0;

beforeAll(async () => {
  dynamo = await startEmulator();
  useAppointmentTextSource(() => ({
    appointment: async (teamId, appointmentId) => {
      const found = appointments.get(appointmentId);
      return found?.notice.teamId === teamId ? found : null;
    },
    recordText: async (_teamId, appointmentId, note) => {
      notes.push({ appointmentId, note });
    },
  }));
});
afterAll(() => dynamo.stop());

beforeEach(() => {
  sms = new SandboxSmsProvider();
  queue = new LocalQueue({
    name: 'appointment-texts',
    batchSize: 5,
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 0.05,
    consumer: async () =>
      (require('../../../../functions/appointment-texter/handler') as { handler: (e: SQSEvent) => Promise<never> }).handler,
  });
  localScheduler = new LocalScheduler(() => queue);
  smsProvider.use(() => sms);
  scheduler.use(() => localScheduler);
});
afterEach(async () => {
  localScheduler.stop();
  await queue.stop();
});

/** A visit three days ahead at 14:00 in New York, with the default reminders. */
function book(overrides: Partial<AppointmentForTexts['notice']> = {}, offsets = [1440, 120]): AppointmentForTexts {
  serial++;
  const start = DateTime.now().setZone('America/New_York').plus({ days: 3 }).set({ hour: 14, minute: 0, second: 0, millisecond: 0 });
  const appointment: AppointmentForTexts = {
    notice: {
      teamId: TEAM,
      appointmentId: `apt_worker_${serial}`,
      phone: `+1312555${String(2000 + serial).padStart(4, '0')}`,
      businessName: 'Summit Plumbing',
      service: 'Water heater repair',
      start: start.toUTC().toISO() ?? '',
      zone: 'America/New_York',
      manageUrl: `https://svc.example.com/widget/manage/m${serial}`,
      ...overrides,
    },
    status: 'scheduled',
    reminderOffsetsMinutes: offsets,
  };
  appointments.set(appointment.notice.appointmentId, appointment);
  return appointment;
}

async function deliver(...messages: AppointmentTextMessage[]): Promise<void> {
  await queue.send(messages.map((body) => ({ body: { ...body } })));
  await queue.drained();
}

/** Every schedule fires, as if the clock had reached the visit. */
async function runAllSchedules(): Promise<void> {
  await localScheduler.runDue(new Date(Date.now() + 30 * 86_400_000));
  await queue.drained();
}

const textsTo = (a: AppointmentForTexts) => sms.sent.filter((t) => t.to === a.notice.phone);
const ids = (a: AppointmentForTexts) => ({ team_id: a.notice.teamId, appointment_id: a.notice.appointmentId });

describe('the appointment-texter worker', () => {
  it('confirms a booking once, plans its reminders, and sends each reminder once when due', async () => {
    const a = book();
    await deliver({ kind: 'booked', ...ids(a) }, { kind: 'booked', ...ids(a) });

    expect(textsTo(a).map((t) => t.body)).toEqual([expect.stringContaining('is booked for')]);
    expect(textsTo(a)[0]?.body).toContain('Reply C to confirm, R to reschedule');
    expect(localScheduler.pending().map((s) => s.at)).toEqual([
      new Date(Date.parse(a.notice.start) - 1440 * 60_000).toISOString(),
      new Date(Date.parse(a.notice.start) - 120 * 60_000).toISOString(),
    ]);
    expect(JSON.stringify(localScheduler.pending())).not.toContain(a.notice.phone);

    await runAllSchedules();
    expect(localScheduler.pending()).toEqual([]);
    expect(textsTo(a).filter((t) => t.body.includes('reminder'))).toHaveLength(2);
    // A reminder message delivered again sends nothing more.
    await deliver({ kind: 'reminder', ...ids(a), start: a.notice.start, offset_minutes: 120 });
    expect(textsTo(a)).toHaveLength(3);
    expect(notes.filter((n) => n.appointmentId === a.notice.appointmentId).map((n) => n.note.outcome)).toEqual(['sent', 'sent', 'sent']);
  });

  it('texts a move once, plans the reminders again, and lets the old start’s reminders do nothing', async () => {
    const a = book();
    await deliver({ kind: 'booked', ...ids(a) });
    const previous = a.notice.start;
    const moved: AppointmentForTexts = { ...a, notice: { ...a.notice, start: new Date(Date.parse(previous) + 86_400_000).toISOString() } };
    appointments.set(a.notice.appointmentId, moved);
    const change: AppointmentTextMessage = { kind: 'changed', ...ids(a), change: 'rescheduled', change_id: 'v2', previous_start: previous };
    await deliver(change, change);

    expect(textsTo(a).filter((t) => t.body.includes(' moved from '))).toHaveLength(1);
    expect(localScheduler.pending()).toHaveLength(4);
    await runAllSchedules();
    const reminders = textsTo(a).filter((t) => t.body.includes('reminder'));
    expect(reminders).toHaveLength(2);
    expect(
      reminders.every((t) => t.body.includes(DateTime.fromISO(moved.notice.start, { zone: 'America/New_York' }).toFormat('LLL d'))),
    ).toBe(true);
  });

  it('sends one cancellation and no reminder for a cancelled visit', async () => {
    const a = book();
    await deliver({ kind: 'booked', ...ids(a) });
    appointments.set(a.notice.appointmentId, { ...a, status: 'cancelled' });
    await deliver(
      { kind: 'changed', ...ids(a), change: 'cancelled', change_id: 'v2' },
      { kind: 'changed', ...ids(a), change: 'cancelled', change_id: 'v2' },
    );
    await runAllSchedules();

    expect(textsTo(a).map((t) => t.body)).toEqual([expect.stringContaining('is booked for'), expect.stringContaining('is cancelled')]);
  });

  it('sends no reminder to a number that opted out after booking, and notes why on the appointment', async () => {
    const a = book();
    await deliver({ kind: 'booked', ...ids(a) });
    const campaigns = new DynamoCampaignStore(getDocumentClient(), physicalTableName('campaigns'));
    await campaigns.suppress(TEAM, a.notice.phone, 'STOP', new Date().toISOString());
    await runAllSchedules();

    expect(textsTo(a)).toHaveLength(1);
    const suppressed = notes.filter((n) => n.appointmentId === a.notice.appointmentId && n.note.outcome === 'suppressed');
    expect(suppressed).toHaveLength(2);
    expect(suppressed[0]?.note.reason).toContain('suppression list');
    await campaigns.unsuppress(TEAM, a.notice.phone);
  });

  it('sends nothing for an appointment of another team, or one it does not know', async () => {
    const a = book();
    await deliver(
      { kind: 'booked', team_id: TEAM + 1, appointment_id: a.notice.appointmentId },
      {
        kind: 'booked',
        team_id: TEAM,
        appointment_id: 'apt_unknown',
      },
    );
    expect(textsTo(a)).toEqual([]);
    expect(localScheduler.pending()).toEqual([]);
  });

  it('delivers a reminder set a moment ahead on its own, at its time', async () => {
    // A zone where it is now about noon, so the reminder is inside courtesy hours.
    const hours = (12 - new Date().getUTCHours() + 24) % 24;
    const shift = hours > 12 ? hours - 24 : hours;
    const zone = shift === 0 ? 'Etc/GMT' : `Etc/GMT${shift > 0 ? '-' : '+'}${Math.abs(shift)}`;
    const a = book({ zone, start: new Date(Date.now() + 61_500).toISOString() }, [1]);
    await deliver({ kind: 'booked', ...ids(a) });
    expect(localScheduler.pending()).toHaveLength(1);

    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await queue.drained();
    expect(textsTo(a).filter((t) => t.body.includes('reminder'))).toHaveLength(1);
  });

  it('keeps a planned reminder across a restart of the local runtime, and sends it once after', async () => {
    const runtime = await startRuntimeState();
    try {
      const before = new LocalScheduler(() => queue, runtime.state);
      scheduler.use(() => before);
      const a = book();
      await deliver({ kind: 'booked', ...ids(a) });
      expect(before.pending()).toHaveLength(2);
      before.stop();

      // A new process: the schedules come back from the state store, fire, and each reminder goes once.
      const after = new LocalScheduler(() => queue, runtime.state);
      scheduler.use(() => after);
      expect(await after.restore()).toBe(2);
      await after.runDue(new Date(Date.now() + 30 * 86_400_000));
      await queue.drained();
      after.stop();
      expect(textsTo(a).filter((t) => t.body.includes('reminder'))).toHaveLength(2);
      expect(await new LocalScheduler(() => queue, runtime.state).restore()).toBe(0);
    } finally {
      await runtime.stop();
    }
  });
});
