import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture } from '../support/tenancy-fixture';
import { bookLatestOpenSlot } from '../support/widget-booking';

/**
 * A visit's reminder through `npm start`'s runtime: planned when the booking's confirmation is
 * sent, kept by the local scheduler across a restart of the service on the same data folder, and
 * sent once when due. The scheduler is driven by its clock (runDue) rather than waited for.
 */
process.env.LOG_LEVEL = 'silent';

const SCHEDULER = 31;
/** The smallest offset worth a reminder in a test: five minutes before the visit. */
const OFFSET_MINUTES = 5;
/** Zones around the world: one of them is in the middle of its day now, when reminders may go. */
const ZONES = [
  'Pacific/Honolulu',
  'America/Los_Angeles',
  'America/Chicago',
  'America/New_York',
  'America/Sao_Paulo',
  'Atlantic/Azores',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Noumea',
  'Pacific/Auckland',
];

/** A zone where it is between 9:00 and 16:59 now: the visit (two hours ahead) and its reminder fall in the day. */
function daytimeZone(now: Date): string {
  const hourIn = (zone: string) =>
    Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(now));
  const zone = ZONES.find((z) => hourIn(z) >= 9 && hourIn(z) <= 16);
  if (!zone) throw new Error('no zone in its day');
  return zone;
}

let dataDir: string;
let first: LocalService | undefined;
let second: LocalService | undefined;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'reminder-restart-'));
});
afterAll(async () => {
  await first?.stop();
  await second?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a visit’s reminder across a restart of the local service', () => {
  it('is planned at booking, survives the restart, and arrives once at its time', async () => {
    first = await startLocalService({ port: 0, dataDir, seed: false, streamBatchingWindowSeconds: 0.05 });
    const fixture = await createTenancyFixture();
    const teamId = fixture.teams.own.id;
    const key = await fixture.createKey('enterprise', ['read:outbound']);
    const settings: SchedulerSettingsInput = {
      name: 'Rapid Rooter Plumbing',
      services: ['Drain clog'],
      job_types: [],
      service_areas: [],
      time_zone: daytimeZone(new Date()),
      hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '00:00', close: '23:59' }])) as SchedulerSettingsInput['hours'],
      lead_time_minutes: 120,
      reminder_offsets_minutes: [OFFSET_MINUTES],
    };
    await new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams')).putScheduler(
      teamId,
      SCHEDULER,
      settings,
      new Date(),
    );

    const appointmentId = await bookLatestOpenSlot(first.url, teamId, SCHEDULER, 'Drain clog', 'first');
    await first.settle();
    const planned = first.scheduler.pending().filter((s) => s.queue === 'appointment-texts' && s.body.appointment_id === appointmentId);
    expect(planned.map((s) => s.body.offset_minutes)).toEqual([OFFSET_MINUTES]);
    const due = Date.parse(planned[0]?.at ?? '');
    expect(due).toBe(Date.parse(String(planned[0]?.body.start)) - OFFSET_MINUTES * 60_000);

    // Stopped and started again on the same folder; the handlers' shared DynamoDB client keeps its port.
    const dynamoPort = Number(new URL(first.dynamoEndpoint).port);
    await first.stop();
    first = undefined;
    second = await startLocalService({ port: 0, dataDir, seed: false, dynamoPort, streamBatchingWindowSeconds: 0.05 });
    const service = second;
    expect(service.scheduler.pending().map((s) => s.name)).toContain(planned[0]?.name);

    const reminders = async () => {
      const response = await fetch(`${service.url}/api/v1/teams/${teamId}/outbound/texts?limit=100`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(200);
      const texts = ((await response.json()) as { data: Record<string, unknown>[] }).data;
      return texts.filter((t) => t.appointment_id === appointmentId && t.purpose === 'booking_reminder');
    };
    // A minute before its time it stays planned and nothing is sent (other schedules, such as the
    // booking's follow-ups, may fall due meanwhile); at its time, one text; run again and redelivered, no second.
    const isPlanned = () => service.scheduler.pending().some((s) => s.name === planned[0]?.name);
    await service.scheduler.runDue(new Date(due - 60_000));
    await service.settle();
    expect(isPlanned()).toBe(true);
    expect(await reminders()).toEqual([]);
    await service.scheduler.runDue(new Date(due));
    await service.settle();
    expect(isPlanned()).toBe(false);
    await service.scheduler.runDue(new Date(due + 60_000));
    await service.queue('appointment-texts').send([{ body: planned[0]?.body ?? {} }]);
    await service.settle();
    const sent = await reminders();
    expect(sent.map((t) => t.status)).toEqual(['sent']);
    expect(String(sent[0]?.body)).toContain('Rapid Rooter Plumbing');
    expect(service.sms.sent.filter((t) => t.reference.startsWith(`appointment:${appointmentId}:booking_reminder:`))).toHaveLength(1);
  }, 120_000);
});
