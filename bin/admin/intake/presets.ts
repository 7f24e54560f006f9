import { INTAKE_PRESETS, type IntakePreset, presetByName } from '#shared/domain/intake/presets';
import type { Command } from '../command';
import { UsageError } from '../errors';
import { toJson } from '../format';
import { loadIntakeConfig, saveIntakeConfig } from './config';
import { reportSaved } from './describe';

/** `intake preset list|show|apply`: the tested field mappings of the common lead sources. */

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
