import { type RebuildProgress, type RebuildResult, rebuildTeamRollups } from '#shared/domain/rollups/rebuild';
import type { Command, Context } from './command';
import { UsageError } from './errors';
import { optionalId } from './flags';
import { toJson } from './format';

/**
 * Analytics rollups: rebuilt for existing data (sessions written before the stream consumer ran,
 * or restored from a backup) and after a change of bucket layout. Rows whose placement attributes
 * are missing or out of date (written before them, or the team changed) are rewritten first. A rebuild runs beside the stream
 * consumer safely (both recompute buckets through the same protocol).
 */
export const ROLLUP_COMMANDS: Record<string, Command> = {
  'rollups rebuild': {
    help: {
      summary: 'recompute the analytics rollups from the sessions, with progress',
      usage: '--team ID | --enterprise ID | --all',
      flags: { '--team ID': 'one team', '--enterprise ID': 'every team of an enterprise', '--all': 'every team' },
      notes: [
        'For data from before the rollups, a restore, or a new bucket layout; safe while the service runs. Needs TABLE_SESSIONS and TABLE_ROLLUPS on a deployed stack.',
        'Also stamps sessions written before the change feeds (updated_since) with their latest instant, so the feeds list them.',
      ],
      examples: ['rollups rebuild --enterprise 1'],
    },
    options: { team: { type: 'string' }, enterprise: { type: 'string' }, all: { type: 'boolean' } },
    async run(context) {
      const teamId = optionalId(context.values, '--team');
      const enterpriseId = optionalId(context.values, '--enterprise');
      const all = context.values.all === true;
      if ([teamId !== null, enterpriseId !== null, all].filter(Boolean).length !== 1) {
        // Blame a flag only when one was typed: none given is a missing choice, not a wrong --team.
        const typed = (['--team', '--enterprise', '--all'] as const).filter((flag) => context.values[flag.slice(2)] !== undefined);
        throw new UsageError(
          `name what to rebuild with exactly one of --team <id>, --enterprise <id> or --all${typed.length > 1 ? `, not ${typed.join(' and ')}` : ''}`,
          typed[1],
        );
      }
      const started = Date.now();
      const enterprises = await enterprisesToRebuild(context, { teamId, enterpriseId, all });
      const teamIds =
        teamId !== null
          ? [teamId]
          : (await Promise.all(enterprises.map((e) => context.store.listEnterpriseTeamIds(e)))).flat().map((t) => t.teamId);
      const results: RebuildResult[] = [];
      let restamped = 0;
      for (const [index, id] of teamIds.entries()) {
        const prefix = `team ${id} (${index + 1}/${teamIds.length})`;
        const team = await context.store.getTeam(id);
        if (team) restamped += await context.sessions.restampPlacement(id, { enterpriseId: team.enterpriseId, isTest: team.isTest });
        results.push(
          await rebuildTeamRollups(
            { rollups: context.rollups, sessions: context.sessions },
            id,
            context.json ? undefined : progressPrinter(context, prefix),
          ),
        );
      }
      // An enterprise is complete once every one of its teams is.
      for (const id of enterprises) await context.rollups.markComplete({ kind: 'enterprise', enterpriseId: id });
      const seconds = (Date.now() - started) / 1000;
      const sessions = results.reduce((n, r) => n + r.sessions, 0);
      context.out(
        context.json
          ? toJson({ teams: results, enterprises, sessions, restamped, seconds })
          : `Rebuilt the rollups of ${results.length} team(s)${enterprises.length > 0 ? ` and enterprise(s) ${enterprises.join(', ')}` : ''}: ` +
              `${sessions.toLocaleString('en-US')} sessions (${restamped.toLocaleString('en-US')} re-placed in the enterprise indexes) in ${seconds.toFixed(1)} s (${Math.round(sessions / Math.max(seconds, 0.001)).toLocaleString('en-US')} sessions/s)`,
      );
    },
  },
};

async function enterprisesToRebuild(
  context: Context,
  target: { teamId: number | null; enterpriseId: number | null; all: boolean },
): Promise<number[]> {
  if (target.teamId !== null) {
    if (!(await context.store.getTeam(target.teamId)))
      throw new UsageError(`--team ${target.teamId} does not name an existing team`, '--team');
    return [];
  }
  if (target.enterpriseId !== null) {
    if (!(await context.store.getEnterprise(target.enterpriseId))) {
      throw new UsageError(`--enterprise ${target.enterpriseId} does not name an existing enterprise`, '--enterprise');
    }
    return [target.enterpriseId];
  }
  return (await context.store.listEnterprises()).map((e) => e.id);
}

function progressPrinter(context: Context, prefix: string): (progress: RebuildProgress) => void {
  return (progress) => {
    if (progress.phase === 'scan') return;
    if (progress.phase === 'done') context.out(`${prefix}: done`);
    else context.out(`${prefix}: ${progress.phase} ${progress.done}/${progress.total}`);
  };
}
