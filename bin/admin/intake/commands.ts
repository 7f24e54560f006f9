import { DEFAULT_ALIASES, TARGET_FIELDS } from '#shared/domain/intake/field-mapping';
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
    help: {
      summary: 'the team’s effective intake configuration (defaults filled in)',
      usage: '--team ID',
      flags: { '--team ID': 'the team' },
      notes: ['--json prints the shape `intake set --file` takes.'],
      examples: ['intake show --team 2', 'intake show --team 2 --json > intake.json'],
    },
    options: { team: { type: 'string' } },
    async run(context) {
      const { team, config, stored } = await loadIntakeConfig(context);
      context.out(context.json ? toJson(config) : await describeIntakeConfig(context.store, team, config, stored));
    },
  },

  'intake set': {
    help: {
      summary: 'replace the whole intake configuration from a JSON file',
      usage: '--team ID --file config.json',
      flags: { '--team ID': 'the team', '--file FILE': 'the configuration, fields as in `intake show --json`' },
      notes: ['Validated as a whole before it is saved.'],
      examples: ['intake set --team 2 --file intake.json'],
    },
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

  'intake lead-sources': {
    help: {
      summary: 'the known lead sources and the default for unknown ones (--clear asks first)',
      usage: '--team ID [--sources "A,B"] [--default NAME|none] | --team ID --clear [--yes]',
      flags: {
        '--team ID': 'the team',
        '--sources LIST': 'comma-separated lead sources (matched case-insensitively)',
        '--default NAME': 'what unknown incoming sources are recorded as, or none',
        '--clear': 'forget the list and the default: incoming values are kept as sent',
      },
      examples: ['intake lead-sources --team 2 --sources "Google Ads,Facebook,Website" --default Website'],
      confirms: true,
    },
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

      if (clear && (config.lead_sources.length > 0 || config.default_lead_source !== null)) {
        await context.confirm(
          `Clear the lead sources of team ${team.id} (${team.name}): ${config.lead_sources.join(', ') || '(none)'}, default ${config.default_lead_source ?? 'none'}?`,
        );
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
          // --default was not typed: the --sources given are what leave the stored default out.
          throw new UsageError(
            `--sources leaves out '${defaultSource}', the team's current default lead source; add it, or also give --default NAME or --default none`,
            '--sources',
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
    help: {
      summary: 'hours within which the same phone is a duplicate lead',
      usage: '--team ID --hours N',
      flags: { '--team ID': 'the team', '--hours N': 'the window in hours (0 = off: only a repeated external_id is a duplicate)' },
      examples: ['intake dedupe-window --team 2 --hours 24'],
    },
    options: { team: { type: 'string' }, hours: { type: 'string' } },
    async run(context) {
      const { team, config } = await loadIntakeConfig(context);
      const hours = requiredInteger(context.values, '--hours');
      const saved = await saveIntakeConfig(context, team, { ...config, dedupe_window_hours: hours }, [['dedupe_window_hours', '--hours']]);
      reportSaved(context, team, saved, [`dedupe window  ${dedupeText(saved)}`]);
    },
  },

  'intake scheduling': {
    help: {
      summary: 'when new leads are called: mode, business hours, custom windows',
      usage: '--team ID [--mode MODE] [--hours WEEK] [--custom WEEK]',
      flags: {
        '--team ID': 'the team',
        '--mode MODE': SCHEDULING_MODES.join(' | '),
        '--hours WEEK': 'business hours (modes business_hours, after_hours), or none',
        '--custom WEEK': 'the windows of mode custom, or none',
      },
      notes: [
        "Times are the team's time zone. WEEK: entries separated by ';', each DAYS RANGE[,RANGE...]. DAYS: mon, mon-fri, sat,sun, fri-mon, daily, weekdays, weekends. RANGE: HH:MM-HH:MM; an end at or before the start crosses midnight (fri 22:00-06:00 runs into saturday); 24:00 is midnight.",
      ],
      examples: ['intake scheduling --team 1 --mode business_hours --hours "mon-fri 08:00-17:00; sat 09:00-12:00"'],
    },
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
    help: {
      summary: 'call attempts per lead and minutes between them',
      usage: '--team ID [--attempts N] [--spacing-minutes M]',
      flags: { '--team ID': 'the team', '--attempts N': 'call attempts per lead (1-5)', '--spacing-minutes M': 'minutes between attempts' },
      examples: ['intake outreach --team 2 --attempts 3 --spacing-minutes 20'],
    },
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
    help: {
      summary: 'the region of lead numbers given without +country',
      usage: '--team ID --region CC',
      flags: { '--team ID': 'the team', '--region CC': 'a two-letter region with a numbering plan, such as US or CA (default US)' },
      examples: ['intake phone-region --team 2 --region CA'],
    },
    options: { team: { type: 'string' }, region: { type: 'string' } },
    async run(context) {
      const { team, config } = await loadIntakeConfig(context);
      const region = phoneRegion(context.values);
      const saved = await saveIntakeConfig(context, team, { ...config, phone_region: region }, [['phone_region', '--region']]);
      reportSaved(context, team, saved, [`phone region  ${saved.phone_region} (numbers without +country are read in this region)`]);
    },
  },

  'intake routing': {
    help: {
      summary: 'route the leads of multi-team keys to teams by payload field (asks before dropping rules)',
      usage:
        '--team ANCHOR_ID --rule "FIELD=VALUE[,VALUE...]->TEAM_ID" [--rule ...] [--default-team TEAM_ID|none] | --team ANCHOR_ID --clear [--yes]',
      flags: {
        '--team ANCHOR_ID': 'the anchor team of the multi-team keys',
        '--rule RULE': 'FIELD=VALUE[,VALUE...]->TEAM_ID, repeatable; replaces all rules, in the order given',
        '--default-team TEAM_ID': 'where leads no rule matches go, or none (they are refused)',
        '--clear': 'no rules and no default team',
      },
      notes: [
        'The first rule whose payload FIELD equals a VALUE (case-insensitive) names the team; else the default team; else the lead is refused. Every team must be in the anchor team’s enterprise. Dropping or replacing stored rules, or the default team, asks first.',
      ],
      examples: ['intake routing --team 1 --rule "brand=summit hvac->2" --rule "brand=summit plumbing,summit->1" --default-team 1'],
      confirms: true,
    },
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
      const dropped = droppedRouting(config.routing, routing);
      if (dropped) await context.confirm(`Change the routing of team ${team.id} (${team.name}), dropping ${dropped}?`);
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

/** What of the stored routing a change drops (rules not kept as they are, a default team replaced or removed), or null. */
function droppedRouting(before: IntakeConfig['routing'], after: IntakeConfig['routing']): string | null {
  const kept = new Set(after.rules.map((rule) => JSON.stringify(rule)));
  const rules = before.rules.filter((rule) => !kept.has(JSON.stringify(rule)));
  const parts = rules.map((r) => `rule "${r.field}=${r.equals.join(',')}->${r.team_id}"`);
  if (before.default_team_id !== null && before.default_team_id !== after.default_team_id) {
    parts.push(`default team ${before.default_team_id}`);
  }
  return parts.length === 0 ? null : parts.join(', ');
}

/** A mapping with no override left is stored as none, like a team that never had one. */
function withoutEmptyMapping(mapping: NonNullable<IntakeConfig['field_mapping']>): IntakeConfig['field_mapping'] {
  const { fallback_values: fallback, ...rest } = mapping;
  const kept = fallback && Object.keys(fallback).length > 0 ? mapping : rest;
  return Object.keys(mapping.fields).length === 0 && !mapping.notes_combine?.length && kept === rest ? null : kept;
}
