import { type Command, requireTeam } from '../command';
import { jsonFileFlag } from '../flags';
import { toJson } from '../format';
import { CALLING_COMMANDS } from './calling-commands';
import { loadIntakeConfig, saveIntakeConfig } from './config';
import { describeIntakeConfig, reportSaved, routingLines } from './describe';
import { LEAD_SOURCE_COMMANDS } from './lead-source-commands';
import { MAPPING_COMMANDS } from './mapping-commands';
import { ROUTING_COMMANDS } from './routing-commands';

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
  ...MAPPING_COMMANDS,
  ...LEAD_SOURCE_COMMANDS,
  ...CALLING_COMMANDS,
  ...ROUTING_COMMANDS,
};
