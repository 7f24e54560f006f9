import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DEFAULT_INTAKE_CONFIG, type IntakeConfig } from '#shared/domain/intake/intake-config';
import type { Team } from '#shared/domain/tenancy';
import { admin, adminJson, expectRefused, useIntakeTeams } from '../../../support/admin-harness';

/** Runs an intake command with --json and returns the configuration it printed. */
const saved = (...argv: string[]) => adminJson<IntakeConfig>(...argv);

/** What an intake configuration reads from a payload; scheduling and routing are in admin-intake-scheduling-routing.test.ts. */
describe('admin CLI: intake configuration', () => {
  const fx = useIntakeTeams();
  let workDir: string;

  beforeAll(() => {
    workDir = mkdtempSync(path.join(tmpdir(), 'admin-intake-'));
  });
  afterAll(() => {
    rmSync(workDir, { recursive: true, force: true });
  });

  const id = (team: Team) => String(team.id);

  describe('intake show', () => {
    it('prints the defaults for a team with nothing stored, as JSON and as text', async () => {
      const json = await saved('intake', 'show', '--team', id(fx.teams.anchor));
      const text = await admin('intake', 'show', '--team', id(fx.teams.anchor));

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
          routing: { rules: [{ field: 'brand', equals: ['summit hvac'], team_id: fx.teams.sibling.id }], default_team_id: null },
        }),
      );

      const result = await saved('intake', 'set', '--team', id(fx.teams.anchor), '--file', file);

      expect(result).toMatchObject({ dedupe_window_hours: 24, outreach: { max_attempts: 1 }, scheduling: { mode: 'business_hours' } });
      expect(await fx.configs.getIntakeConfig(fx.teams.anchor.id)).toEqual(result);
      expect(await saved('intake', 'show', '--team', id(fx.teams.anchor))).toEqual(result);
    });

    it('refuses an invalid configuration naming --file and the field, and saves nothing', async () => {
      const file = path.join(workDir, 'invalid.json');
      writeFileSync(file, JSON.stringify({ scheduling: { mode: 'custom', custom_windows: { friday: [{ start: '22:00', end: '6am' }] } } }));

      const run = await admin('intake', 'set', '--team', id(fx.teams.anchor), '--file', file);

      expectRefused(run, '--file', 'scheduling.custom_windows.friday[0].end');
      expect(await fx.configs.getIntakeConfig(fx.teams.anchor.id)).toBeNull();
    });

    it('refuses a file that is not JSON or cannot be read, naming --file', async () => {
      const file = path.join(workDir, 'broken.json');
      writeFileSync(file, '{ "lead_sources": [');

      expectRefused(await admin('intake', 'set', '--team', id(fx.teams.anchor), '--file', file), '--file', 'is not JSON');
      expectRefused(
        await admin('intake', 'set', '--team', id(fx.teams.anchor), '--file', path.join(workDir, 'missing.json')),
        '--file',
        'ENOENT',
      );
    });

    it('refuses routing to a team of another enterprise, naming the field and the team', async () => {
      const file = path.join(workDir, 'foreign.json');
      writeFileSync(file, JSON.stringify({ routing: { rules: [], default_team_id: fx.teams.foreign.id } }));

      const run = await admin('intake', 'set', '--team', id(fx.teams.anchor), '--file', file);

      expectRefused(run, '--file', 'routing.default_team_id', `team ${fx.teams.foreign.id} (Bayside Air)`);
      expect(await fx.configs.getIntakeConfig(fx.teams.anchor.id)).toBeNull();
    });
  });

  describe('intake preset', () => {
    it('lists the presets and shows one, with what it reads and where the payload is documented', async () => {
      const list = await admin('intake', 'preset', 'list');
      expect(list.code).toBe(0);
      for (const name of ['google-ads-lead-form', 'meta-lead-ads', 'google-lsa', 'gohighlevel', 'zapier'])
        expect(list.stdout).toContain(name);

      const show = await admin('intake', 'preset', 'show', 'google-ads-lead-form');
      expect(show.code).toBe(0);
      expect(show.stdout).toContain('user_column_data[column_id=PHONE_NUMBER].string_value');
      expect(show.stdout).toContain('https://developers.google.com/google-ads/webhook/docs/implementation');
      expect(show.stdout).toMatch(/gclid\s+gcl_id, gclid/);
    });

    it('applies a preset to a team: its field mapping is replaced, the rest of the configuration kept', async () => {
      await saved('intake', 'dedupe-window', '--team', id(fx.teams.anchor), '--hours', '6');
      const result = await saved('intake', 'preset', 'apply', 'meta-lead-ads', '--team', id(fx.teams.anchor));

      expect(result.dedupe_window_hours).toBe(6);
      expect(result.field_mapping?.fields.phone_number).toEqual([
        'field_data[name=phone_number].values[0]',
        'field_data[name=phone].values[0]',
      ]);
      expect(result.field_mapping?.fallback_values).toMatchObject({ lead_source: 'Facebook' });
      expect((await fx.configs.getIntakeConfig(fx.teams.anchor.id))?.field_mapping).toEqual(result.field_mapping);
      const text = await admin('intake', 'show', '--team', id(fx.teams.anchor));
      expect(text.stdout).toContain('else "Facebook"');
    });

    it('refuses an unknown preset, naming the presets, and saves nothing', async () => {
      const run = await admin('intake', 'preset', 'apply', 'hubspot', '--team', id(fx.teams.anchor));
      expectRefused(run, "unknown preset 'hubspot'", 'google-ads-lead-form');
      expectRefused(await admin('intake', 'preset', 'show'), 'name a preset');
      expect(await fx.configs.getIntakeConfig(fx.teams.anchor.id)).toBeNull();
    });
  });

  describe('intake mapping and notes-combine', () => {
    it('saves an ordered alias list for one target and keeps the defaults for the others', async () => {
      const result = await saved(
        'intake',
        'mapping',
        '--team',
        id(fx.teams.anchor),
        '--target',
        'phone_number',
        '--aliases',
        'contact.phones[0].number, phone,data["tel,home"]',
      );

      expect(result.field_mapping).toEqual({ fields: { phone_number: ['contact.phones[0].number', 'phone', 'data["tel,home"]'] } });
      expect((await fx.configs.getIntakeConfig(fx.teams.anchor.id))?.field_mapping).toEqual(result.field_mapping);
    });

    it('saves aliases that select array elements by a member value, quoted values included', async () => {
      const result = await saved(
        'intake',
        'mapping',
        '--team',
        id(fx.teams.anchor),
        '--target',
        'phone_number',
        '--aliases',
        'user_column_data[column_id=PHONE_NUMBER].string_value,field_data[name="phone, mobile"].values[0]',
      );

      expect(result.field_mapping?.fields.phone_number).toEqual([
        'user_column_data[column_id=PHONE_NUMBER].string_value',
        'field_data[name="phone, mobile"].values[0]',
      ]);
    });

    it('refuses a selector with an unquoted space, exiting 1 and naming the part that is wrong', async () => {
      const run = await admin(
        'intake',
        'mapping',
        '--team',
        id(fx.teams.anchor),
        '--target',
        'phone_number',
        '--aliases',
        'user_column_data[column_id=PHONE NUMBER].string_value',
      );
      expectRefused(run, '--aliases', 'is not a payload path', 'at "[column_id=PHONE NUMBER]');
      expect(await fx.configs.getIntakeConfig(fx.teams.anchor.id)).toBeNull();
    });

    it('clears one target with --target --clear, and the whole mapping with --clear', async () => {
      await saved('intake', 'mapping', '--team', id(fx.teams.anchor), '--target', 'phone_number', '--aliases', 'contact.phone');
      await saved('intake', 'mapping', '--team', id(fx.teams.anchor), '--target', 'email', '--aliases', 'contact.email');

      const oneCleared = await saved('intake', 'mapping', '--team', id(fx.teams.anchor), '--target', 'phone_number', '--clear', '--yes');
      const allCleared = await saved('intake', 'mapping', '--team', id(fx.teams.anchor), '--clear', '-y');

      expect(oneCleared.field_mapping).toEqual({ fields: { email: ['contact.email'] } });
      expect(allCleared.field_mapping).toBeNull();
    });

    it('refuses an unknown target naming --target and a malformed path naming --aliases', async () => {
      expectRefused(
        await admin('intake', 'mapping', '--team', id(fx.teams.anchor), '--target', 'mobile', '--aliases', 'x'),
        '--target',
        'mobile',
      );
      expectRefused(
        await admin('intake', 'mapping', '--team', id(fx.teams.anchor), '--target', 'phone_number', '--aliases', 'contact..phone'),
        '--aliases',
        'contact..phone',
      );
      expectRefused(await admin('intake', 'mapping', '--team', id(fx.teams.anchor), '--target', 'phone_number'), '--aliases');
      expect(await fx.configs.getIntakeConfig(fx.teams.anchor.id)).toBeNull();
    });

    it('saves notes-combine paths and clears them', async () => {
      const combined = await saved('intake', 'notes-combine', '--team', id(fx.teams.anchor), '--paths', 'job.description,job.access_notes');
      const cleared = await saved('intake', 'notes-combine', '--team', id(fx.teams.anchor), '--clear', '--yes');

      expect(combined.field_mapping).toEqual({ fields: {}, notes_combine: ['job.description', 'job.access_notes'] });
      expect(cleared.field_mapping).toBeNull();
    });

    it('refuses a malformed notes path naming --paths', async () => {
      expectRefused(
        await admin('intake', 'notes-combine', '--team', id(fx.teams.anchor), '--paths', 'job.description,[oops'),
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
        id(fx.teams.anchor),
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
        id(fx.teams.anchor),
        '--sources',
        'Google Ads,Facebook',
        '--default',
        'Website',
      );

      expectRefused(run, '--default', 'Website');
    });

    it('refuses new sources that drop the current default unless --default is given, naming --default', async () => {
      await saved('intake', 'lead-sources', '--team', id(fx.teams.anchor), '--sources', 'Google Ads,Website', '--default', 'Website');

      expectRefused(await admin('intake', 'lead-sources', '--team', id(fx.teams.anchor), '--sources', 'Google Ads'), '--default');
      expect(
        await saved('intake', 'lead-sources', '--team', id(fx.teams.anchor), '--sources', 'Google Ads', '--default', 'none'),
      ).toMatchObject({
        lead_sources: ['Google Ads'],
        default_lead_source: null,
      });
    });

    it('refuses a source named twice, naming --sources', async () => {
      expectRefused(await admin('intake', 'lead-sources', '--team', id(fx.teams.anchor), '--sources', 'Facebook,facebook'), '--sources');
    });
  });

  describe('intake dedupe-window, outreach and phone-region', () => {
    it('save the dedupe window, the attempt policy and the region', async () => {
      await saved('intake', 'dedupe-window', '--team', id(fx.teams.anchor), '--hours', '48');
      await saved('intake', 'outreach', '--team', id(fx.teams.anchor), '--attempts', '3', '--spacing-minutes', '45');
      await saved('intake', 'phone-region', '--team', id(fx.teams.anchor), '--region', 'ca');

      expect(await fx.configs.getIntakeConfig(fx.teams.anchor.id)).toMatchObject({
        dedupe_window_hours: 48,
        outreach: { max_attempts: 3, retry_spacing_minutes: 45 },
        phone_region: 'CA',
      });
    });

    it('refuses values out of range or malformed, naming the flag and the field', async () => {
      expectRefused(
        await admin('intake', 'dedupe-window', '--team', id(fx.teams.anchor), '--hours', '721'),
        '--hours',
        'dedupe_window_hours',
      );
      expectRefused(await admin('intake', 'dedupe-window', '--team', id(fx.teams.anchor), '--hours', 'a day'), '--hours');
      expectRefused(
        await admin('intake', 'outreach', '--team', id(fx.teams.anchor), '--attempts', '6'),
        '--attempts',
        'outreach.max_attempts',
      );
      expectRefused(
        await admin('intake', 'outreach', '--team', id(fx.teams.anchor), '--spacing-minutes', '0'),
        '--spacing-minutes',
        'outreach.retry_spacing_minutes',
      );
      expectRefused(await admin('intake', 'phone-region', '--team', id(fx.teams.anchor), '--region', 'USA'), '--region', 'USA');
      expectRefused(await admin('intake', 'phone-region', '--team', id(fx.teams.anchor), '--region', 'XX'), '--region', 'XX');
      expect(await fx.configs.getIntakeConfig(fx.teams.anchor.id)).toBeNull();
    });
  });

  it('changes one part of the configuration without touching the others', async () => {
    await saved('intake', 'outreach', '--team', id(fx.teams.anchor), '--attempts', '2');
    await saved('intake', 'lead-sources', '--team', id(fx.teams.anchor), '--sources', 'Website');

    const result = await saved('intake', 'dedupe-window', '--team', id(fx.teams.anchor), '--hours', '0');

    expect(result).toMatchObject({
      outreach: { max_attempts: 2, retry_spacing_minutes: 30 },
      lead_sources: ['Website'],
      dedupe_window_hours: 0,
    });
  });

  it('lists the intake commands in the group help and the weekly syntax in the scheduling help', async () => {
    const run = await admin('intake', '--help');
    const scheduling = await admin('intake', 'scheduling', '--help');

    for (const command of ['intake show', 'intake set', 'intake mapping', 'intake notes-combine', 'intake lead-sources']) {
      expect(run.stdout).toContain(command);
    }
    for (const command of ['intake dedupe-window', 'intake scheduling', 'intake outreach', 'intake phone-region', 'intake routing']) {
      expect(run.stdout).toContain(command);
    }
    expect(scheduling.stdout).toContain('mon-fri 08:00-17:00; sat 09:00-12:00');
  });
});
