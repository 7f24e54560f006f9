import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { DynamoBookingRequestStore } from '#shared/adapters/dynamodb/booking-request-store';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRubricStore } from '#shared/adapters/dynamodb/coach-rubric-store';
import { DynamoEvaluationStore } from '#shared/adapters/dynamodb/coach-store';
import { DynamoFieldServiceConfigStore } from '#shared/adapters/dynamodb/field-service-config-store';
import { DynamoIntakeConfigStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';
import { DynamoRollupStore } from '#shared/adapters/dynamodb/rollup-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { intakeConfigSchema } from '#shared/domain/intake/intake-config-schema';
import { routingMembershipProblems } from '#shared/domain/intake/routing';
import { schedulerSettingsSchema } from '#shared/domain/schedulers';
import type { SessionRecord } from '#shared/domain/sessions';
import type { Team, TeamPlacement } from '#shared/domain/tenancy';
import { bookingPageUrl } from '#shared/domain/widget/embed';
import { demoAppointments } from './appointments';
import { generateCalls, generateTransfers } from './calls';
import { seedDemoCampaigns } from './campaigns';
import type { Trade } from './catalog';
import { demoEvaluations, demoRubricRevision } from './coach';
import { demoIntakeConfigs } from './intake-configs';
import { type DemoCredentials, issueDemoKeys, writeCredentials } from './keys';
import { generateLeads } from './leads';
import { seedFrom } from './random';
import { demoSchedulers, generateBookingRequests } from './schedulers';
import { generateSessions } from './sessions';

/**
 * The demo data behind `npm start`: one portfolio spanning two enterprises, five teams (one a QA
 * team), 60 days of scheduler sessions, leads of every channel, AI-answered calls with their coach
 * evaluations (one team with its own rubric), the teams'
 * speed-to-lead intake configurations (see demoIntakeConfigs and local/demo/requests.md), and one
 * API key of each type. The keys' plaintext is written once to `<dataDir>/demo-credentials.json`, whose
 * shape is a contract used by external tests:
 *
 *   {"keys":[{"key","type","permissions","team_ids","enterprise_id","portfolio_id"}, ...]}
 *
 * Stores are built on call (not at module load) from TABLE_* and DYNAMODB_ENDPOINT, which the local
 * runner sets before importing this module.
 */

export const DEMO_DAYS = 60;
/** Items per BatchWriteItem (DynamoDB's maximum). */
const BATCH_SIZE = 25;
/** BatchWriteItem calls in flight at once. */
const WRITE_CONCURRENCY = 8;

export interface DemoTeamSpec {
  readonly name: string;
  readonly timezone: string;
  readonly workspaceId: string;
  readonly isTest: boolean;
  readonly trade: Trade;
  readonly siteHost: string;
  readonly sessions: number;
  readonly leads: number;
  readonly calls: number;
}

export interface DemoEnterpriseSpec {
  readonly name: string;
  readonly teams: readonly DemoTeamSpec[];
}

export const DEMO_PORTFOLIO_NAME = 'Summit & Bayside Holdings';

export const DEMO_ENTERPRISES: readonly DemoEnterpriseSpec[] = [
  {
    name: 'Summit Home Services',
    teams: [
      team('Summit Plumbing', 'America/New_York', 'ws_summit_plumbing', 'plumbing', 'summitplumbing.example.com'),
      team('Summit HVAC', 'America/Chicago', 'ws_summit_hvac', 'hvac', 'summithvac.example.com'),
      {
        ...team('Summit QA (test)', 'America/New_York', 'ws_summit_qa', 'home_services', 'qa.summit.example.com'),
        isTest: true,
        sessions: 120,
        leads: 15,
        calls: 3,
      },
    ],
  },
  {
    name: 'Bayside Comfort',
    teams: [
      team('Bayside Heating & Air', 'America/Los_Angeles', 'ws_bayside_heating_air', 'hvac', 'baysideheatingair.example.com'),
      team('Bayside Plumbing', 'America/Denver', 'ws_bayside_plumbing', 'plumbing', 'baysideplumbing.example.com'),
    ],
  },
];

function team(name: string, timezone: string, workspaceId: string, trade: Trade, siteHost: string): DemoTeamSpec {
  return { name, timezone, workspaceId, isTest: false, trade, siteHost, sessions: 1250, leads: 80, calls: 12 };
}

/** The team whose calls are coached with its own rubric (local/demo/coach.ts); the others follow the default. */
const CUSTOM_RUBRIC_WORKSPACE = 'ws_bayside_heating_air';

/** The team every demo key is anchored on. */
const ANCHOR_WORKSPACE = 'ws_summit_plumbing';

export interface SeedResult {
  readonly credentialsPath: string;
  /** False when the data was already there (and nothing was written). */
  readonly seeded: boolean;
  /** What a fresh seed wrote; null when the demo was already there. */
  readonly counts: SeedCounts | null;
}

export interface SeedCounts {
  readonly teams: number;
  readonly keys: number;
  readonly sessions: number;
  readonly bookingRequests: number;
  readonly leads: number;
  readonly calls: number;
  readonly evaluations: number;
  readonly campaigns: number;
  readonly texts: number;
}

export interface SeedOptions {
  /** Called with a short line as the seed moves on (`npm start` prints them: seeding takes seconds). */
  readonly onProgress?: (line: string) => void;
}

/**
 * Seeds the demo when the tables hold no demo yet. When the tenancy exists and the credentials file
 * is there, does nothing. When the demo tenancy exists but the credentials file was lost, mints a
 * fresh set of demo keys (plaintext cannot be recovered) without writing the data again.
 */
export async function seedIfEmpty(dataDir: string, options: SeedOptions = {}): Promise<SeedResult> {
  const credentialsPath = path.join(dataDir, 'demo-credentials.json');
  const tenancy = tenancyStore();
  const hasTenancy = (await tenancy.listPortfolios()).length > 0;
  const anchor = hasTenancy ? await tenancy.getTeamByWorkspace(ANCHOR_WORKSPACE) : null;
  // A data folder seeded before intake configurations existed gets them now (only where a team
  // has none: an operator's configuration is never overwritten).
  if (anchor) await putDemoIntakeConfigs(tenancy, { onlyWhereAbsent: true });
  // Likewise the scheduler configurations (booking requests are seeded with a fresh demo only).
  if (anchor) await putDemoSchedulers(tenancy, { onlyWhereAbsent: true });
  if (hasTenancy && existsSync(credentialsPath)) return { credentialsPath, seeded: false, counts: null };

  if (anchor) {
    const portfolioId = await findDemoPortfolio(tenancy, anchor);
    writeCredentials(credentialsPath, await issueDemoKeys(tenancy, anchor, portfolioId));
    return { credentialsPath, seeded: false, counts: null };
  }

  const { credentials, counts } = await seedDemo({ onProgress: options.onProgress });
  writeCredentials(credentialsPath, credentials);
  return { credentialsPath, seeded: true, counts };
}

export interface SeedDemoOptions extends SeedOptions {
  /** Data ends two hours before this instant. @default new Date() */
  readonly now?: Date;
}

export interface SeedDemoResult {
  readonly credentials: DemoCredentials;
  readonly teams: readonly Team[];
  readonly counts: SeedCounts;
  readonly timings: { readonly tenancyMs: number; readonly generateMs: number; readonly writeMs: number; readonly keysMs: number };
}

/** Creates the demo tenancy, data and keys (unconditionally: callers check for an existing demo). */
export async function seedDemo(options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const now = options.now ?? new Date();
  const tenancy = tenancyStore();
  const clock = stopwatch();
  const progress = options.onProgress ?? (() => undefined);
  progress('teams, intake configurations');

  const portfolio = await tenancy.createPortfolio({ name: DEMO_PORTFOLIO_NAME });
  const created: { spec: DemoTeamSpec; team: Team }[] = [];
  for (const enterpriseSpec of DEMO_ENTERPRISES) {
    const enterprise = await tenancy.createEnterprise({ name: enterpriseSpec.name });
    await tenancy.addEnterpriseToPortfolio(portfolio.id, enterprise.id);
    for (const spec of enterpriseSpec.teams) {
      const team = await tenancy.createTeam({
        name: spec.name,
        timezone: spec.timezone,
        isTest: spec.isTest,
        enterpriseId: enterprise.id,
        workspaceId: spec.workspaceId,
      });
      created.push({ spec, team });
    }
  }
  // New teams and enterprises have no history: their rollups are complete from the start and the
  // session-rollups stream consumer builds them from the seed's writes (startLocalService waits for it).
  const rollups = new DynamoRollupStore(getDocumentClient(), physicalTableName('rollups'));
  for (const { team } of created) await rollups.markComplete({ kind: 'team', teamId: team.id });
  for (const enterpriseId of new Set(created.map(({ team }) => team.enterpriseId)))
    await rollups.markComplete({ kind: 'enterprise', enterpriseId });
  await putDemoIntakeConfigs(tenancy, { onlyWhereAbsent: false });
  const tenancyMs = clock.lap();

  // Seeds derive from the workspace id, so the demo content is the same on every machine.
  const data = created.map(({ spec, team }) => {
    const base = { teamId: team.id, timezone: spec.timezone, days: DEMO_DAYS, now, trade: spec.trade };
    return {
      sessions: generateSessions({ ...base, count: spec.sessions, seed: seedFrom('sessions', spec.workspaceId) }),
      leads: generateLeads({ ...base, count: spec.leads, seed: seedFrom('leads', spec.workspaceId), siteHost: spec.siteHost }),
      calls: generateCalls({ ...base, count: spec.calls, seed: seedFrom('calls', spec.workspaceId), businessName: spec.name }),
    };
  });
  const bookingRequests = data.flatMap((d, i) =>
    generateBookingRequests(
      d.sessions,
      (created[i] as (typeof created)[number]).spec.timezone,
      seedFrom('booking-requests', (created[i] as (typeof created)[number]).spec.workspaceId),
    ),
  );
  // Sealed with the local cursor secret (local/cli/service.ts sets it before seeding), so the feed shows working links.
  const appointments = data.flatMap((d, i) =>
    demoAppointments(d.sessions, (created[i] as (typeof created)[number]).spec.timezone, now, process.env.CURSOR_SECRET ?? ''),
  );
  const generateMs = clock.lap();

  // The coach: one team's own rubric (from 30 days ago), and every call evaluated as the worker would have.
  const customRubric = created.find(({ spec }) => spec.workspaceId === CUSTOM_RUBRIC_WORKSPACE)?.team;
  const rubricRevision = demoRubricRevision(now);
  if (customRubric)
    await new DynamoRubricStore(getDocumentClient(), physicalTableName('teams')).saveRevision(customRubric.id, rubricRevision);
  const evaluations = created.flatMap(({ team }, i) =>
    demoEvaluations(data[i]?.calls ?? [], team.id === customRubric?.id ? [rubricRevision] : []),
  );

  const sessions = data.flatMap((d) => d.sessions);
  const leads = data.flatMap((d) => d.leads);
  const calls = data.flatMap((d) => d.calls);
  const transfers = data.flatMap((d, i) => generateTransfers(d.calls, i + 1));
  const sessionStore = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
  const placements = new Map(created.map(({ team }) => [team.id, { enterpriseId: team.enterpriseId, isTest: team.isTest }]));
  const leadStore = new DynamoLeadStore(getDocumentClient(), physicalTableName('leads'));
  const callStore = new DynamoCallStore(getDocumentClient(), physicalTableName('calls'));
  const evaluationStore = new DynamoEvaluationStore(getDocumentClient(), physicalTableName('calls'));
  const bookingRequestStore = new DynamoBookingRequestStore(getDocumentClient(), physicalTableName('sessions'));
  const appointmentStore = new DynamoAppointmentStore(getDocumentClient(), { leads: physicalTableName('leads') });
  await putDemoSchedulers(tenancy, { onlyWhereAbsent: false });
  const written = writeProgress(progress, {
    sessions: sessions.length,
    'booking requests': bookingRequests.length,
    appointments: appointments.length,
    leads: leads.length,
    calls: calls.length + transfers.length,
    evaluations: evaluations.length,
  });
  await runWithConcurrency(
    [
      ...batchTasks(sessions, (batch) => sessionStore.putSessions(batch, placements), written('sessions')),
      ...batchTasks(leads, (batch) => leadStore.putLeads(batch), written('leads')),
      ...batchTasks(calls, (batch) => callStore.putCalls(batch), written('calls')),
      ...transfers.map((t) => () => callStore.saveTransfer(t).then(() => written('calls')(1))),
      ...batchTasks(evaluations, (batch) => evaluationStore.putEvaluations(batch), written('evaluations')),
      ...batchTasks(bookingRequests, (batch) => bookingRequestStore.putBookingRequests(batch), written('booking requests')),
      ...batchTasks(appointments, (batch) => appointmentStore.putAppointments(batch), written('appointments')),
    ],
    WRITE_CONCURRENCY,
  );
  // Campaign texts and keyword events (the outbound feeds), through the campaign store's write paths.
  progress('SMS campaigns');
  const campaignStore = new DynamoCampaignStore(getDocumentClient(), physicalTableName('campaigns'));
  const campaignCounts = await Promise.all(
    created.filter((c) => !c.spec.isTest).map((c) => seedDemoCampaigns(campaignStore, c.team.id, c.spec.name, now)),
  );
  const writeMs = clock.lap();

  const anchor = created.find((c) => c.spec.workspaceId === ANCHOR_WORKSPACE)?.team;
  if (!anchor) throw new Error(`demo anchor team ${ANCHOR_WORKSPACE} missing from DEMO_ENTERPRISES`);
  progress('API keys');
  const credentials = await issueDemoKeys(tenancy, anchor, portfolio.id);
  const keysMs = clock.lap();

  return {
    credentials,
    teams: created.map((c) => c.team),
    counts: {
      teams: created.length,
      keys: credentials.keys.length,
      sessions: sessions.length,
      bookingRequests: bookingRequests.length,
      leads: leads.length,
      calls: calls.length,
      evaluations: evaluations.length,
      campaigns: campaignCounts.reduce((n, c) => n + c.campaigns, 0),
      texts: campaignCounts.reduce((n, c) => n + c.texts, 0),
    },
    timings: { tenancyMs, generateMs, writeMs, keysMs },
  };
}

/**
 * Generates and writes one team's sessions (for tests and benchmarks that need a large team).
 * Returns what it wrote.
 */
export async function seedTeamSessions(
  teamId: number,
  timezone: string,
  count: number,
  days: number,
  seed: number,
  options: { readonly now?: Date; readonly trade?: Trade; readonly concurrency?: number; readonly placement?: TeamPlacement } = {},
): Promise<SessionRecord[]> {
  const sessions = generateSessions({ teamId, timezone, count, days, seed, now: options.now, trade: options.trade });
  const store = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
  // A team made up for a benchmark stands alone in an enterprise of the same id.
  const placements = new Map([[teamId, options.placement ?? { enterpriseId: teamId, isTest: false }]]);
  await runWithConcurrency(
    batchTasks(sessions, (batch) => store.putSessions(batch, placements)),
    options.concurrency ?? WRITE_CONCURRENCY,
  );
  return sessions;
}

/** Runs tasks with at most `concurrency` in flight; rejects with the first failure. */
export async function runWithConcurrency<T>(tasks: readonly (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  return results;
}

function batchTasks<T>(
  items: readonly T[],
  write: (batch: readonly T[]) => Promise<void>,
  done: (count: number) => void = () => undefined,
): (() => Promise<void>)[] {
  const tasks: (() => Promise<void>)[] = [];
  for (let i = 0; i < items.length; i += BATCH_SIZE) {
    const batch = items.slice(i, i + BATCH_SIZE);
    tasks.push(() => write(batch).then(() => done(batch.length)));
  }
  return tasks;
}

/** At most one progress line a second while writing (plus one as each kind completes). */
const PROGRESS_EVERY_MS = 1000;

/**
 * Counts written items per kind and reports `sessions 1,200/6,120` at most once a second, and
 * once when a kind is complete.
 */
function writeProgress(progress: (line: string) => void, totals: Record<string, number>): (kind: string) => (count: number) => void {
  const done = new Map<string, number>();
  let last = performance.now();
  const line = (kind: string) => `${kind} ${(done.get(kind) ?? 0).toLocaleString('en-US')}/${(totals[kind] ?? 0).toLocaleString('en-US')}`;
  return (kind) => (count) => {
    const total = (done.get(kind) ?? 0) + count;
    done.set(kind, total);
    const now = performance.now();
    if (total === totals[kind] || now - last >= PROGRESS_EVERY_MS) {
      last = now;
      progress(line(kind));
    }
  };
}

/**
 * Writes the demo intake configurations (validated as the CLI validates them: the schema, and
 * routing targets inside the anchor's enterprise). With `onlyWhereAbsent`, a team that already has
 * a configuration keeps it.
 */
async function putDemoIntakeConfigs(tenancy: DynamoTenancyStore, options: { readonly onlyWhereAbsent: boolean }): Promise<void> {
  const workspaces = ['ws_summit_plumbing', 'ws_summit_hvac', 'ws_summit_qa', 'ws_bayside_heating_air'] as const;
  const teams = await Promise.all(workspaces.map((w) => tenancy.getTeamByWorkspace(w)));
  const byWorkspace = new Map(teams.flatMap((t) => (t ? [[t.workspaceId, t] as const] : [])));
  // Not the demo's tenancy (some of its teams are missing): leave it alone.
  if (options.onlyWhereAbsent && byWorkspace.size < workspaces.length) return;
  const id = (workspaceId: string): number => {
    const team = byWorkspace.get(workspaceId);
    if (!team) throw new Error(`demo team ${workspaceId} is missing`);
    return team.id;
  };
  const ids = {
    summitPlumbing: id('ws_summit_plumbing'),
    summitHvac: id('ws_summit_hvac'),
    summitQa: id('ws_summit_qa'),
    baysideHeatingAir: id('ws_bayside_heating_air'),
  };
  const configs = new DynamoIntakeConfigStore(getDocumentClient(), physicalTableName('teams'));
  const byId = new Map([...byWorkspace.values()].map((t) => [t.id, t]));
  await Promise.all(
    demoIntakeConfigs(ids).map(async ({ teamId, config: input }) => {
      const config = intakeConfigSchema.parse(input);
      const [problem] = routingMembershipProblems(byId.get(teamId)?.enterpriseId ?? -1, config.routing, byId);
      if (problem) throw new Error(`demo routing of team ${teamId} names team ${problem.teamId}: ${problem.kind}`);
      if (options.onlyWhereAbsent && (await configs.getIntakeConfig(teamId)) !== null) return;
      await configs.putIntakeConfig(teamId, config);
    }),
  );
}

/** The booking page of the first demo team's main widget (the start-up summary prints it); null without the demo. */
export async function demoBookingPage(baseUrl: string): Promise<string | null> {
  const spec = DEMO_ENTERPRISES[0]?.teams[0];
  if (!spec) return null;
  const team = await new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams')).getTeamByWorkspace(spec.workspaceId);
  const main = team ? demoSchedulers(team.id, spec.name, spec.timezone, spec.trade)[0] : undefined;
  if (!team || !main) return null;
  const scheduler = await new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams')).getScheduler(team.id, main.id);
  return scheduler ? bookingPageUrl(baseUrl, team.id, main.id) : null;
}

/** Writes each demo team's schedulers (see demoSchedulers) and its field-service system (the sandbox, where none is set); with `onlyWhereAbsent`, an existing one is kept. */
async function putDemoSchedulers(tenancy: DynamoTenancyStore, options: { readonly onlyWhereAbsent: boolean }): Promise<void> {
  const store = new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams'));
  const fieldService = new DynamoFieldServiceConfigStore(getDocumentClient(), physicalTableName('teams'));
  const now = new Date();
  for (const spec of DEMO_ENTERPRISES.flatMap((e) => e.teams)) {
    const team = await tenancy.getTeamByWorkspace(spec.workspaceId);
    if (!team) continue;
    // The demo's bookings make their jobs in the local sandbox (<data folder>/sandbox/field-service-jobs.jsonl).
    if ((await fieldService.getFieldServiceConfig(team.id)) === null)
      await fieldService.putFieldServiceConfig(team.id, { system: 'sandbox' });
    for (const { id, settings } of demoSchedulers(team.id, spec.name, spec.timezone, spec.trade)) {
      if (options.onlyWhereAbsent && (await store.getScheduler(team.id, id)) !== null) continue;
      await store.putScheduler(team.id, id, schedulerSettingsSchema.parse(settings), now);
    }
  }
}

async function findDemoPortfolio(tenancy: DynamoTenancyStore, anchor: Team): Promise<number> {
  for (const portfolio of await tenancy.listPortfolios()) {
    if (portfolio.name !== DEMO_PORTFOLIO_NAME) continue;
    if ((await tenancy.listPortfolioEnterpriseIds(portfolio.id)).includes(anchor.enterpriseId)) return portfolio.id;
  }
  throw new Error(
    `the demo teams exist but the portfolio "${DEMO_PORTFOLIO_NAME}" does not; npm run demo:reset (with the service stopped) seeds again`,
  );
}

function tenancyStore(): DynamoTenancyStore {
  return new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
}

function stopwatch(): { lap(): number } {
  let last = performance.now();
  return {
    lap() {
      const at = performance.now();
      const ms = Math.round(at - last);
      last = at;
      return ms;
    },
  };
}
