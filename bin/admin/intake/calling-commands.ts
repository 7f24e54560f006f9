import { SCHEDULING_MODES, type SchedulingMode } from '#shared/domain/intake/scheduling';
import type { Command } from '../command';
import { UsageError } from '../errors';
import { optionalInteger, optionalString, phoneRegion } from '../flags';
import { loadIntakeConfig, saveIntakeConfig } from './config';
import { outreachText, reportSaved, schedulingLines } from './describe';
import { isEmptyWeek, parseWeek } from './week';

/** When and how a team's new leads are called: the schedule, the retries, the phone region. */
export const CALLING_COMMANDS: Record<string, Command> = {
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
};
