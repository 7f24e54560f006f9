import type { Command } from '../command';
import { UsageError } from '../errors';
import { optionalString, requiredInteger } from '../flags';
import { loadIntakeConfig, saveIntakeConfig } from './config';
import { dedupeText, leadSourceLines, reportSaved } from './describe';
import { plainList } from './syntax';

/** Which leads are told apart and how: the known lead sources and the duplicate window. */
export const LEAD_SOURCE_COMMANDS: Record<string, Command> = {
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
};
