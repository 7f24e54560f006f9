import { GOOGLE_KEY_ROTATION_GRACE_HOURS, newGoogleLeadFormKey, rotatedGoogleKey } from '#shared/domain/intake/google-lead-form';
import type { IntakePreset } from '#shared/domain/intake/preset';
import { INTAKE_PRESETS, presetByName } from '#shared/domain/intake/presets';
import { type Command, requireTeam } from '../command';
import { UsageError } from '../errors';
import { toJson } from '../format';
import { loadIntakeConfig, saveIntakeConfig } from './config';
import { reportSaved } from './describe';

/*
 * Lead sources in the operator CLI: `intake preset list|show|apply` (the tested field mappings of the
 * common lead sources) and `intake google-key` (the key of the direct Google Ads lead-form route).
 */

function presetNamed(name: unknown): IntakePreset {
  if (typeof name !== 'string' || name.trim() === '') {
    throw new UsageError(`name a preset: ${INTAKE_PRESETS.map((p) => p.name).join(', ')}`, 'NAME');
  }
  const preset = presetByName(name);
  if (!preset) throw new UsageError(`unknown preset '${name}'; presets: ${INTAKE_PRESETS.map((p) => p.name).join(', ')}`, 'NAME');
  return preset;
}

function mappingLines(preset: IntakePreset): string[] {
  const { fields, fallback_values: fallback = {} } = preset.mapping;
  const targets = [...new Set([...Object.keys(fields), ...Object.keys(fallback)])] as (keyof typeof fields)[];
  const width = Math.max(...targets.map((t) => t.length));
  return targets.map((target) => {
    const aliases = fields[target]?.join(', ') ?? '(default aliases)';
    const value = fallback[target];
    return `  ${target.padEnd(width)}  ${aliases}${value ? `  else "${value}"` : ''}`;
  });
}

export const INTAKE_PRESET_COMMANDS: Record<string, Command> = {
  'intake preset list': {
    help: {
      summary: 'the tested field mappings of common lead sources',
      usage: '',
      flags: {},
      examples: ['intake preset list', 'intake preset list --json'],
    },
    options: {},
    async run(context) {
      if (context.json) {
        context.out(toJson(INTAKE_PRESETS.map(({ name, title, documentation }) => ({ name, title, documentation }))));
        return;
      }
      const width = Math.max(...INTAKE_PRESETS.map((p) => p.name.length));
      context.out(
        [
          'Intake presets (apply one with `intake preset apply NAME --team ID`)',
          ...INTAKE_PRESETS.map((p) => `  ${p.name.padEnd(width)}  ${p.title}`),
        ].join('\n'),
      );
    },
  },

  'intake preset show': {
    help: {
      summary: 'what a preset reads, and where from',
      usage: 'NAME',
      flags: { NAME: `the preset: ${INTAKE_PRESETS.map((p) => p.name).join(', ')}` },
      examples: ['intake preset show google-ads-lead-form'],
    },
    options: {},
    positional: 'name',
    async run(context) {
      const preset = presetNamed(context.values.name);
      if (context.json) {
        context.out(toJson(preset));
        return;
      }
      context.out(
        [
          `${preset.name}: ${preset.title}`,
          '',
          preset.description,
          `Payload documented at ${preset.documentation}`,
          '',
          'Field mapping (per target, the first alias present wins; "else" is the value used when none is; targets not listed keep their default aliases)',
          ...mappingLines(preset),
        ].join('\n'),
      );
    },
  },

  'intake preset apply': {
    help: {
      summary: "replace the team's field mapping with a preset's",
      usage: 'NAME --team ID',
      flags: {
        NAME: `the preset: ${INTAKE_PRESETS.map((p) => p.name).join(', ')}`,
        '--team ID': 'the team; the rest of its intake configuration is unchanged',
      },
      notes: [
        'A team whose leads come from several sources can keep its mapping and name a preset per request instead: ?preset=NAME on the intake URL.',
      ],
      examples: ['intake preset apply meta-lead-ads --team 2'],
    },
    options: { team: { type: 'string' } },
    positional: 'name',
    async run(context) {
      const preset = presetNamed(context.values.name);
      const { team, config } = await loadIntakeConfig(context);
      const saved = await saveIntakeConfig(context, team, { ...config, field_mapping: preset.mapping }, [['field_mapping', 'NAME']]);
      reportSaved(context, team, saved, [
        `field mapping replaced by the preset ${preset.name} (${preset.title}); other parts of the configuration are unchanged`,
        ...mappingLines(preset).map((l) => l.trimStart()),
      ]);
    },
  },
};

/** `intake google-key`: the key Google Ads lead forms send as google_key to the direct route. */
export const INTAKE_GOOGLE_KEY_COMMANDS: Record<string, Command> = {
  'intake google-key': {
    help: {
      summary: 'the key Google Ads lead forms send as google_key (shown once; --clear asks first)',
      usage: '--team ID [--rotate] | --team ID --clear [--yes]',
      flags: {
        '--team ID': 'the team whose direct Google route (POST /api/outbound/google-ads/lead-form/ID) it opens',
        '--rotate': 'a new key; the old one keeps working for 24 hours',
        '--clear': 'remove the key: the route answers 401 until a new one is made',
      },
      examples: ['intake google-key --team 1', 'intake google-key --team 1 --rotate', 'intake google-key --team 1 --clear --yes'],
      confirms: true,
    },
    options: { team: { type: 'string' }, rotate: { type: 'boolean' }, clear: { type: 'boolean' } },
    async run(context) {
      const team = await requireTeam(context);
      const rotate = context.values.rotate === true;
      const clear = context.values.clear === true;
      if (rotate && clear) throw new UsageError('--rotate and --clear cannot be combined', '--clear');
      const now = new Date();
      const current = await context.configs.getGoogleLeadFormKey(team.id);
      const route = `POST {intake_url}/api/outbound/google-ads/lead-form/${team.id}`;
      if (clear) {
        if (current)
          await context.confirm(`Remove the Google lead-form key of team ${team.id} (${team.name})? Google's posts will answer 401`);
        await context.configs.putGoogleLeadFormKey(team.id, null);
        context.out(
          context.json
            ? toJson({ team_id: team.id, key: null })
            : `Removed the Google lead-form key of team ${team.id}: ${route} now answers 401`,
        );
        return;
      }
      if (!rotate) {
        const previous = current?.previous && Date.parse(current.previous.expires_at) > now.getTime() ? current.previous : null;
        const status = {
          team_id: team.id,
          key_set: current !== null,
          created_at: current?.created_at ?? null,
          previous_valid_until: previous?.expires_at ?? null,
        };
        if (context.json) context.out(toJson(status));
        else if (!current) context.out(`Team ${team.id} has no Google lead-form key; create one with --rotate`);
        else {
          context.out(
            `Team ${team.id} has a Google lead-form key (created ${current.created_at}; only its hash is stored)` +
              (previous ? `; the previous key works until ${previous.expires_at}` : ''),
          );
        }
        return;
      }
      const key = newGoogleLeadFormKey();
      await context.configs.putGoogleLeadFormKey(team.id, rotatedGoogleKey(current, key, now));
      if (context.json) {
        context.out(toJson({ team_id: team.id, key, webhook_path: `/api/outbound/google-ads/lead-form/${team.id}` }));
        return;
      }
      context.out(
        [
          `Google lead-form key of team ${team.id} (${team.name}); shown once, only its hash is stored:`,
          `  ${key}`,
          `In the lead form's webhook settings: URL ${route}, key the value above.`,
          ...(current ? [`The previous key keeps working for ${GOOGLE_KEY_ROTATION_GRACE_HOURS} hours.`] : []),
        ].join('\n'),
      );
    },
  },
};
