import { IANAZone } from 'luxon';
import { type CallRetention, isRetentionDays, MAX_RETENTION_DAYS, retentionAudit, teamRetention } from '#shared/domain/call-retention';
import type { Team } from '#shared/domain/tenancy';
import { ConflictError } from '#shared/errors';
import { type Command, requireTeam } from './command';
import { UsageError } from './errors';
import { optionalId, optionalString, requiredId, requiredName, requiredString, type Values } from './flags';
import { table, toJson } from './format';
import { cliOperator } from './operator';

/**
 * Portfolios, enterprises and teams. A parent named by a flag is checked before anything is
 * written, so a mistyped id leaves nothing half-made behind.
 */
export const TENANCY_COMMANDS: Record<string, Command> = {
  'portfolio create': {
    help: {
      summary: 'create a portfolio (a group of enterprises a portfolio_all_teams key spans)',
      usage: '--name NAME',
      flags: { '--name NAME': 'the portfolio name (at most 100 characters)' },
      examples: ['portfolio create --name "Summit Holdings"'],
    },
    options: { name: { type: 'string' } },
    async run({ store, values, json, out }) {
      const portfolio = await store.createPortfolio({ name: requiredName(values, '--name') });
      out(json ? toJson(portfolio) : `Created portfolio ${portfolio.id}: ${portfolio.name}`);
    },
  },

  'portfolio list': {
    help: {
      summary: 'list portfolios and their enterprises',
      usage: '',
      flags: {},
      examples: ['portfolio list', 'portfolio list --json'],
    },
    options: {},
    async run({ store, json, out }) {
      const portfolios = await store.listPortfolios();
      const rows = await Promise.all(
        portfolios.map(async (p) => ({ ...p, enterpriseIds: (await store.listPortfolioEnterpriseIds(p.id)).sort((a, b) => a - b) })),
      );
      out(
        json
          ? toJson(rows)
          : table(
              ['ID', 'NAME', 'ENTERPRISES', 'CREATED'],
              rows.map((p) => [String(p.id), p.name, p.enterpriseIds.join(',') || '-', p.createdAt]),
            ),
      );
    },
  },

  'portfolio add-enterprise': {
    help: {
      summary: 'add an enterprise to a portfolio',
      usage: '--portfolio ID --enterprise ID',
      flags: { '--portfolio ID': 'the portfolio', '--enterprise ID': 'the enterprise to add' },
      examples: ['portfolio add-enterprise --portfolio 1 --enterprise 2'],
    },
    options: { portfolio: { type: 'string' }, enterprise: { type: 'string' } },
    async run({ store, values, json, out }) {
      const portfolioId = requiredId(values, '--portfolio');
      const enterpriseId = requiredId(values, '--enterprise');
      const portfolio = await store.getPortfolio(portfolioId);
      if (!portfolio) throw new UsageError(`--portfolio ${portfolioId} does not name an existing portfolio`, '--portfolio');
      const enterprise = await store.getEnterprise(enterpriseId);
      if (!enterprise) throw new UsageError(`--enterprise ${enterpriseId} does not name an existing enterprise`, '--enterprise');
      await store.addEnterpriseToPortfolio(portfolioId, enterpriseId);
      out(
        json
          ? toJson({ portfolioId, enterpriseId })
          : `Added enterprise ${enterprise.id} (${enterprise.name}) to portfolio ${portfolio.id} (${portfolio.name})`,
      );
    },
  },

  'enterprise create': {
    help: {
      summary: 'create an enterprise, optionally inside a portfolio',
      usage: '--name NAME [--portfolio ID]',
      flags: { '--name NAME': 'the enterprise name (at most 100 characters)', '--portfolio ID': 'a portfolio to add it to' },
      examples: ['enterprise create --name "Summit Home Services" --portfolio 1'],
    },
    options: { name: { type: 'string' }, portfolio: { type: 'string' } },
    async run({ store, rollups, values, json, out }) {
      const name = requiredName(values, '--name');
      const portfolioId = optionalId(values, '--portfolio');
      // Checked before anything is written, so a typo leaves no orphan enterprise behind.
      if (portfolioId !== null && !(await store.getPortfolio(portfolioId))) {
        throw new UsageError(`--portfolio ${portfolioId} does not name an existing portfolio`, '--portfolio');
      }
      const enterprise = await store.createEnterprise({ name });
      // A new enterprise has no history: the stream keeps its rollups complete from here on.
      await rollups.markComplete({ kind: 'enterprise', enterpriseId: enterprise.id });
      if (portfolioId !== null) await store.addEnterpriseToPortfolio(portfolioId, enterprise.id);
      out(
        json
          ? toJson({ ...enterprise, portfolioId })
          : `Created enterprise ${enterprise.id}: ${enterprise.name}${portfolioId !== null ? ` (in portfolio ${portfolioId})` : ''}`,
      );
    },
  },

  'enterprise list': {
    help: {
      summary: 'list enterprises and their teams',
      usage: '',
      flags: {},
      examples: ['enterprise list'],
    },
    options: {},
    async run({ store, json, out }) {
      const enterprises = await store.listEnterprises();
      const rows = await Promise.all(
        enterprises.map(async (e) => ({
          ...e,
          teamIds: (await store.listEnterpriseTeamIds(e.id)).map((t) => t.teamId).sort((a, b) => a - b),
        })),
      );
      out(
        json
          ? toJson(rows)
          : table(
              ['ID', 'NAME', 'TEAMS', 'CREATED'],
              rows.map((e) => [String(e.id), e.name, e.teamIds.join(',') || '-', e.createdAt]),
            ),
      );
    },
  },

  'team create': {
    help: {
      summary: 'create a team in an enterprise',
      usage: '--name NAME --timezone IANA_ZONE --enterprise ID [--workspace ID] [--test]',
      flags: {
        '--name NAME': 'the team name (at most 100 characters)',
        '--timezone IANA_ZONE': 'the team’s time zone, such as America/Chicago',
        '--enterprise ID': 'the enterprise the team belongs to',
        '--workspace ID':
          'the id integrators send in X-Workspace-ID (1-64 letters, digits, _ or -);\ndefault: ws_ and the name, e.g. ws_summit_hvac',
        '--test': 'an internal test team: left out of multi-team lists unless include_test_teams=true',
      },
      notes: ['Workspace ids are unique: two teams of the same name need different --workspace ids.'],
      examples: ['team create --name "Summit HVAC" --timezone America/Chicago --enterprise 1'],
    },
    options: {
      name: { type: 'string' },
      timezone: { type: 'string' },
      enterprise: { type: 'string' },
      workspace: { type: 'string' },
      test: { type: 'boolean' },
    },
    async run({ store, rollups, values, json, out }) {
      const name = requiredName(values, '--name');
      const timezone = requiredString(values, '--timezone');
      if (!IANAZone.isValidZone(timezone)) {
        throw new UsageError(`--timezone must be an IANA time zone such as America/Chicago; got '${timezone}'`, '--timezone');
      }
      const enterpriseId = requiredId(values, '--enterprise');
      const workspaceId = optionalString(values, '--workspace') ?? defaultWorkspaceId(name);
      if (!WORKSPACE_ID.test(workspaceId)) {
        throw new UsageError(
          `--workspace must be 1–64 letters, digits, '_' or '-' starting with a letter or digit; got '${workspaceId}'`,
          '--workspace',
        );
      }
      if (!(await store.getEnterprise(enterpriseId))) {
        throw new UsageError(`--enterprise ${enterpriseId} does not name an existing enterprise`, '--enterprise');
      }
      const team = await store.createTeam({ name, timezone, isTest: values.test === true, enterpriseId, workspaceId }).catch((error) => {
        // The workspace id was made from the name: the operator typed no --workspace, so the name is what is taken.
        if (error instanceof ConflictError && optionalString(values, '--workspace') === null) {
          throw new UsageError(
            `--name '${name}' is taken: the workspace id made from it, ${workspaceId}, belongs to another team; ` +
              'choose another --name, or give this team its own --workspace',
            '--name',
          );
        }
        throw error;
      });
      await rollups.markComplete({ kind: 'team', teamId: team.id });
      out(
        json
          ? toJson(team)
          : `Created team ${team.id}: ${team.name} (${team.timezone}) in enterprise ${team.enterpriseId}, workspace ${team.workspaceId}${team.isTest ? ', test team' : ''}`,
      );
    },
  },

  'team list': {
    help: {
      summary: 'list teams, of every enterprise or of one',
      usage: '[--enterprise ID]',
      flags: { '--enterprise ID': 'only the teams of this enterprise' },
      examples: ['team list --enterprise 1'],
    },
    options: { enterprise: { type: 'string' } },
    async run({ store, values, json, out }) {
      const enterpriseId = optionalId(values, '--enterprise');
      let enterpriseIds: number[];
      if (enterpriseId !== null) {
        if (!(await store.getEnterprise(enterpriseId))) {
          throw new UsageError(`--enterprise ${enterpriseId} does not name an existing enterprise`, '--enterprise');
        }
        enterpriseIds = [enterpriseId];
      } else {
        enterpriseIds = (await store.listEnterprises()).map((e) => e.id);
      }
      const memberships = await Promise.all(enterpriseIds.map((id) => store.listEnterpriseTeamIds(id)));
      const teams: Team[] = await store.getTeams(memberships.flat().map((m) => m.teamId));
      out(
        json
          ? toJson(teams)
          : table(
              ['ID', 'NAME', 'TIMEZONE', 'ENTERPRISE', 'WORKSPACE', 'TEST'],
              teams.map((t) => [String(t.id), t.name, t.timezone, String(t.enterpriseId), t.workspaceId, t.isTest ? 'yes' : '']),
            ),
      );
    },
  },

  'team set': {
    help: {
      summary: 'set how long a team keeps its calls’ transcripts and recordings',
      usage: '--team ID [--transcript-retention-days N|keep] [--recording-retention-days N|keep]',
      flags: {
        '--team ID': 'the team',
        '--transcript-retention-days N': `days a call’s transcript is kept after the call (1-${MAX_RETENTION_DAYS}),\nor keep (the default: as long as the call)`,
        '--recording-retention-days N': `days a call’s recording link is kept after the call (1-${MAX_RETENTION_DAYS}),\nor keep (the default)`,
      },
      notes: [
        'Applies to the team’s existing calls too: an expired transcript or recording reads as absent at once, and the daily sweep removes it; the call keeps every other field. A flag not given leaves its setting as it is.',
        'Recordings stay at the voice provider: set the provider’s own retention as well (docs/call-retention.md).',
        'Recorded in the audit log (retention.changed) in the same write.',
      ],
      examples: [
        'team set --team 2 --transcript-retention-days 90 --recording-retention-days 30',
        'team set --team 2 --recording-retention-days keep',
      ],
    },
    options: { team: { type: 'string' }, 'transcript-retention-days': { type: 'string' }, 'recording-retention-days': { type: 'string' } },
    async run(context) {
      const { store, values, json, out } = context;
      const transcript = retentionFlag(values, '--transcript-retention-days');
      const recording = retentionFlag(values, '--recording-retention-days');
      if (transcript === undefined && recording === undefined) {
        throw new UsageError('give --transcript-retention-days or --recording-retention-days (or both)', '--transcript-retention-days');
      }
      const team = await requireTeam(context);
      const before = teamRetention(team);
      const after: CallRetention = {
        transcriptDays: transcript === undefined ? before.transcriptDays : transcript,
        recordingDays: recording === undefined ? before.recordingDays : recording,
      };
      const audit = retentionAudit(team, before, after, cliOperator(), new Date());
      const saved = await store.setTeamRetention(team.id, after, audit);
      if (!saved) throw new UsageError(`--team ${team.id} does not name an existing team`, '--team');
      const shown = { teamId: saved.id, transcriptRetentionDays: after.transcriptDays, recordingRetentionDays: after.recordingDays };
      out(
        json
          ? toJson(shown)
          : `Team ${saved.id} (${saved.name}): transcripts ${keptFor(after.transcriptDays)}, recordings ${keptFor(after.recordingDays)}`,
      );
    },
  },
};

/** `N` (whole days) or `keep` (null); undefined when the flag is not given. */
function retentionFlag(values: Values, flag: string): number | null | undefined {
  const raw = optionalString(values, flag);
  if (raw === null) return undefined;
  const text = raw.trim().toLowerCase();
  if (text === 'keep') return null;
  if (!/^[0-9]{1,9}$/.test(text) || !isRetentionDays(Number(text))) {
    throw new UsageError(`${flag} must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}, or keep; got '${raw}'`, flag);
  }
  return Number(text);
}

function keptFor(days: number | null): string {
  return days === null ? 'kept' : `kept ${days} day${days === 1 ? '' : 's'}`;
}

/** Integrators name the team by it in X-Workspace-ID, so it is kept to characters safe in a header. */
const WORKSPACE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** "Summit HVAC" → "ws_summit_hvac". */
function defaultWorkspaceId(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return `ws_${slug || 'team'}`;
}
