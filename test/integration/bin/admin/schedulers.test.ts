import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import type { Team } from '#shared/domain/tenancy';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { admin } from '../../../support/admin-harness';
import { startEmulator } from '../../../support/emulator';

describe('admin CLI: schedulers', () => {
  let dynamo: LocalDynamo;
  let team: Team;
  let schedulers: DynamoSchedulerConfigStore;
  const set = (...flags: string[]) => admin('scheduler', 'set', '--team', String(team.id), ...flags);

  beforeAll(async () => {
    dynamo = await startEmulator();
    const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
    const enterprise = await tenancy.createEnterprise({ name: 'E' });
    team = await tenancy.createTeam({
      name: 'Widgets',
      timezone: 'America/Denver',
      isTest: false,
      enterpriseId: enterprise.id,
      workspaceId: 'ws_widgets',
    });
    schedulers = new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams'));
  });
  afterAll(() => dynamo.stop());

  it("creates a scheduler in the team's zone, with hours by day ranges", async () => {
    const run = await set(
      '--id',
      '41',
      '--name',
      'Main widget',
      '--services',
      'Drain clog, Leak detection',
      '--job-types',
      'Repair',
      '--areas',
      'Denver,Boulder',
      '--hours',
      'mon-fri=8:00-17:30,sat=09:00-13:00',
    );
    expect(run).toMatchObject({ code: 0 });
    expect(await schedulers.getScheduler(team.id, 41)).toMatchObject({
      name: 'Main widget',
      services: ['Drain clog', 'Leak detection'],
      job_types: ['Repair'],
      service_areas: ['Denver', 'Boulder'],
      time_zone: 'America/Denver',
      hours: {
        monday: { open: '08:00', close: '17:30' },
        friday: { open: '08:00', close: '17:30' },
        saturday: { open: '09:00', close: '13:00' },
        sunday: null,
      },
    });
  });

  it('updates only what the flags name', async () => {
    expect((await set('--id', '41', '--hours', 'sat=closed', '--time-zone', 'America/Phoenix')).code).toBe(0);
    const saved = await schedulers.getScheduler(team.id, 41);
    expect(saved).toMatchObject({
      name: 'Main widget',
      time_zone: 'America/Phoenix',
      hours: { monday: { open: '08:00', close: '17:30' }, saturday: null },
    });
  });

  it.each([
    [['--id', '41', '--time-zone', 'Mars/Olympus'], '--time-zone'],
    [['--id', '41', '--hours', 'mon=17:00-08:00'], '--hours'],
    [['--id', '41', '--hours', 'mon=25:00-26:00'], '--hours'],
    [['--id', '41', '--hours', 'fri-mon=08:00-17:00'], '--hours'],
    [['--id', '41', '--hours', 'funday=closed'], '--hours'],
    [['--id', '0', '--name', 'X', '--hours', 'mon=08:00-09:00'], '--id'],
    [['--id', '42', '--hours', 'mon=08:00-09:00'], '--name'],
    [['--id', '42', '--name', 'No hours'], '--hours'],
    [['--id', '41', '--name', ' '], '--name'],
    [['--id', '41', '--slot-minutes', '2'], '--slot-minutes'],
    [['--id', '41', '--capacity', 'many'], '--capacity'],
    [['--id', '41', '--days-ahead', '0'], '--days-ahead'],
    [['--id', '41', '--allowed-origins', 'https://acme.example/book'], '--allowed-origins'],
    [['--id', '41', '--reminder-offsets', '24h,2d'], '--reminder-offsets'],
    [['--id', '41', '--reminder-offsets', '2h,120m'], '--reminder-offsets'],
    [['--id', '41', '--reminder-offsets', '1h,2h,3h,4h,5h,6h'], '--reminder-offsets'],
    [['--id', '41', '--change-cutoff', 'soon'], '--change-cutoff'],
    [['--id', '41', '--recovery', 'email'], '--recovery'],
  ])('refuses %j naming %s, and changes nothing', async (flags, flag) => {
    const before = await schedulers.getScheduler(team.id, 41);
    const run = await set(...flags);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(flag);
    expect(await schedulers.getScheduler(team.id, 41)).toEqual(before);
    expect(await schedulers.getScheduler(team.id, 42)).toBeNull();
  });

  it('sets the booking settings, keeps those not named, and shows the booking page and embed code', async () => {
    const run = await set(
      '--id',
      '41',
      '--slot-minutes',
      '90',
      '--capacity',
      '3',
      '--allowed-origins',
      'https://acme.example, http://127.0.0.1:*',
    );
    expect(run).toMatchObject({ code: 0 });
    expect(await schedulers.getScheduler(team.id, 41)).toMatchObject({
      slot_minutes: 90,
      interval_minutes: 60,
      lead_time_minutes: 120,
      days_ahead: 14,
      capacity_per_slot: 3,
      allowed_origins: ['https://acme.example', 'http://127.0.0.1:*'],
    });
    const show = await admin('scheduler', 'show', '--team', String(team.id), '--id', '41', '--base-url', 'https://api.example.com/v1/');
    expect(show.stdout).toContain(`booking page  https://api.example.com/v1/widget/${team.id}/41`);
    expect(show.stdout).toContain(
      `<script src="https://api.example.com/v1/widget/assets/embed.js" data-team="${team.id}" data-scheduler="41" async></script>`,
    );
    expect(show.stdout).toContain('90 min every 60 min, 3 per slot');
  });

  it('sets reminders, the change cutoff and recovery, reads older schedulers as the defaults, and shows them', async () => {
    expect(await schedulers.getScheduler(team.id, 41)).toMatchObject({
      reminder_offsets_minutes: [1440, 120],
      change_cutoff_minutes: 120,
      recovery: 'text',
    });
    const run = await set('--id', '41', '--reminder-offsets', '30m,2h,48h', '--change-cutoff', '90m', '--recovery', 'both');
    expect(run).toMatchObject({ code: 0 });
    expect(await schedulers.getScheduler(team.id, 41)).toMatchObject({
      reminder_offsets_minutes: [2880, 120, 30],
      change_cutoff_minutes: 90,
      recovery: 'both',
      slot_minutes: 90,
    });
    const show = await admin('scheduler', 'show', '--team', String(team.id), '--id', '41');
    expect(show.stdout).toContain('reminders     48h, 2h, 30m before the visit');
    expect(show.stdout).toContain('until 90m before the visit');
    expect((await set('--id', '41', '--reminder-offsets', 'none')).code).toBe(0);
    expect(await schedulers.getScheduler(team.id, 41)).toMatchObject({ reminder_offsets_minutes: [], recovery: 'both' });
    expect((await admin('scheduler', 'show', '--team', String(team.id), '--id', '41')).stdout).toContain('reminders     none');
  });

  it('sets a team’s field-service system, reads the client secret from a variable, and never shows it', async () => {
    const t = String(team.id);
    process.env.ST_TEST_SECRET = 's3cr3t-value';
    const set = await admin(
      'field-service',
      'set',
      '--team',
      t,
      '--system',
      'servicetitan',
      '--tenant',
      '1234567',
      '--client-id',
      'cid.abc',
      '--client-secret-env',
      'ST_TEST_SECRET',
      '--app-key',
      'ak1.xyz',
      '--application-guid',
      '6b0b4c0e-9f1a-4c51-9d1e-2b1f0a7c3d11',
      '--business-unit',
      '11',
      '--job-type',
      '22',
      '--campaign',
      '33',
      '--cancel-reason',
      '71',
    );
    expect(set).toMatchObject({ code: 0 });
    const show = await admin('field-service', 'show', '--team', t, '--json');
    expect(JSON.parse(show.stdout)).toMatchObject({
      system: 'servicetitan',
      tenant_id: '1234567',
      client_secret: '(set)',
      business_unit_id: 11,
      cancel_reason_id: 71,
    });
    expect(show.stdout).not.toContain('s3cr3t-value');
    const missing = await admin('field-service', 'set', '--team', t, '--system', 'servicetitan', '--tenant', '1');
    expect(missing.code).toBe(2);
    expect((await admin('field-service', 'set', '--team', t, '--system', 'none')).code).toBe(0);
    expect(JSON.parse((await admin('field-service', 'show', '--team', t, '--json')).stdout)).toEqual({ system: 'none' });
  });

  it('refuses a team that does not exist', async () => {
    const run = await admin('scheduler', 'list', '--team', '999999');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--team');
  });

  it('shows and lists schedulers, as text and JSON', async () => {
    const show = await admin('scheduler', 'show', '--team', String(team.id), '--id', '41');
    expect(show.stdout).toContain('Main widget');
    expect(show.stdout).toContain('saturday      closed');
    const list = await admin('scheduler', 'list', '--team', String(team.id), '--json');
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ scheduler_id: 41, team_id: team.id })]);
    const missing = await admin('scheduler', 'show', '--team', String(team.id), '--id', '7');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--id');
  });
});
