import { PutCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { padId, teamPk } from '#shared/adapters/dynamodb/keys';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { RECOVERY_MODES } from '#shared/domain/appointment-texts/scheduler-settings';
import { schedulerSettingsSchema } from '#shared/domain/scheduler-settings-schema';
import { type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';

let dynamo: LocalDynamo;
let schedulers: DynamoSchedulerConfigStore;
let nextTeam = 7100;
const NOW = new Date('2026-03-01T12:00:00Z');

beforeAll(async () => {
  dynamo = await startEmulator();
  schedulers = new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams'));
});
afterAll(() => dynamo.stop());

const CLOSED = Object.fromEntries(WEEKDAYS.map((day) => [day, null])) as SchedulerSettingsInput['hours'];
const REQUIRED = {
  name: 'Main',
  services: ['Repair'],
  job_types: [],
  service_areas: ['Chicago'],
  time_zone: 'America/Chicago',
  hours: CLOSED,
};

/** A row as an earlier version wrote it, or as something other than the store did: straight to the table. */
async function putRaw(teamId: number, schedulerId: number, attributes: Record<string, unknown>): Promise<void> {
  await getDocumentClient().send(
    new PutCommand({
      TableName: physicalTableName('teams'),
      Item: { pk: teamPk(teamId), sk: `SCHEDULER#${padId(schedulerId)}`, ...attributes },
    }),
  );
}

const settingsArbitrary: fc.Arbitrary<SchedulerSettingsInput> = fc.record(
  {
    name: fc.constantFrom(' Main ', 'North side'),
    services: fc.subarray(['Repair', ' Install', 'Tune-up ']),
    job_types: fc.subarray(['Service', 'Estimate']),
    service_areas: fc.subarray(['Chicago', 'Evanston']),
    time_zone: fc.constantFrom('America/Chicago', 'utc', 'Asia/Kolkata'),
    hours: fc.record(
      Object.fromEntries(
        WEEKDAYS.map((day) => [day, fc.constantFrom(null, { open: '08:00', close: '17:30' }, { open: '00:00', close: '23:59' })]),
      ),
    ) as fc.Arbitrary<SchedulerSettingsInput['hours']>,
    slot_minutes: fc.integer({ min: 5, max: 720 }),
    interval_minutes: fc.integer({ min: 5, max: 720 }),
    lead_time_minutes: fc.integer({ min: 0, max: 60 * 24 * 30 }),
    days_ahead: fc.integer({ min: 1, max: 365 }),
    capacity_per_slot: fc.integer({ min: 1, max: 100 }),
    allowed_origins: fc.subarray(['https://example.com', 'http://127.0.0.1:*']),
    reminder_offsets_minutes: fc.uniqueArray(fc.integer({ min: 1, max: 31 * 24 * 60 }), { maxLength: 5 }),
    change_cutoff_minutes: fc.integer({ min: 0, max: 31 * 24 * 60 }),
    recovery: fc.constantFrom(...RECOVERY_MODES),
  },
  { requiredKeys: ['name', 'services', 'job_types', 'service_areas', 'time_zone', 'hours'] },
);

describe('DynamoSchedulerConfigStore reads a scheduler as stored', () => {
  it('reads back exactly what the settings schema made of what was put, members left out at their defaults', async () => {
    await fc.assert(
      fc.asyncProperty(settingsArbitrary, async (settings) => {
        const teamId = nextTeam++;
        const put = await schedulers.putScheduler(teamId, 4, settings, NOW);
        const expected = { ...schedulerSettingsSchema.parse(settings), scheduler_id: 4, team_id: teamId };
        expect(put).toMatchObject(expected);
        expect(await schedulers.getScheduler(teamId, 4)).toEqual(put);
        expect((await schedulers.listSchedulers({ teamId, limit: 5 })).map((row) => row.scheduler)).toEqual([put]);
      }),
      { numRuns: 30 },
    );
  });

  it('fills a row written before the booking and follow-through members existed as the settings schema would', async () => {
    const teamId = nextTeam++;
    await putRaw(teamId, 2, { ...REQUIRED, scheduler_id: 2, team_id: teamId, created_at: 'c', updated_at: 'u', retired_member: 1 });
    expect(await schedulers.getScheduler(teamId, 2)).toEqual({
      ...schedulerSettingsSchema.parse(REQUIRED),
      scheduler_id: 2,
      team_id: teamId,
      created_at: 'c',
      updated_at: 'u',
    });
  });

  it.each([
    ['hours.monday.close', { hours: { ...CLOSED, monday: { open: '08:00' } } }],
    ['slot_minutes', { slot_minutes: '60' }],
    ['recovery', { recovery: 'email' }],
    ['services.0', { services: [7] }],
    ['time_zone', { time_zone: undefined }],
  ])('refuses a malformed row naming %s', async (where, change) => {
    const teamId = nextTeam++;
    await putRaw(teamId, 3, { ...REQUIRED, scheduler_id: 3, team_id: teamId, created_at: 'c', updated_at: 'u', ...change });
    await expect(schedulers.getScheduler(teamId, 3)).rejects.toThrow(new RegExp(`^stored scheduler item is malformed at ${where}: `));
  });
});
