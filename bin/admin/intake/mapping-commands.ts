import { DEFAULT_ALIASES, TARGET_FIELDS } from '#shared/domain/intake/field-mapping';
import type { IntakeConfig } from '#shared/domain/intake/intake-config';
import type { Command } from '../command';
import { UsageError } from '../errors';
import { optionalString } from '../flags';
import { loadIntakeConfig, saveIntakeConfig } from './config';
import { reportSaved } from './describe';
import { payloadPaths, targetField } from './syntax';

/**
 * How a team's payloads map onto lead fields: the alias list of each target field and the fields
 * combined into the lead's notes.
 */
export const MAPPING_COMMANDS: Record<string, Command> = {
  'intake mapping': {
    help: {
      summary: 'the alias list of a target field, or back to the default aliases (asks first)',
      usage: '--team ID --target FIELD --aliases PATH[,PATH...] | --team ID [--target FIELD] --clear [--yes]',
      flags: {
        '--team ID': 'the team',
        '--target FIELD': `the target field: ${TARGET_FIELDS.join(', ')}`,
        '--aliases PATHS':
          'ordered payload paths; the first present in the payload wins.\nPATH: name, a.b, list[0].c, data["e-mail"], or an array element by a member\'s value:\nuser_column_data[column_id=PHONE_NUMBER].string_value, field_data[name="what is your zip?"].values[0]\n(values with spaces, brackets or = as JSON strings; a miss tries the next alias)',
        '--clear': 'back to the default aliases: of --target, or of every field without it',
      },
      examples: [
        'intake mapping --team 2 --target phone --aliases "contact.phone,phones[0].number"',
        'intake mapping --team 2 --clear --yes',
      ],
      confirms: true,
    },
    options: { team: { type: 'string' }, target: { type: 'string' }, aliases: { type: 'string' }, clear: { type: 'boolean' } },
    async run(context) {
      const { values } = context;
      const { team, config } = await loadIntakeConfig(context);
      const targetText = optionalString(values, '--target');
      const aliasesText = optionalString(values, '--aliases');
      const clear = values.clear === true;
      const target = targetText === null ? null : targetField(targetText);
      if (clear && aliasesText !== null) throw new UsageError('--clear and --aliases cannot be combined', '--clear');

      let mapping = config.field_mapping;
      let summary: string;
      if (clear && target === null) {
        const overrides = Object.keys(mapping?.fields ?? {}).length;
        if (overrides > 0 || mapping?.notes_combine?.length) {
          await context.confirm(
            `Reset the whole field mapping of team ${team.id} (${team.name}) to the default aliases, dropping ${overrides} field override${overrides === 1 ? '' : 's'}${mapping?.notes_combine?.length ? ' and notes-combine' : ''}?`,
          );
        }
        mapping = null;
        summary = 'field mapping cleared: every target uses its default aliases';
      } else if (clear && target !== null) {
        const own = mapping?.fields[target];
        if (own) await context.confirm(`Reset ${target} of team ${team.id} (${team.name}) from ${own.join(', ')} to the default aliases?`);
        const fields = Object.fromEntries(Object.entries(mapping?.fields ?? {}).filter(([name]) => name !== target));
        mapping = mapping ? withoutEmptyMapping({ ...mapping, fields }) : null;
        summary = `${target} <- ${DEFAULT_ALIASES[target].join(', ')}  (default aliases)`;
      } else {
        if (target === null) throw new UsageError('--target is required (or --clear alone to reset the whole mapping)', '--target');
        if (aliasesText === null || aliasesText.trim() === '') throw new UsageError('--aliases is required (or --clear)', '--aliases');
        const aliases = payloadPaths(aliasesText, '--aliases');
        mapping = { ...(mapping ?? { fields: {} }), fields: { ...(mapping?.fields ?? {}), [target]: aliases } };
        summary = `${target} <- ${aliases.join(', ')}`;
        if (target === 'notes' && mapping.notes_combine?.length) summary += '  (notes-combine is set and takes precedence)';
      }
      const saved = await saveIntakeConfig(context, team, { ...config, field_mapping: mapping }, [['field_mapping', '--aliases']]);
      reportSaved(context, team, saved, [summary]);
    },
  },

  'intake notes-combine': {
    help: {
      summary: 'notes as one JSON object of several payload paths (--clear asks first)',
      usage: '--team ID --paths PATH[,PATH...] | --team ID --clear [--yes]',
      flags: { '--team ID': 'the team', '--paths PATHS': 'the payload paths combined into notes', '--clear': 'back to one notes alias' },
      examples: ['intake notes-combine --team 2 --paths "message,budget,timeline"'],
      confirms: true,
    },
    options: { team: { type: 'string' }, paths: { type: 'string' }, clear: { type: 'boolean' } },
    async run(context) {
      const { values } = context;
      const { team, config } = await loadIntakeConfig(context);
      const pathsText = optionalString(values, '--paths');
      const clear = values.clear === true;
      if (clear && pathsText !== null) throw new UsageError('--clear and --paths cannot be combined', '--clear');
      let mapping = config.field_mapping;
      let summary: string;
      if (clear) {
        if (mapping?.notes_combine?.length) {
          await context.confirm(`Clear notes-combine (${mapping.notes_combine.join(', ')}) of team ${team.id} (${team.name})?`);
        }
        mapping = mapping ? withoutEmptyMapping({ fields: mapping.fields, fallback_values: mapping.fallback_values }) : null;
        summary = 'notes <- one alias again (notes-combine cleared)';
      } else {
        if (pathsText === null || pathsText.trim() === '') throw new UsageError('--paths is required (or --clear)', '--paths');
        const paths = payloadPaths(pathsText, '--paths');
        mapping = { ...(mapping ?? { fields: {} }), notes_combine: paths };
        summary = `notes <- one JSON object of ${paths.join(', ')}`;
      }
      const saved = await saveIntakeConfig(context, team, { ...config, field_mapping: mapping }, [['field_mapping', '--paths']]);
      reportSaved(context, team, saved, [summary]);
    },
  },
};

/** A mapping with no override left is stored as none, like a team that never had one. */
function withoutEmptyMapping(mapping: NonNullable<IntakeConfig['field_mapping']>): IntakeConfig['field_mapping'] {
  const { fallback_values: fallback, ...rest } = mapping;
  const kept = fallback && Object.keys(fallback).length > 0 ? mapping : rest;
  return Object.keys(mapping.fields).length === 0 && !mapping.notes_combine?.length && kept === rest ? null : kept;
}
