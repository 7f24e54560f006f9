import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { authenticateApiKey } from '#shared/domain/identity-resolver';
import { ingestLead } from '#shared/domain/intake/ingest';
import type { IntakeConfig } from '#shared/domain/intake/intake-config';
import type { Team } from '#shared/domain/tenancy';
import { toHttpError } from '#shared/http/errors';
import { admin, adminJson, expectRefused, useIntakeTeams } from '../../../support/admin-harness';
import { RecordingEventBus, RecordingQueue, RecordingScheduler } from '../../../support/intake-fakes';

/** Runs an intake command with --json and returns the configuration it printed. */
const saved = (...argv: string[]) => adminJson<IntakeConfig>(...argv);

/**
 * When and for which team a lead is called: the weekly-window syntax, routing within the anchor's
 * enterprise, and the demo configurations built on both.
 */
describe('admin CLI: intake scheduling and routing', () => {
  const fx = useIntakeTeams();

  const id = (team: Team) => String(team.id);

  describe('intake scheduling', () => {
    it('parses the compact weekly syntax into business hours', async () => {
      const result = await saved(
        'intake',
        'scheduling',
        '--team',
        id(fx.teams.anchor),
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
        id(fx.teams.anchor),
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
      const text = await admin('intake', 'show', '--team', id(fx.teams.anchor));
      expect(text.stdout).toContain('custom windows  fri 22:00-06:00; sat-sun 20:00-00:00');
    });

    it('changes the mode alone and keeps the hours', async () => {
      await saved('intake', 'scheduling', '--team', id(fx.teams.anchor), '--mode', 'business_hours', '--hours', 'weekdays 08:00-17:00');

      const result = await saved('intake', 'scheduling', '--team', id(fx.teams.anchor), '--mode', 'after_hours');

      expect(result.scheduling.mode).toBe('after_hours');
      expect(Object.keys(result.scheduling.business_hours)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
    });

    it('refuses bad days, times and modes, naming the flag', async () => {
      expectRefused(await admin('intake', 'scheduling', '--team', id(fx.teams.anchor), '--mode', 'nights'), '--mode', 'nights');
      expectRefused(
        await admin('intake', 'scheduling', '--team', id(fx.teams.anchor), '--mode', 'business_hours', '--hours', 'mon-fry 08:00-17:00'),
        '--hours',
        'fry',
      );
      expectRefused(
        await admin('intake', 'scheduling', '--team', id(fx.teams.anchor), '--mode', 'business_hours', '--hours', 'mon 08:00-25:00'),
        '--hours',
        '08:00-25:00',
      );
      expectRefused(
        await admin('intake', 'scheduling', '--team', id(fx.teams.anchor), '--mode', 'custom', '--custom', 'fri'),
        '--custom',
        'fri',
      );
      expect(await fx.configs.getIntakeConfig(fx.teams.anchor.id)).toBeNull();
    });

    it('refuses a mode without the windows it needs, naming the windows flag', async () => {
      expectRefused(await admin('intake', 'scheduling', '--team', id(fx.teams.anchor), '--mode', 'business_hours'), '--hours');
      expectRefused(await admin('intake', 'scheduling', '--team', id(fx.teams.anchor), '--mode', 'custom'), '--custom');
    });

    it('refuses after_hours with round-the-clock business hours, which would never call', async () => {
      const run = await admin(
        'intake',
        'scheduling',
        '--team',
        id(fx.teams.anchor),
        '--mode',
        'after_hours',
        '--hours',
        'daily 00:00-24:00',
      );

      expectRefused(run, '--hours', 'leaves no time to call');
    });
  });

  describe('intake routing', () => {
    it('saves the rules in the order given, with a default team of the same enterprise', async () => {
      const result = await saved(
        'intake',
        'routing',
        '--team',
        id(fx.teams.anchor),
        '--rule',
        `brand=summit hvac,summit heating->${fx.teams.sibling.id}`,
        '--rule',
        `lead.brand=summit plumbing, summit->${fx.teams.anchor.id}`,
        '--default-team',
        id(fx.teams.anchor),
      );

      expect(result.routing).toEqual({
        rules: [
          { field: 'brand', equals: ['summit hvac', 'summit heating'], team_id: fx.teams.sibling.id },
          { field: 'lead.brand', equals: ['summit plumbing', 'summit'], team_id: fx.teams.anchor.id },
        ],
        default_team_id: fx.teams.anchor.id,
      });
      const text = await admin('intake', 'show', '--team', id(fx.teams.anchor));
      expect(text.stdout).toContain(`1. brand = "summit hvac" | "summit heating" -> team ${fx.teams.sibling.id} (Summit HVAC)`);
      expect(text.stdout).toContain(`otherwise -> team ${fx.teams.anchor.id} (Summit Plumbing)`);
    });

    it('refuses a rule naming a team of another enterprise, naming the team, and saves nothing', async () => {
      const run = await admin('intake', 'routing', '--team', id(fx.teams.anchor), '--rule', `brand=bayside->${fx.teams.foreign.id}`);

      expectRefused(run, '--rule', `team ${fx.teams.foreign.id} (Bayside Air)`, 'enterprise');
      expect(await fx.configs.getIntakeConfig(fx.teams.anchor.id)).toBeNull();
    });

    it('refuses a default team of another enterprise or one that does not exist, naming --default-team', async () => {
      expectRefused(
        await admin('intake', 'routing', '--team', id(fx.teams.anchor), '--default-team', id(fx.teams.foreign)),
        '--default-team',
        'Bayside Air',
      );
      expectRefused(
        await admin('intake', 'routing', '--team', id(fx.teams.anchor), '--default-team', '987654'),
        '--default-team',
        'team 987654 does not exist',
      );
    });

    it('refuses a malformed rule, naming --rule', async () => {
      expectRefused(await admin('intake', 'routing', '--team', id(fx.teams.anchor), '--rule', 'brand summit->2'), '--rule', 'FIELD=VALUE');
      expectRefused(await admin('intake', 'routing', '--team', id(fx.teams.anchor), '--rule', 'brand=summit->two'), '--rule', 'two');
      expectRefused(await admin('intake', 'routing', '--team', id(fx.teams.anchor), '--rule', 'bad path=summit->2'), '--rule', 'bad path');
    });

    it('changes the default team alone, keeping the rules, and --clear removes all routing', async () => {
      await saved('intake', 'routing', '--team', id(fx.teams.anchor), '--rule', `brand=hvac->${fx.teams.sibling.id}`);

      const withDefault = await saved('intake', 'routing', '--team', id(fx.teams.anchor), '--default-team', id(fx.teams.sibling));
      const cleared = await saved('intake', 'routing', '--team', id(fx.teams.anchor), '--clear', '--yes');

      expect(withDefault.routing.rules).toHaveLength(1);
      expect(withDefault.routing.default_team_id).toBe(fx.teams.sibling.id);
      expect(cleared.routing).toEqual({ rules: [], default_team_id: null });
    });
  });

  describe('demo seed', () => {
    let dataDir: string;
    let credentials: { keys: { key: string; permissions: string[] }[] };
    let demo: Map<string, Team>;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'admin-intake-seed-'));
      const { seedIfEmpty } = await import('../../../../local/demo/seed');
      const result = await seedIfEmpty(dataDir);
      credentials = JSON.parse(readFileSync(result.credentialsPath, 'utf8')) as typeof credentials;
      const workspaces = ['ws_summit_plumbing', 'ws_summit_hvac', 'ws_summit_qa', 'ws_bayside_heating_air', 'ws_bayside_plumbing'];
      const found = await Promise.all(workspaces.map((w) => fx.store.getTeamByWorkspace(w)));
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

      const anchor = await fx.configs.getIntakeConfig(plumbing.id);
      const nested = await fx.configs.getIntakeConfig(hvac.id);
      const custom = await fx.configs.getIntakeConfig(qa.id);
      const afterHours = await fx.configs.getIntakeConfig(demoTeam('ws_bayside_heating_air').id);

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
      expect(await fx.configs.getIntakeConfig(demoTeam('ws_bayside_plumbing').id)).toBeNull();
    });

    it('gives every full demo key the write permissions, and keeps the read:leads-only key as it was', () => {
      for (const key of credentials.keys.slice(0, 3))
        expect(key.permissions).toEqual(expect.arrayContaining(['write:leads', 'write:calls', 'write:sms_campaigns']));
      expect(credentials.keys[3]?.permissions).toEqual(['read:leads']);
    });

    it('keeps an operator change on the next start, and the CLI shows the seeded routing', async () => {
      const hvac = demoTeam('ws_summit_hvac');
      await saved('intake', 'dedupe-window', '--team', id(hvac), '--hours', '12');
      const { seedIfEmpty } = await import('../../../../local/demo/seed');

      const again = await seedIfEmpty(dataDir);
      const text = await admin('intake', 'show', '--team', id(demoTeam('ws_summit_plumbing')));

      expect(again.seeded).toBe(false);
      expect((await fx.configs.getIntakeConfig(hvac.id))?.dedupe_window_hours).toBe(12);
      expect(text.stdout).toContain(`"summit hvac" | "summit heating & cooling" -> team ${hvac.id} (Summit HVAC)`);
    });

    it('serves the scenarios of local/demo/requests.md: own team, nested mapping, routing by brand, test mode, duplicate', async () => {
      const bodies = [
        ...readFileSync(path.join(__dirname, '..', '..', '..', '..', 'local', 'demo', 'requests.md'), 'utf8').matchAll(
          /<<'JSON' \| jq[^\n]*\n([\s\S]*?)\nJSON\n/g,
        ),
      ].map((m) => JSON.parse(m[1] ?? '') as Record<string, unknown>);
      const [ownTeam, nested, byBrandPlumbing, byBrandQa, byBrandUnknown, testMode, duplicate, ...sources] = bodies;
      const deps = {
        tenancy: fx.store,
        configs: fx.configs,
        intake: new DynamoIntakeStore(getDocumentClient(), physicalTableName('leads')),
        outreachQueue: new RecordingQueue(),
        scheduler: new RecordingScheduler(),
        eventBus: new RecordingEventBus(),
      };
      const identity = async (index: number) => {
        const resolved = await authenticateApiKey(fx.store, credentials.keys[index]?.key ?? '');
        if (!resolved.ok) throw new Error(`demo key ${index} does not authenticate`);
        return resolved.identity;
      };
      const ingest = async (index: number, payload: Record<string, unknown> | undefined, testModeOn = false, preset?: string) =>
        ingestLead(deps, {
          identity: await identity(index),
          payload: payload ?? {},
          now: new Date(),
          testMode: testModeOn,
          ...(preset ? { preset } : {}),
        });
      const teamOf = async (index: number, payload: Record<string, unknown> | undefined) => (await ingest(index, payload)).decision.teamId;
      const plumbing = demoTeam('ws_summit_plumbing').id;

      expect(bodies).toHaveLength(12);
      expect(await teamOf(0, ownTeam)).toBe(plumbing);
      const created = await ingest(1, nested);
      expect(created.decision).toMatchObject({
        teamId: demoTeam('ws_summit_hvac').id,
        mappedFields: { phone_number: '+13125550178', customer_name: 'Marcus Oyelaran', external_id: 'CRM-88412' },
        leadSource: 'Angi',
      });
      expect(await teamOf(1, byBrandPlumbing)).toBe(plumbing);
      expect(await teamOf(1, byBrandQa)).toBe(demoTeam('ws_summit_qa').id);
      expect((await ingest(1, byBrandUnknown)).decision).toMatchObject({ teamId: plumbing, routing: { kind: 'default' } });
      expect(await ingest(1, testMode, true)).toMatchObject({
        kind: 'preview',
        decision: { teamId: demoTeam('ws_summit_hvac').id, routing: { kind: 'rule', ruleIndex: 0 } },
      });
      await expect(ingest(0, duplicate).catch(toHttpError)).resolves.toMatchObject({ statusCode: 409, field: 'external_id' });

      // Scenario 6: one request per lead source, each read with the preset its URL names.
      const presets = ['google-ads-lead-form', 'meta-lead-ads', 'google-lsa', 'gohighlevel', 'zapier'];
      expect(sources).toHaveLength(presets.length);
      for (const [i, preset] of presets.entries()) {
        const result = await ingest(0, sources[i], false, preset);
        expect({ preset, kind: result.kind, team: result.decision.teamId }).toEqual({ preset, kind: 'created', team: plumbing });
        expect({ preset, fields: Object.keys(result.decision.mappedFields) }).toEqual({
          preset,
          fields: expect.arrayContaining(['customer_name', 'phone_number', 'email', 'service_type', 'external_id', 'utm_source']),
        });
      }
    });
  });
});
