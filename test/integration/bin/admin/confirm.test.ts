import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { createApiKey } from '#shared/domain/key-service';
import type { Team } from '#shared/domain/tenancy';
import { admin, adminJson, adminOn, useIntakeTeams } from '../../../support/admin-harness';

/*
 * Destructive commands ask first (clig.dev): on a terminal only y/yes goes ahead, --yes/-y skips
 * the question, and without a terminal the command is refused unless --yes is given. The terminal
 * is the harness's stand-in (adminOn); `admin` runs without one, as a script does.
 */

const id = (team: Team) => String(team.id);

describe('admin CLI: confirmation before destructive commands', () => {
  const fx = useIntakeTeams();

  async function newKey(name: string): Promise<string> {
    const { record } = await createApiKey(fx.store, {
      name,
      type: 'enterprise',
      anchorTeamId: fx.teams.anchor.id,
      permissions: ['read:leads'],
    });
    return record.keyId;
  }
  const revokedAt = async (keyId: string) => (await fx.store.getApiKeyById(keyId))?.revokedAt ?? null;

  describe('key revoke', () => {
    it('asks "Revoke key <id> (<name>)? [y/N]" on a terminal and revokes on y', async () => {
      const keyId = await newKey('Reporting');

      const run = await adminOn({ interactive: true, answers: ['y'] }, 'key', 'revoke', '--id', keyId);

      expect(run.asked).toEqual([`Revoke key ${keyId} (Reporting)? [y/N] `]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Revoked key ${keyId}`);
      expect(await revokedAt(keyId)).not.toBeNull();
    });

    it.each([[''], ['n'], ['no'], ['maybe']])('leaves the key alone when the answer is %j, exit 1', async (answer) => {
      const keyId = await newKey('Kept');

      const run = await adminOn({ interactive: true, answers: [answer] }, 'key', 'revoke', '--id', keyId);

      expect(run.asked).toHaveLength(1);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('nothing was changed');
      expect(await revokedAt(keyId)).toBeNull();
    });

    it.each([['--yes'], ['-y']])('%s revokes without asking, on a terminal or not', async (flag) => {
      const onTerminal = await newKey('Terminal');
      const inScript = await newKey('Script');

      const asked = await adminOn({ interactive: true }, 'key', 'revoke', '--id', onTerminal, flag);
      const script = await admin('key', 'revoke', '--id', inScript, flag);

      expect(asked).toMatchObject({ code: 0, asked: [] });
      expect(script.code).toBe(0);
      expect(await revokedAt(onTerminal)).not.toBeNull();
      expect(await revokedAt(inScript)).not.toBeNull();
    });

    it('without a terminal and without --yes refuses with exit 2, saying to pass --yes', async () => {
      const keyId = await newKey('Unattended');

      const run = await admin('key', 'revoke', '--id', keyId);

      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`Revoke key ${keyId} (Unattended)?`);
      expect(run.stderr).toContain('pass --yes');
      expect(await revokedAt(keyId)).toBeNull();
    });

    it('asks nothing to revoke an already revoked key again (it only flushes the caches again)', async () => {
      const keyId = await newKey('Twice');
      await admin('key', 'revoke', '--id', keyId, '--yes');

      const run = await adminOn({ interactive: true }, 'key', 'revoke', '--id', keyId);

      expect(run).toMatchObject({ code: 0, asked: [] });
      expect(run.stdout).toContain('was already revoked');
    });

    it('names --id for a key that does not exist, before asking anything', async () => {
      const run = await adminOn({ interactive: true }, 'key', 'revoke', '--id', 'key_0123456789abcdef');

      expect(run).toMatchObject({ code: 2, asked: [] });
      expect(run.stderr).toContain('--id key_0123456789abcdef does not name a key');
    });
  });

  describe('intake mapping --clear', () => {
    const mapPhone = () =>
      adminJson('intake', 'mapping', '--team', id(fx.teams.anchor), '--target', 'phone_number', '--aliases', 'contact.phone');
    const stored = async () => (await fx.configs.getIntakeConfig(fx.teams.anchor.id))?.field_mapping ?? null;

    it('refuses without a terminal and without --yes, and keeps the mapping', async () => {
      await mapPhone();

      const whole = await admin('intake', 'mapping', '--team', id(fx.teams.anchor), '--clear');
      const one = await admin('intake', 'mapping', '--team', id(fx.teams.anchor), '--target', 'phone_number', '--clear');

      for (const run of [whole, one]) {
        expect(run.code).toBe(2);
        expect(run.stderr).toContain('pass --yes');
      }
      expect(whole.stderr).toContain(`Reset the whole field mapping of team ${fx.teams.anchor.id} (Summit Plumbing)`);
      expect(one.stderr).toContain('Reset phone_number of team');
      expect(await stored()).toEqual({ fields: { phone_number: ['contact.phone'] } });
    });

    it('asks on a terminal: no keeps the mapping, yes clears it', async () => {
      await mapPhone();

      const declined = await adminOn({ interactive: true, answers: ['n'] }, 'intake', 'mapping', '--team', id(fx.teams.anchor), '--clear');
      expect(declined.code).toBe(1);
      expect(await stored()).not.toBeNull();

      const confirmed = await adminOn(
        { interactive: true, answers: ['yes'] },
        'intake',
        'mapping',
        '--team',
        id(fx.teams.anchor),
        '--clear',
      );
      expect(confirmed.code).toBe(0);
      expect(confirmed.asked).toEqual([expect.stringMatching(/dropping 1 field override\? \[y\/N\] $/)]);
      expect(await stored()).toBeNull();
    });

    it('asks nothing when there is nothing to clear', async () => {
      const run = await adminOn({ interactive: true }, 'intake', 'mapping', '--team', id(fx.teams.anchor), '--clear');

      expect(run).toMatchObject({ code: 0, asked: [] });
    });
  });

  describe('the other clears and drops', () => {
    it('notes-combine --clear and lead-sources --clear ask first', async () => {
      const team = id(fx.teams.anchor);
      await adminJson('intake', 'notes-combine', '--team', team, '--paths', 'job.description,job.notes');
      await adminJson('intake', 'lead-sources', '--team', team, '--sources', 'Website,Google Ads', '--default', 'Website');

      expect((await admin('intake', 'notes-combine', '--team', team, '--clear')).code).toBe(2);
      expect((await admin('intake', 'lead-sources', '--team', team, '--clear')).code).toBe(2);
      const kept = await fx.configs.getIntakeConfig(fx.teams.anchor.id);
      expect(kept).toMatchObject({
        lead_sources: ['Website', 'Google Ads'],
        field_mapping: { notes_combine: ['job.description', 'job.notes'] },
      });

      const notes = await adminOn({ interactive: true, answers: ['y'] }, 'intake', 'notes-combine', '--team', team, '--clear');
      const sources = await adminOn({ interactive: true, answers: ['y'] }, 'intake', 'lead-sources', '--team', team, '--clear');
      expect(notes.asked).toEqual([expect.stringContaining('Clear notes-combine (job.description, job.notes)')]);
      expect(sources.asked).toEqual([expect.stringContaining('Clear the lead sources of team')]);
      expect(await fx.configs.getIntakeConfig(fx.teams.anchor.id)).toMatchObject({ lead_sources: [], default_lead_source: null });
    });

    it('intake routing asks before dropping stored rules or the default team, not before adding to them', async () => {
      const team = id(fx.teams.anchor);
      const sibling = fx.teams.sibling.id;
      await adminJson('intake', 'routing', '--team', team, '--rule', `brand=hvac->${sibling}`);

      // Keeping the rule and adding a default team drops nothing.
      const added = await adminOn({ interactive: true }, 'intake', 'routing', '--team', team, '--default-team', String(sibling));
      expect(added).toMatchObject({ code: 0, asked: [] });

      const replaced = await admin('intake', 'routing', '--team', team, '--rule', `brand=summit->${sibling}`);
      expect(replaced.code).toBe(2);
      expect(replaced.stderr).toContain(`dropping rule "brand=hvac->${sibling}"`);

      const cleared = await adminOn({ interactive: true, answers: ['y'] }, 'intake', 'routing', '--team', team, '--clear');
      expect(cleared.code).toBe(0);
      expect(cleared.asked).toEqual([expect.stringContaining(`dropping rule "brand=hvac->${sibling}", default team ${sibling}?`)]);
      expect((await fx.configs.getIntakeConfig(fx.teams.anchor.id))?.routing).toEqual({ rules: [], default_team_id: null });
    });

    it('messaging opt-in (a number campaigns may text again) asks first', async () => {
      const team = id(fx.teams.anchor);
      const campaigns = new DynamoCampaignStore(getDocumentClient(), physicalTableName('campaigns'));
      await admin('messaging', 'opt-out', '--team', team, '--phone', '+1 312 555 0188');

      const refused = await admin('messaging', 'opt-in', '--team', team, '--phone', '+1 312 555 0188');
      expect(refused.code).toBe(2);
      expect([...(await campaigns.listSuppressed(fx.teams.anchor.id))]).toContain('+13125550188');

      const run = await adminOn({ interactive: true, answers: ['y'] }, 'messaging', 'opt-in', '--team', team, '--phone', '+1 312 555 0188');
      expect(run.asked).toEqual([
        `Remove +13125550188 from the suppression list of team ${team} (Summit Plumbing), so its campaigns may text it again? [y/N] `,
      ]);
      expect(run.code).toBe(0);
      expect([...(await campaigns.listSuppressed(fx.teams.anchor.id))]).not.toContain('+13125550188');
    });
  });
});
