import { type Rubric, type RubricRevision, rubricInputSchema, toRubricInput } from '#shared/domain/coach/rubric';
import { currentRubricRevision, DEFAULT_REVISION, nextRevision, resetRevision } from '#shared/domain/coach/rubric-history';
import type { Team } from '#shared/domain/tenancy';
import { type Command, type Context, requireTeam } from './command';
import { UsageError } from './errors';
import { jsonFileFlag } from './flags';
import { table, toJson } from './format';
import { issuesText } from './intake/config';

/**
 * A team's coach rubric: what its calls are evaluated against from the next evaluation on. Every
 * change is validated whole, stored as the team's next revision and bumps the rubric's version;
 * evaluations already made keep the rubric id and version they used.
 */
export const COACH_COMMANDS: Record<string, Command> = {
  'coach rubric show': {
    help: {
      summary: 'the rubric in force',
      usage: '--team ID',
      flags: { '--team ID': 'the team' },
      notes: ['--json prints the shape `coach rubric set --file` takes.'],
      examples: ['coach rubric show --team 2 --json > rubric.json'],
    },
    options: { team: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const current = await currentRubricRevision(context.rubrics, team.id);
      context.out(context.json ? toJson(toRubricInput(current.rubric)) : describeRubric(team, current));
    },
  },

  'coach rubric set': {
    help: {
      summary: 'a new rubric revision from a JSON file',
      usage: '--team ID --file rubric.json',
      flags: {
        '--team ID': 'the team',
        '--file FILE':
          '{rubric_id?, name, pass_threshold (0-100), criteria: [{id, title, description, weight (> 0), keywords?}]};\ncriterion ids unique; rubric_id defaults to the current one’s',
      },
      notes: ['Validated whole; bumps the rubric’s version. Evaluations already made keep the version they used.'],
      examples: ['coach rubric set --team 2 --file rubric.json'],
    },
    options: { team: { type: 'string' }, file: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const { file, value } = jsonFileFlag(context.values, '--file');
      const parsed = rubricInputSchema.safeParse(value);
      if (!parsed.success) throw new UsageError(`--file: ${issuesText(parsed.error.issues)}`, '--file');
      const current = await currentRubricRevision(context.rubrics, team.id);
      const history = await context.rubrics.allRevisions(team.id);
      const next = nextRevision(history, current, parsed.data, new Date());
      await saveOrReport(context, team, current, next, `replaced from ${file}`);
    },
  },

  'coach rubric reset': {
    help: {
      summary: 'back to the built-in home-services rubric (kept in the history)',
      usage: '--team ID',
      flags: { '--team ID': 'the team' },
      examples: ['coach rubric reset --team 2'],
    },
    options: { team: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const current = await currentRubricRevision(context.rubrics, team.id);
      await saveOrReport(context, team, current, resetRevision(current, new Date()), 'back to the built-in default');
    },
  },

  'coach rubric history': {
    help: {
      summary: 'every revision of the team’s rubric, newest first',
      usage: '--team ID',
      flags: { '--team ID': 'the team' },
      examples: ['coach rubric history --team 2'],
    },
    options: { team: { type: 'string' } },
    async run(context) {
      const team = await requireTeam(context);
      const current = await currentRubricRevision(context.rubrics, team.id);
      const revisions = [...(await context.rubrics.allRevisions(team.id))].reverse().concat(DEFAULT_REVISION);
      if (context.json) {
        context.out(toJson(revisions.map((r) => ({ ...r, current: r.revision === current.revision }))));
        return;
      }
      context.out(
        [
          `Coach rubric history of team ${team.id} (${team.name}), newest first`,
          table(
            ['revision', 'rubric', 'version', 'criteria', 'pass', 'in force from'],
            revisions.map((r) => [
              `${r.revision}${r.revision === current.revision ? ' *' : ''}`,
              r.rubric.rubric_id,
              String(r.rubric.version),
              String(r.rubric.criteria.length),
              String(r.rubric.pass_threshold),
              r.in_force_from ?? '(team created)',
            ]),
          ),
          '* in force',
        ].join('\n'),
      );
    },
  },
};

async function saveOrReport(
  context: Context,
  team: Team,
  current: RubricRevision,
  next: RubricRevision | null,
  how: string,
): Promise<void> {
  if (next === null) {
    context.out(
      context.json
        ? toJson({ team_id: team.id, changed: false, ...current })
        : `Unchanged: team ${team.id} already evaluates with ${label(current.rubric)} (revision ${current.revision})`,
    );
    return;
  }
  await context.rubrics.saveRevision(team.id, next);
  context.out(
    context.json
      ? toJson({ team_id: team.id, changed: true, ...next })
      : `Saved (${how}): new calls of team ${team.id} are evaluated with ${label(next.rubric)} (revision ${next.revision}); earlier evaluations keep theirs`,
  );
}

function label(rubric: Rubric): string {
  return `${rubric.rubric_id} version ${rubric.version}`;
}

function describeRubric(team: Team, current: RubricRevision): string {
  const { rubric } = current;
  const total = rubric.criteria.reduce((sum, c) => sum + c.weight, 0);
  return [
    `Coach rubric of team ${team.id} (${team.name}): ${rubric.name}`,
    `  ${label(rubric)}, ${rubric.source === 'default' ? 'the built-in default' : 'set for the team'}, revision ${current.revision}${current.in_force_from ? ` since ${current.in_force_from}` : ''}`,
    `  passes at a weighted total of ${rubric.pass_threshold} out of 100`,
    table(
      ['criterion', 'weight', 'share', 'title'],
      rubric.criteria.map((c) => [c.id, String(c.weight), `${Math.round((c.weight / total) * 100)}%`, c.title]),
    ),
    `Edit: \`coach rubric show --team ${team.id} --json > rubric.json\`, change it, then \`coach rubric set --team ${team.id} --file rubric.json\`.`,
  ].join('\n');
}
