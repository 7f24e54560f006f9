import type { IntakeConfig } from '#shared/domain/intake/intake-config';
import type { Command } from '../command';
import { UsageError } from '../errors';
import { optionalString } from '../flags';
import { loadIntakeConfig, saveIntakeConfig } from './config';
import { reportSaved, routingLines } from './describe';
import { parseRule } from './syntax';

/** The routing of multi-team keys' leads to teams by payload field. */
export const ROUTING_COMMANDS: Record<string, Command> = {
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
