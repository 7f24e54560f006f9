import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWidgetSessionStore } from '#shared/adapters/dynamodb/widget-session-store';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import { WEEKDAYS } from '#shared/domain/schedulers';
import type { Team } from '#shared/domain/tenancy';
import {
  bookWidgetSession,
  recordWidgetStep,
  requireTokenSession,
  startWidgetSession,
  type WidgetDependencies,
  widgetAvailability,
} from '#shared/domain/widget/widget-sessions';
import { BadRequestError, ConflictError, UnauthorizedError } from '#shared/errors';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { countingClient } from '../../../../support/per-team-lists';

let dynamo: LocalDynamo;
let deps: WidgetDependencies;
let team: Team;
const SCHEDULER = 501;
/** A Wednesday, 09:30 in Chicago. */
const NOW = new Date('2026-06-10T14:30:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

beforeAll(async () => {
  dynamo = await startEmulator();
  const client = getDocumentClient();
  const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
  const enterprise = await tenancy.createEnterprise({ name: 'Widget test' });
  team = await tenancy.createTeam({
    name: 'Widgets',
    timezone: 'America/Chicago',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId: 'ws_widget_it',
  });
  const schedulers = new DynamoSchedulerConfigStore(client, physicalTableName('teams'));
  await schedulers.putScheduler(
    team.id,
    SCHEDULER,
    {
      name: 'Main',
      services: ['AC Repair', 'Tune-up'],
      job_types: ['Service'],
      service_areas: ['Chicago'],
      time_zone: 'America/Chicago',
      hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '08:00', close: '17:00' }])) as never,
      capacity_per_slot: 2,
    },
    NOW,
  );
  deps = {
    schedulers,
    tenancy,
    sessions: new DynamoWidgetSessionStore(client, physicalTableName('sessions')),
    leadIds: new DynamoIntakeStore(client, physicalTableName('leads')),
    manageLinks: manageLinks(async () => 'widget-test-secret'),
  };
});
afterAll(() => dynamo.stop());

const start = (pageUrl: string | null = null, now = NOW) =>
  startWidgetSession(deps, { teamId: team.id, schedulerId: SCHEDULER, pageUrl, referrer: 'https://www.google.com/', now });

const booking = (token: string, time: string, now = later(10_000)) => ({
  token,
  issueType: 'AC Repair',
  date: '2026-06-11',
  time,
  customer: { name: 'Dana Reyes', phone: '+13125550142', email: 'dana@example.com', address: '1 Main St, Chicago' },
  honeypot: '',
  now,
});

describe('widget sessions on DynamoDB', () => {
  it('starts a pending session with the attribution of the page it opened on, read back by its token only', async () => {
    const { token, session } = await start('https://acme.example/book?utm_source=google&utm_medium=cpc&gclid=Cj0abc&x=1');
    expect(session).toMatchObject({
      status: 'pending',
      utm: { source: 'google', medium: 'cpc', campaign: null },
      google_ads: { gclid: 'Cj0abc', wbraid: null, gbraid: null },
      events: [{ event_type: 'session_started' }],
    });
    const stored = await requireTokenSession(deps, token);
    expect(stored.extras.referrer_url).toBe('https://www.google.com/');
    const other = await start();
    const forged = `${token.split('.')[0]}.${other.token.split('.')[1]}`;
    await expect(requireTokenSession(deps, forged)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(requireTokenSession(deps, undefined)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it("refuses the session's own secret under a reference naming another scheduler of the team", async () => {
    const { token } = await start();
    const [ref = '', secret = ''] = token.slice('wst_'.length).split('.');
    const [teamId, , ...rest] = Buffer.from(ref, 'base64url').toString('utf8').split('|');
    const rewritten = `wst_${Buffer.from([teamId, String(SCHEDULER + 1), ...rest].join('|')).toString('base64url')}.${secret}`;

    await expect(requireTokenSession(deps, token)).resolves.toMatchObject({ session: { scheduler_id: SCHEDULER } });
    await expect(requireTokenSession(deps, rewritten)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('lists the session on the read API with no widget attributes', async () => {
    const { session } = await start();
    const store = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
    const rows = await store.listSessions({ teamIds: [team.id], limit: 100 });
    const row = rows.find((r) => r.session.session_id === session.session_id)?.session as unknown as Record<string, unknown>;
    expect(row).toBeDefined();
    expect(row.token_hash).toBeUndefined();
    expect(row.widget).toBeUndefined();
  });

  it('records steps and refuses an issue type the scheduler does not offer, naming the field', async () => {
    const { token } = await start();
    const after = await recordWidgetStep(deps, { token, step: 'issue_selected', issueType: 'Tune-up', now: later(1000) });
    expect(after.issue_type).toBe('Tune-up');
    expect(after.events.map((e) => e.event_type)).toEqual(['session_started', 'issue_selected']);
    await expect(recordWidgetStep(deps, { token, step: 'issue_selected', issueType: 'Roofing', now: later(2000) })).rejects.toMatchObject({
      field: 'issue_type',
    });
  });

  it('books a slot, says one place remains, and answers a repeated booking as booked', async () => {
    const { token } = await start();
    const first = await bookWidgetSession(deps, booking(token, '10:00'));
    expect(first.kind).toBe('booked');
    if (first.kind !== 'booked') return;
    expect(first.stored.session).toMatchObject({
      status: 'booked',
      selected_date: '2026-06-11',
      selected_time: '10:00',
      issue_type: 'AC Repair',
    });
    expect(first.stored.extras.lead_id).toEqual(expect.any(Number));
    const again = await bookWidgetSession(deps, booking(token, '10:00', later(20_000)));
    expect(again.kind === 'booked' && again.stored.extras.lead_id).toBe(first.stored.extras.lead_id);
    await expect(bookWidgetSession(deps, booking(token, '11:00'))).rejects.toBeInstanceOf(ConflictError);
    const slots = await widgetAvailability(deps, { teamId: team.id, schedulerId: SCHEDULER, from: '2026-06-11', days: 1, now: NOW });
    expect(slots.days[0]?.slots.find((s) => s.time === '10:00')?.remaining).toBe(1);
  });

  it('of 20 customers racing for the last place in a slot, exactly one books; the others see fresh slots without it', async () => {
    const holder = await start();
    await bookWidgetSession(deps, booking(holder.token, '14:00'));
    const racers = await Promise.all(Array.from({ length: 20 }, () => start()));
    const outcomes = await Promise.all(racers.map((r) => bookWidgetSession(deps, booking(r.token, '14:00'))));
    expect(outcomes.filter((o) => o.kind === 'booked')).toHaveLength(1);
    const refused = outcomes.filter((o) => o.kind === 'slot_taken');
    expect(refused).toHaveLength(19);
    for (const o of refused) {
      if (o.kind !== 'slot_taken') continue;
      const day = o.availability.days.find((d) => d.date === '2026-06-11');
      expect(day?.slots.map((s) => s.time)).not.toContain('14:00');
      expect(day?.slots.length).toBeGreaterThan(0);
    }
  });

  it('keeps the name and address without control or bidi characters, and refuses a name of nothing else', async () => {
    const { token } = await start();
    const raw = { name: 'Dana\u202E Reyes\u0000', phone: '+13125550142', email: 'dana@example.com', address: '1 Main St\r\nChicago\u001B' };
    const other = await start();

    const booked = await bookWidgetSession(deps, { ...booking(token, '15:00'), customer: raw });

    expect(booked.kind === 'booked' && booked.stored.session.customer_info).toMatchObject({
      name: 'Dana Reyes',
      address: '1 Main St\nChicago',
    });
    const stored = await requireTokenSession(deps, token);
    expect(stored.session.customer_info).toMatchObject({ name: 'Dana Reyes', address: '1 Main St\nChicago' });
    await expect(
      bookWidgetSession(deps, { ...booking(other.token, '15:00'), customer: { ...raw, name: '\u202E\u0000' } }),
    ).rejects.toMatchObject({ field: 'name' });
  });

  it('refuses a filled honeypot and a booking faster than a person, naming the field', async () => {
    const { token } = await start();
    await expect(bookWidgetSession(deps, { ...booking(token, '09:00'), honeypot: 'http://spam' })).rejects.toMatchObject({
      field: 'website',
    });
    await expect(bookWidgetSession(deps, booking(token, '09:00', later(500)))).rejects.toBeInstanceOf(BadRequestError);
  });

  it('reads only the days an availability answer shows (one counter row per day)', async () => {
    const client = countingClient(getDocumentClient());
    const counted = { ...deps, sessions: new DynamoWidgetSessionStore(client.client, physicalTableName('sessions')) };
    const week = await widgetAvailability(counted, { teamId: team.id, schedulerId: SCHEDULER, days: 7, now: NOW });
    expect(week.days).toHaveLength(7);
    expect(client.counts.queries).toBe(1);
    expect(client.counts.itemsRead).toBeLessThanOrEqual(7);
  });
});
