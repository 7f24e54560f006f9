import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { LocalDynamo } from '../../local/dynamodb';
import { getDocumentClient } from '../../shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore, DynamoIntakeStore } from '../../shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '../../shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '../../shared/adapters/dynamodb/tenancy-store';
import { authenticateApiKey } from '../../shared/domain/identity-resolver';
import { ingestLead } from '../../shared/domain/intake/ingest';
import { DEFAULT_INTAKE_CONFIG, type IntakeConfig } from '../../shared/domain/intake/intake-config';
import type { Team } from '../../shared/domain/tenancy';
import { toHttpError } from '../../shared/http/errors';
import { admin, type AdminRun as Run } from '../support/admin-harness';
import { startEmulator } from '../support/emulator';
import { RecordingEventBus, RecordingQueue, RecordingScheduler } from '../support/intake-fakes';

/** Runs an intake command with --json and returns the configuration it printed. */
async function saved(...argv: string[]): Promise<IntakeConfig> {
  const run = await admin(...argv, '--json');
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(run.stdout) as IntakeConfig;
}

/** Expects a refusal: exit 1, nothing on stdout, the message naming each given text. */
function expectRefused(run: Run, ...texts: string[]): void {
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  for (const text of texts) expect(run.stderr).toContain(text);
}

let workspaceCounter = 0;

describe('admin CLI: intake configuration', () => {
  let dynamo: LocalDynamo;
  let store: DynamoTenancyStore;
  let configs: DynamoIntakeConfigStore;
  let workDir: string;
  /** Two enterprises: `anchor` and `sibling` share one, `foreign` is in the other. */
  let teams: { anchor: Team; sibling: Team; foreign: Team };

  beforeAll(async () => {
    dynamo = await startEmulator();
    store = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
    configs = new DynamoIntakeConfigStore(getDocumentClient(), physicalTableName('teams'));
    workDir = mkdtempSync(path.join(tmpdir(), 'admin-intake-'));
  });
  afterAll(async () => {
    rmSync(workDir, { recursive: true, force: true });
    await dynamo.stop();
  });

  beforeEach(async () => {
    const own = await store.createEnterprise({ name: 'Summit Home Services' });
    const other = await store.createEnterprise({ name: 'Bayside Comfort' });
    const team = (name: string, enterpriseId: number) =>
      store.createTeam({ name, timezone: 'America/Chicago', isTest: false, enterpriseId, workspaceId: `ws_intake_${++workspaceCounter}` });
    teams = {
      anchor: await team('Summit Plumbing', own.id),
      sibling: await team('Summit HVAC', own.id),
      foreign: await team('Bayside Air', other.id),
    };
  });

  const id = (team: Team) => String(team.id);

  describe('intake show', () => {
    it('prints the defaults for a team with nothing stored, as JSON and as text', async () => {
      const json = await saved('intake', 'show', '--team', id(teams.anchor));
      const text = await admin('intake', 'show', '--team', id(teams.anchor));

      expect(json).toEqual(DEFAULT_INTAKE_CONFIG);
      expect(text.code).toBe(0);
      expect(text.stdout).toContain('nothing stored, the defaults apply');
      expect(text.stdout).toMatch(/phone_number\s+phone_number, phone, .*\(default\)/);
      expect(text.stdout).toContain('scheduling      always (times in America/Chicago)');
    });

    it('refuses a team that does not exist, naming --team', async () => {
      expectRefused(await admin('intake', 'show', '--team', '987654'), '--team', '987654');
    });
  });

  describe('intake set', () => {
    it('replaces the whole configuration from a file, defaults filled, and show prints it back', async () => {
      const file = path.join(workDir, 'whole.json');
      writeFileSync(
        file,
        JSON.stringify({
          field_mapping: { fields: { phone_number: ['contact.phone'] } },
          scheduling: { mode: 'business_hours', business_hours: { monday: [{ start: '08:00', end: '17:00' }] } },
          routing: { rules: [{ field: 'brand', equals: ['summit hvac'], team_id: teams.sibling.id }], default_team_id: null },
        }),
      );

      const result = await saved('intake', 'set', '--team', id(teams.anchor), '--file', file);

      expect(result).toMatchObject({ dedupe_window_hours: 24, outreach: { max_attempts: 1 }, scheduling: { mode: 'business_hours' } });
      expect(await configs.getIntakeConfig(teams.anchor.id)).toEqual(result);
      expect(await saved('intake', 'show', '--team', id(teams.anchor))).toEqual(result);
    });

    it('refuses an invalid configuration naming --file and the field, and saves nothing', async () => {
      const file = path.join(workDir, 'invalid.json');
      writeFileSync(file, JSON.stringify({ scheduling: { mode: 'custom', custom_windows: { friday: [{ start: '22:00', end: '6am' }] } } }));

      const run = await admin('intake', 'set', '--team', id(teams.anchor), '--file', file);

      expectRefused(run, '--file', 'scheduling.custom_windows.friday[0].end');
      expect(await configs.getIntakeConfig(teams.anchor.id)).toBeNull();
    });

    it('refuses a file that is not JSON or cannot be read, naming --file', async () => {
      const file = path.join(workDir, 'broken.json');
      writeFileSync(file, '{ "lead_sources": [');

      expectRefused(await admin('intake', 'set', '--team', id(teams.anchor), '--file', file), '--file', 'is not JSON');
      expectRefused(
        await admin('intake', 'set', '--team', id(teams.anchor), '--file', path.join(workDir, 'missing.json')),
        '--file',
        'ENOENT',
      );
    });

    it('refuses routing to a team of another enterprise, naming the field and the team', async () => {
      const file = path.join(workDir, 'foreign.json');
      writeFileSync(file, JSON.stringify({ routing: { rules: [], default_team_id: teams.foreign.id } }));

      const run = await admin('intake', 'set', '--team', id(teams.anchor), '--file', file);

      expectRefused(run, '--file', 'routing.default_team_id', `team ${teams.foreign.id} (Bayside Air)`);
      expect(await configs.getIntakeConfig(teams.anchor.id)).toBeNull();
    });
  });

  describe('intake mapping and notes-combine', () => {
    it('saves an ordered alias list for one target and keeps the defaults for the others', async () => {
      const result = await saved(
        'intake',
        'mapping',
        '--team',
        id(teams.anchor),
        '--target',
        'phone_number',
        '--aliases',
        'contact.phones[0].number, phone,data["tel,home"]',
      );

      expect(result.field_mapping).toEqual({ fields: { phone_number: ['contact.phones[0].number', 'phone', 'data["tel,home"]'] } });
      expect((await configs.getIntakeConfig(teams.anchor.id))?.field_mapping).toEqual(result.field_mapping);
    });

    it('clears one target with --target --clear, and the whole mapping with --clear', async () => {
      await saved('intake', 'mapping', '--team', id(teams.anchor), '--target', 'phone_number', '--aliases', 'contact.phone');
      await saved('intake', 'mapping', '--team', id(teams.anchor), '--target', 'email', '--aliases', 'contact.email');

      const oneCleared = await saved('intake', 'mapping', '--team', id(teams.anchor), '--target', 'phone_number', '--clear');
      const allCleared = await saved('intake', 'mapping', '--team', id(teams.anchor), '--clear');

      expect(oneCleared.field_mapping).toEqual({ fields: { email: ['contact.email'] } });
      expect(allCleared.field_mapping).toBeNull();
    });

    it('refuses an unknown target naming --target and a malformed path naming --aliases', async () => {
      expectRefused(
        await admin('intake', 'mapping', '--team', id(teams.anchor), '--target', 'mobile', '--aliases', 'x'),
        '--target',
        'mobile',
      );
      expectRefused(
        await admin('intake', 'mapping', '--team', id(teams.anchor), '--target', 'phone_number', '--aliases', 'contact..phone'),
        '--aliases',
        'contact..phone',
      );
      expectRefused(await admin('intake', 'mapping', '--team', id(teams.anchor), '--target', 'phone_number'), '--aliases');
      expect(await configs.getIntakeConfig(teams.anchor.id)).toBeNull();
    });

    it('saves notes-combine paths and clears them', async () => {
      const combined = await saved('intake', 'notes-combine', '--team', id(teams.anchor), '--paths', 'job.description,job.access_notes');
      const cleared = await saved('intake', 'notes-combine', '--team', id(teams.anchor), '--clear');

      expect(combined.field_mapping).toEqual({ fields: {}, notes_combine: ['job.description', 'job.access_notes'] });
      expect(cleared.field_mapping).toBeNull();
    });

    it('refuses a malformed notes path naming --paths', async () => {
      expectRefused(
        await admin('intake', 'notes-combine', '--team', id(teams.anchor), '--paths', 'job.description,[oops'),
        '--paths',
        '[oops',
      );
    });
  });

  describe('intake lead-sources', () => {
    it('saves the sources and a default, spelled as the source it matches', async () => {
      const result = await saved(
        'intake',
        'lead-sources',
        '--team',
        id(teams.anchor),
        '--sources',
        'Google Ads, Facebook,Website',
        '--default',
        'website',
      );

      expect(result).toMatchObject({ lead_sources: ['Google Ads', 'Facebook', 'Website'], default_lead_source: 'Website' });
    });

    it('refuses a default that is not one of the sources, naming --default', async () => {
      const run = await admin(
        'intake',
        'lead-sources',
        '--team',
        id(teams.anchor),
        '--sources',
        'Google Ads,Facebook',
        '--default',
        'Website',
      );

      expectRefused(run, '--default', 'Website');
    });

    it('refuses new sources that drop the current default unless --default is given, naming --default', async () => {
      await saved('intake', 'lead-sources', '--team', id(teams.anchor), '--sources', 'Google Ads,Website', '--default', 'Website');

      expectRefused(await admin('intake', 'lead-sources', '--team', id(teams.anchor), '--sources', 'Google Ads'), '--default');
      expect(
        await saved('intake', 'lead-sources', '--team', id(teams.anchor), '--sources', 'Google Ads', '--default', 'none'),
      ).toMatchObject({
        lead_sources: ['Google Ads'],
        default_lead_source: null,
      });
    });

    it('refuses a source named twice, naming --sources', async () => {
      expectRefused(await admin('intake', 'lead-sources', '--team', id(teams.anchor), '--sources', 'Facebook,facebook'), '--sources');
    });
  });

  describe('intake dedupe-window, outreach and phone-region', () => {
    it('save the dedupe window, the attempt policy and the region', async () => {
      await saved('intake', 'dedupe-window', '--team', id(teams.anchor), '--hours', '48');
      await saved('intake', 'outreach', '--team', id(teams.anchor), '--attempts', '3', '--spacing-minutes', '45');
      await saved('intake', 'phone-region', '--team', id(teams.anchor), '--region', 'ca');

      expect(await configs.getIntakeConfig(teams.anchor.id)).toMatchObject({
        dedupe_window_hours: 48,
        outreach: { max_attempts: 3, retry_spacing_minutes: 45 },
        phone_region: 'CA',
      });
    });

    it('refuses values out of range or malformed, naming the flag and the field', async () => {
      expectRefused(await admin('intake', 'dedupe-window', '--team', id(teams.anchor), '--hours', '721'), '--hours', 'dedupe_window_hours');
      expectRefused(await admin('intake', 'dedupe-window', '--team', id(teams.anchor), '--hours', 'a day'), '--hours');
      expectRefused(
        await admin('intake', 'outreach', '--team', id(teams.anchor), '--attempts', '6'),
        '--attempts',
        'outreach.max_attempts',
      );
      expectRefused(
        await admin('intake', 'outreach', '--team', id(teams.anchor), '--spacing-minutes', '0'),
        '--spacing-minutes',
        'outreach.retry_spacing_minutes',
      );
      expectRefused(await admin('intake', 'phone-region', '--team', id(teams.anchor), '--region', 'USA'), '--region', 'USA');
      expectRefused(await admin('intake', 'phone-region', '--team', id(teams.anchor), '--region', 'XX'), '--region', 'XX');
      expect(await configs.getIntakeConfig(teams.anchor.id)).toBeNull();
    });
  });

  describe('intake scheduling', () => {
    it('parses the compact weekly syntax into business hours', async () => {
      const result = await saved(
        'intake',
        'scheduling',
        '--team',
        id(teams.anchor),
        '--mode',
        'business_hours',
        '--hours',
        'mon - fri 08:00-12:00, 13:00-17:00; sat 9:00-12:00',
      );

      const split = [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '17:00' },
      ];
      expect(result.scheduling).toEqual({
        mode: 'business_hours',
        business_hours: {
          monday: split,
          tuesday: split,
          wednesday: split,
          thursday: split,
          friday: split,
          saturday: [{ start: '09:00', end: '12:00' }],
        },
        custom_windows: {},
      });
    });

    it('saves custom windows crossing midnight, wrapping day ranges and 24:00', async () => {
      const result = await saved(
        'intake',
        'scheduling',
        '--team',
        id(teams.anchor),
        '--mode',
        'custom',
        '--custom',
        'fri 22:00-06:00; sat-sun 20:00-24:00',
      );

      expect(result.scheduling.custom_windows).toEqual({
        friday: [{ start: '22:00', end: '06:00' }],
        saturday: [{ start: '20:00', end: '00:00' }],
        sunday: [{ start: '20:00', end: '00:00' }],
      });
      const text = await admin('intake', 'show', '--team', id(teams.anchor));
      expect(text.stdout).toContain('custom windows  fri 22:00-06:00; sat-sun 20:00-00:00');
    });

    it('changes the mode alone and keeps the hours', async () => {
      await saved('intake', 'scheduling', '--team', id(teams.anchor), '--mode', 'business_hours', '--hours', 'weekdays 08:00-17:00');

      const result = await saved('intake', 'scheduling', '--team', id(teams.anchor), '--mode', 'after_hours');

      expect(result.scheduling.mode).toBe('after_hours');
      expect(Object.keys(result.scheduling.business_hours)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
    });

    it('refuses bad days, times and modes, naming the flag', async () => {
      expectRefused(await admin('intake', 'scheduling', '--team', id(teams.anchor), '--mode', 'nights'), '--mode', 'nights');
      expectRefused(
        await admin('intake', 'scheduling', '--team', id(teams.anchor), '--mode', 'business_hours', '--hours', 'mon-fry 08:00-17:00'),
        '--hours',
        'fry',
      );
      expectRefused(
        await admin('intake', 'scheduling', '--team', id(teams.anchor), '--mode', 'business_hours', '--hours', 'mon 08:00-25:00'),
        '--hours',
        '08:00-25:00',
      );
      expectRefused(
        await admin('intake', 'scheduling', '--team', id(teams.anchor), '--mode', 'custom', '--custom', 'fri'),
        '--custom',
        'fri',
      );
      expect(await configs.getIntakeConfig(teams.anchor.id)).toBeNull();
    });

    it('refuses a mode without the windows it needs, naming the windows flag', async () => {
      expectRefused(await admin('intake', 'scheduling', '--team', id(teams.anchor), '--mode', 'business_hours'), '--hours');
      expectRefused(await admin('intake', 'scheduling', '--team', id(teams.anchor), '--mode', 'custom'), '--custom');
    });

    it('refuses after_hours with round-the-clock business hours, which would never call', async () => {
      const run = await admin('intake', 'scheduling', '--team', id(teams.anchor), '--mode', 'after_hours', '--hours', 'daily 00:00-24:00');

      expectRefused(run, '--hours', 'leaves no time to call');
    });
  });

  describe('intake routing', () => {
    it('saves the rules in the order given, with a default team of the same enterprise', async () => {
      const result = await saved(
        'intake',
        'routing',
        '--team',
        id(teams.anchor),
        '--rule',
        `brand=summit hvac,summit heating->${teams.sibling.id}`,
        '--rule',
        `lead.brand=summit plumbing, summit->${teams.anchor.id}`,
        '--default-team',
        id(teams.anchor),
      );

      expect(result.routing).toEqual({
        rules: [
          { field: 'brand', equals: ['summit hvac', 'summit heating'], team_id: teams.sibling.id },
          { field: 'lead.brand', equals: ['summit plumbing', 'summit'], team_id: teams.anchor.id },
        ],
        default_team_id: teams.anchor.id,
      });
      const text = await admin('intake', 'show', '--team', id(teams.anchor));
      expect(text.stdout).toContain(`1. brand = "summit hvac" | "summit heating" -> team ${teams.sibling.id} (Summit HVAC)`);
      expect(text.stdout).toContain(`otherwise -> team ${teams.anchor.id} (Summit Plumbing)`);
    });

    it('refuses a rule naming a team of another enterprise, naming the team, and saves nothing', async () => {
      const run = await admin('intake', 'routing', '--team', id(teams.anchor), '--rule', `brand=bayside->${teams.foreign.id}`);

      expectRefused(run, '--rule', `team ${teams.foreign.id} (Bayside Air)`, 'enterprise');
      expect(await configs.getIntakeConfig(teams.anchor.id)).toBeNull();
    });

    it('refuses a default team of another enterprise or one that does not exist, naming --default-team', async () => {
      expectRefused(
        await admin('intake', 'routing', '--team', id(teams.anchor), '--default-team', id(teams.foreign)),
        '--default-team',
        'Bayside Air',
      );
      expectRefused(
        await admin('intake', 'routing', '--team', id(teams.anchor), '--default-team', '987654'),
        '--default-team',
        'team 987654 does not exist',
      );
    });

    it('refuses a malformed rule, naming --rule', async () => {
      expectRefused(await admin('intake', 'routing', '--team', id(teams.anchor), '--rule', 'brand summit->2'), '--rule', 'FIELD=VALUE');
      expectRefused(await admin('intake', 'routing', '--team', id(teams.anchor), '--rule', 'brand=summit->two'), '--rule', 'two');
      expectRefused(await admin('intake', 'routing', '--team', id(teams.anchor), '--rule', 'bad path=summit->2'), '--rule', 'bad path');
    });

    it('changes the default team alone, keeping the rules, and --clear removes all routing', async () => {
      await saved('intake', 'routing', '--team', id(teams.anchor), '--rule', `brand=hvac->${teams.sibling.id}`);

      const withDefault = await saved('intake', 'routing', '--team', id(teams.anchor), '--default-team', id(teams.sibling));
      const cleared = await saved('intake', 'routing', '--team', id(teams.anchor), '--clear');

      expect(withDefault.routing.rules).toHaveLength(1);
      expect(withDefault.routing.default_team_id).toBe(teams.sibling.id);
      expect(cleared.routing).toEqual({ rules: [], default_team_id: null });
    });
  });

  it('changes one part of the configuration without touching the others', async () => {
    await saved('intake', 'outreach', '--team', id(teams.anchor), '--attempts', '2');
    await saved('intake', 'lead-sources', '--team', id(teams.anchor), '--sources', 'Website');

    const result = await saved('intake', 'dedupe-window', '--team', id(teams.anchor), '--hours', '0');

    expect(result).toMatchObject({
      outreach: { max_attempts: 2, retry_spacing_minutes: 30 },
      lead_sources: ['Website'],
      dedupe_window_hours: 0,
    });
  });

  it('lists the intake commands and the weekly syntax in help', async () => {
    const run = await admin('help');

    for (const command of ['intake show', 'intake set', 'intake mapping', 'intake notes-combine', 'intake lead-sources']) {
      expect(run.stdout).toContain(command);
    }
    for (const command of ['intake dedupe-window', 'intake scheduling', 'intake outreach', 'intake phone-region', 'intake routing']) {
      expect(run.stdout).toContain(command);
    }
    expect(run.stdout).toContain('mon-fri 08:00-17:00; sat 09:00-12:00');
  });

  describe('demo seed', () => {
    let dataDir: string;
    let credentials: { keys: { key: string; permissions: string[] }[] };
    let demo: Map<string, Team>;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'admin-intake-seed-'));
      const { seedIfEmpty } = await import('../../local/seed');
      const result = await seedIfEmpty(dataDir);
      credentials = JSON.parse(readFileSync(result.credentialsPath, 'utf8')) as typeof credentials;
      const workspaces = ['ws_summit_plumbing', 'ws_summit_hvac', 'ws_summit_qa', 'ws_bayside_heating_air', 'ws_bayside_plumbing'];
      const found = await Promise.all(workspaces.map((w) => store.getTeamByWorkspace(w)));
      demo = new Map(found.flatMap((t) => (t ? [[t.workspaceId, t] as const] : [])));
    });
    afterAll(() => {
      rmSync(dataDir, { recursive: true, force: true });
    });

    const demoTeam = (workspaceId: string): Team => {
      const team = demo.get(workspaceId);
      if (!team) throw new Error(`demo team ${workspaceId} was not seeded`);
      return team;
    };

    it('stores the intake configurations: nested mapping, routing by brand, every scheduling mode, two attempts', async () => {
      const plumbing = demoTeam('ws_summit_plumbing');
      const hvac = demoTeam('ws_summit_hvac');
      const qa = demoTeam('ws_summit_qa');

      const anchor = await configs.getIntakeConfig(plumbing.id);
      const nested = await configs.getIntakeConfig(hvac.id);
      const custom = await configs.getIntakeConfig(qa.id);
      const afterHours = await configs.getIntakeConfig(demoTeam('ws_bayside_heating_air').id);

      expect(anchor?.routing.rules.map((r) => [r.field, r.team_id])).toEqual([
        ['brand', hvac.id],
        ['brand', plumbing.id],
        ['brand', qa.id],
      ]);
      expect(anchor).toMatchObject({
        routing: { default_team_id: plumbing.id },
        outreach: { max_attempts: 2 },
        scheduling: { mode: 'always' },
      });
      expect(nested?.field_mapping?.fields).toMatchObject({
        phone_number: ['contact.phones[0].number', 'contact.phone', 'phone'],
        first_name: ['contact.first'],
        last_name: ['contact.last'],
        external_id: ['crm.lead_ref'],
      });
      expect(nested?.field_mapping?.notes_combine).toHaveLength(2);
      expect(nested?.lead_sources.length).toBeGreaterThan(0);
      expect(nested?.scheduling.mode).toBe('business_hours');
      expect(custom?.scheduling.custom_windows.friday).toEqual([{ start: '22:00', end: '06:00' }]);
      expect(afterHours?.scheduling.mode).toBe('after_hours');
      expect(await configs.getIntakeConfig(demoTeam('ws_bayside_plumbing').id)).toBeNull();
    });

    it('gives every full demo key the write permissions, and keeps the read:leads-only key as it was', () => {
      for (const key of credentials.keys.slice(0, 3))
        expect(key.permissions).toEqual(expect.arrayContaining(['write:leads', 'write:calls', 'write:sms_campaigns']));
      expect(credentials.keys[3]?.permissions).toEqual(['read:leads']);
    });

    it('keeps an operator change on the next start, and the CLI shows the seeded routing', async () => {
      const hvac = demoTeam('ws_summit_hvac');
      await saved('intake', 'dedupe-window', '--team', id(hvac), '--hours', '12');
      const { seedIfEmpty } = await import('../../local/seed');

      const again = await seedIfEmpty(dataDir);
      const text = await admin('intake', 'show', '--team', id(demoTeam('ws_summit_plumbing')));

      expect(again.seeded).toBe(false);
      expect((await configs.getIntakeConfig(hvac.id))?.dedupe_window_hours).toBe(12);
      expect(text.stdout).toContain(`"summit hvac" | "summit heating & cooling" -> team ${hvac.id} (Summit HVAC)`);
    });

    it('serves the scenarios of local/demo-requests.md: own team, nested mapping, routing by brand, test mode, duplicate', async () => {
      const bodies = [
        ...readFileSync(path.join(__dirname, '../../local/demo-requests.md'), 'utf8').matchAll(/<<'JSON' \| jq[^\n]*\n([\s\S]*?)\nJSON\n/g),
      ].map((m) => JSON.parse(m[1] ?? '') as Record<string, unknown>);
      const [ownTeam, nested, byBrandPlumbing, byBrandQa, byBrandUnknown, testMode, duplicate] = bodies;
      const deps = {
        tenancy: store,
        configs,
        intake: new DynamoIntakeStore(getDocumentClient(), physicalTableName('leads')),
        outreachQueue: new RecordingQueue(),
        scheduler: new RecordingScheduler(),
        eventBus: new RecordingEventBus(),
      };
      const identity = async (index: number) => {
        const resolved = await authenticateApiKey(store, credentials.keys[index]?.key ?? '');
        if (!resolved.ok) throw new Error(`demo key ${index} does not authenticate`);
        return resolved.identity;
      };
      const ingest = async (index: number, payload: Record<string, unknown> | undefined, testModeOn = false) =>
        ingestLead(deps, { identity: await identity(index), payload: payload ?? {}, now: new Date(), testMode: testModeOn });
      const teamOf = async (index: number, payload: Record<string, unknown> | undefined) => (await ingest(index, payload)).preview.team_id;
      const plumbing = demoTeam('ws_summit_plumbing').id;

      expect(bodies).toHaveLength(7);
      expect(await teamOf(0, ownTeam)).toBe(plumbing);
      const created = await ingest(1, nested);
      expect(created.preview).toMatchObject({
        team_id: demoTeam('ws_summit_hvac').id,
        mapped_fields: { phone_number: '+13125550178', customer_name: 'Marcus Oyelaran', external_id: 'CRM-88412' },
        lead_source: 'Angi',
      });
      expect(await teamOf(1, byBrandPlumbing)).toBe(plumbing);
      expect(await teamOf(1, byBrandQa)).toBe(demoTeam('ws_summit_qa').id);
      expect((await ingest(1, byBrandUnknown)).preview).toMatchObject({ team_id: plumbing, routing: { kind: 'default' } });
      expect(await ingest(1, testMode, true)).toMatchObject({
        kind: 'preview',
        preview: { team_id: demoTeam('ws_summit_hvac').id, routing: { kind: 'rule', ruleIndex: 0 } },
      });
      await expect(ingest(0, duplicate).catch(toHttpError)).resolves.toMatchObject({ statusCode: 409, field: 'external_id' });
    });
  });
});
