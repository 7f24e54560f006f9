import { DEFAULT_ALIASES } from '#shared/domain/intake/field-mapping';
import type { IntakeConfig } from '#shared/domain/intake/intake-config';
import { SCHEDULING_MODES, type SchedulingMode } from '#shared/domain/intake/scheduling';
import { type Command, requireTeam } from '../command';
import { UsageError } from '../errors';
import { jsonFileFlag, optionalInteger, optionalString, phoneRegion, requiredInteger } from '../flags';
import { toJson } from '../format';
import { loadIntakeConfig, saveIntakeConfig } from './config';
import { dedupeText, describeIntakeConfig, leadSourceLines, outreachText, reportSaved, routingLines, schedulingLines } from './describe';
import { parseRule, payloadPaths, plainList, targetField } from './syntax';
import { isEmptyWeek, parseWeek } from './week';

/**
 * A team's intake configuration, one part per command. Each command changes its part of the
 * stored configuration and saves the whole of it through saveIntakeConfig, which validates it.
 */
export const INTAKE_COMMANDS: Record<string, Command> = {
  'intake show': {
    options: { team: { type: 'string' } },
    async run(context) {
      const { team, config, stored } = await loadIntakeConfig(context);
      context.out(context.json ? toJson(config) : await describeIntakeConfig(context.store, team, config, stored));
    },
  },

  'intake set': {
    options: { team: { type: 'string' }, file: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const { file, value: candidate } = jsonFileFlag(context.values, '--file');
      const config = await saveIntakeConfig(context, team, candidate, [['', '--file']], (index) => ({
        flag: '--file',
        label: `--file: ${index === null ? 'routing.default_team_id' : `routing.rules[${index}].team_id`}`,
      }));
      reportSaved(context, team, config, [`replaced from ${file}`, ...(await routingLines(context.store, config.routing))]);
    },
  },

  'intake mapping': {
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
        mapping = null;
        summary = 'field mapping cleared: every target uses its default aliases';
      } else if (clear && target !== null) {
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

  'intake lead-sources': {
    options: { team: { type: 'string' }, sources: { type: 'string' }, default: { type: 'string' }, clear: { type: 'boolean' } },
    async run(context) {
      const { values } = context;
      const { team, config } = await loadIntakeConfig(context);
      const sourcesText = optionalString(values, '--sources');
      const defaultText = optionalString(values, '--default');
      const clear = values.clear === true;
      if (clear && (sourcesText !== null || defaultText !== null)) {
        throw new UsageError('--clear cannot be combined with --sources or --default', '--clear');
      }
      if (!clear && sourcesText === null && defaultText === null) {
        throw new UsageError('--sources is required (or --default, or --clear)', '--sources');
      }

      let sources = clear ? [] : config.lead_sources;
      let defaultSource = clear ? null : config.default_lead_source;
      if (sourcesText !== null) {
        sources = plainList(sourcesText);
        if (sources.length === 0) throw new UsageError('--sources must name at least one lead source (or use --clear)', '--sources');
        const seen = new Set<string>();
        for (const source of sources) {
          if (seen.has(source.toLowerCase()))
            throw new UsageError(`--sources names '${source}' twice (sources match case-insensitively)`, '--sources');
          seen.add(source.toLowerCase());
        }
      }
      const findSource = (name: string) => sources.find((s) => s.toLowerCase() === name.trim().toLowerCase());
      if (defaultText !== null) {
        const wanted = defaultText.trim();
        if (wanted === '') throw new UsageError('--default must name a lead source, or be none', '--default');
        defaultSource = wanted.toLowerCase() === 'none' ? null : (findSource(wanted) ?? wanted);
        if (defaultSource !== null && sources.length > 0 && !findSource(defaultSource)) {
          throw new UsageError(`--default '${wanted}' is not one of the lead sources (${sources.join(', ')})`, '--default');
        }
      } else if (defaultSource !== null && sources.length > 0) {
        const kept = findSource(defaultSource);
        if (!kept) {
          throw new UsageError(
            `--default: the current default lead source '${defaultSource}' is not one of the new --sources; give --default NAME or --default none`,
            '--default',
          );
        }
        defaultSource = kept;
      }
      const saved = await saveIntakeConfig(context, team, { ...config, lead_sources: sources, default_lead_source: defaultSource }, [
        ['lead_sources', '--sources'],
        ['default_lead_source', '--default'],
      ]);
      reportSaved(context, team, saved, leadSourceLines(saved));
    },
  },

  'intake dedupe-window': {
    options: { team: { type: 'string' }, hours: { type: 'string' } },
    async run(context) {
      const { team, config } = await loadIntakeConfig(context);
      const hours = requiredInteger(context.values, '--hours');
      const saved = await saveIntakeConfig(context, team, { ...config, dedupe_window_hours: hours }, [['dedupe_window_hours', '--hours']]);
      reportSaved(context, team, saved, [`dedupe window  ${dedupeText(saved)}`]);
    },
  },

  'intake scheduling': {
    options: { team: { type: 'string' }, mode: { type: 'string' }, hours: { type: 'string' }, custom: { type: 'string' } },
    async run(context) {
      const { values } = context;
      const { team, config } = await loadIntakeConfig(context);
      const modeText = optionalString(values, '--mode');
      const hoursText = optionalString(values, '--hours');
      const customText = optionalString(values, '--custom');
      if (modeText === null && hoursText === null && customText === null) {
        throw new UsageError('--mode is required (or --hours, or --custom)', '--mode');
      }
      let mode: SchedulingMode = config.scheduling.mode;
      if (modeText !== null) {
        const wanted = modeText.trim();
        if (!(SCHEDULING_MODES as readonly string[]).includes(wanted)) {
          throw new UsageError(`--mode must be one of ${SCHEDULING_MODES.join(', ')}; got '${modeText}'`, '--mode');
        }
        mode = wanted as SchedulingMode;
      }
      const businessHours = hoursText === null ? config.scheduling.business_hours : parseWeek(hoursText, '--hours');
      const customWindows = customText === null ? config.scheduling.custom_windows : parseWeek(customText, '--custom');
      if ((mode === 'business_hours' || mode === 'after_hours') && isEmptyWeek(businessHours)) {
        throw new UsageError(`--hours: mode ${mode} needs business hours, e.g. --hours "mon-fri 08:00-17:00"`, '--hours');
      }
      if (mode === 'custom' && isEmptyWeek(customWindows)) {
        throw new UsageError('--custom: mode custom needs at least one window, e.g. --custom "fri 22:00-06:00"', '--custom');
      }
      const saved = await saveIntakeConfig(
        context,
        team,
        { ...config, scheduling: { mode, business_hours: businessHours, custom_windows: customWindows } },
        [
          ['scheduling.business_hours', '--hours'],
          ['scheduling.custom_windows', '--custom'],
          ['scheduling', '--mode'],
        ],
      );
      reportSaved(context, team, saved, schedulingLines(team, saved));
    },
  },

  'intake outreach': {
    options: { team: { type: 'string' }, attempts: { type: 'string' }, 'spacing-minutes': { type: 'string' } },
    async run(context) {
      const { team, config } = await loadIntakeConfig(context);
      const attempts = optionalInteger(context.values, '--attempts');
      const spacing = optionalInteger(context.values, '--spacing-minutes');
      if (attempts === null && spacing === null) throw new UsageError('--attempts is required (or --spacing-minutes)', '--attempts');
      const outreach = {
        max_attempts: attempts ?? config.outreach.max_attempts,
        retry_spacing_minutes: spacing ?? config.outreach.retry_spacing_minutes,
      };
      const saved = await saveIntakeConfig(context, team, { ...config, outreach }, [
        ['outreach.max_attempts', '--attempts'],
        ['outreach.retry_spacing_minutes', '--spacing-minutes'],
      ]);
      reportSaved(context, team, saved, [`outreach  ${outreachText(saved)}`]);
    },
  },

  'intake phone-region': {
    options: { team: { type: 'string' }, region: { type: 'string' } },
    async run(context) {
      const { team, config } = await loadIntakeConfig(context);
      const region = phoneRegion(context.values);
      const saved = await saveIntakeConfig(context, team, { ...config, phone_region: region }, [['phone_region', '--region']]);
      reportSaved(context, team, saved, [`phone region  ${saved.phone_region} (numbers without +country are read in this region)`]);
    },
  },

  'intake routing': {
    options: {
      team: { type: 'string' },
      rule: { type: 'string', multiple: true },
      'default-team': { type: 'string' },
      clear: { type: 'boolean' },
    },
    async run(context) {
      const { values } = context;
      const { team, config } = await loadIntakeConfig(context);
      const ruleTexts = Array.isArray(values.rule) ? values.rule : [];
      const defaultText = optionalString(values, '--default-team');
      const clear = values.clear === true;
      if (clear && (ruleTexts.length > 0 || defaultText !== null)) {
        throw new UsageError('--clear cannot be combined with --rule or --default-team', '--clear');
      }
      if (!clear && ruleTexts.length === 0 && defaultText === null) {
        throw new UsageError('--rule is required (or --default-team, or --clear)', '--rule');
      }
      let routing = clear ? { rules: [], default_team_id: null } : config.routing;
      if (ruleTexts.length > 0) routing = { ...routing, rules: ruleTexts.map(parseRule) };
      if (defaultText !== null) {
        const wanted = defaultText.trim();
        if (wanted.toLowerCase() === 'none') routing = { ...routing, default_team_id: null };
        else if (/^[1-9][0-9]{0,9}$/.test(wanted)) routing = { ...routing, default_team_id: Number(wanted) };
        else throw new UsageError(`--default-team must be a team id or none; got '${defaultText}'`, '--default-team');
      }
      const saved = await saveIntakeConfig(
        context,
        team,
        { ...config, routing },
        [
          ['routing.default_team_id', '--default-team'],
          ['routing', '--rule'],
        ],
        (index) =>
          index === null
            ? { flag: '--default-team', label: `--default-team ${routing.default_team_id}` }
            : {
                flag: '--rule',
                label:
                  index < ruleTexts.length
                    ? `--rule ${index + 1} "${ruleTexts[index]}"`
                    : `stored rule ${index + 1} (replace it with --rule)`,
              },
      );
      reportSaved(context, team, saved, await routingLines(context.store, saved.routing));
    },
  },
};

/** A mapping with no override left is stored as none, like a team that never had one. */
function withoutEmptyMapping(mapping: NonNullable<IntakeConfig['field_mapping']>): IntakeConfig['field_mapping'] {
  const { fallback_values: fallback, ...rest } = mapping;
  const kept = fallback && Object.keys(fallback).length > 0 ? mapping : rest;
  return Object.keys(mapping.fields).length === 0 && !mapping.notes_combine?.length && kept === rest ? null : kept;
}
