import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { DynamoBookingRequestStore } from '#shared/adapters/dynamodb/booking-request-store';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRubricStore } from '#shared/adapters/dynamodb/coach-rubric-store';
import { DynamoEvaluationStore } from '#shared/adapters/dynamodb/coach-store';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';
import { DynamoRollupStore } from '#shared/adapters/dynamodb/rollup-store';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { DynamoInboundTextStore } from '#shared/adapters/dynamodb/sms-campaign-inbound';
import { DynamoCampaignSendStore } from '#shared/adapters/dynamodb/sms-campaign-send-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import type { SessionRecord } from '#shared/domain/sessions';
import type { Portfolio, Team, TeamPlacement } from '#shared/domain/tenancy';
import type { LocalDynamo } from '../dynamodb/embedded';
import { demoAppointments } from './appointments';
import { generateCalls, generateTransfers } from './calls';
import { seedDemoCampaigns } from './campaigns';
import type { Trade } from './catalog';
import { demoEvaluations, demoRubricRevision } from './coach';
import { type DemoCredentials, issueDemoKeys, writeCredentials } from './keys';
import { generateLeads } from './leads';
import { batchTasks, runWithConcurrency, stopwatch, WRITE_CONCURRENCY, writeProgress } from './parallel-writes';
import { seedFrom } from './random';
import { generateBookingRequests } from './schedulers';
import { generateSessions } from './sessions';
import { putDemoIntakeConfigs, putDemoSchedulers } from './team-configurations';
import { ANCHOR_WORKSPACE, CUSTOM_RUBRIC_WORKSPACE, DEMO_ENTERPRISES, DEMO_PORTFOLIO_NAME, type DemoTeamSpec } from './teams';

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
  const { portfolio, created } = await createDemoTenancy(tenancy);
  const tenancyMs = clock.lap();
  const data = generateDemoData(created, now);
  const generateMs = clock.lap();
  const written = await writeDemoData(tenancy, created, data, now, progress);
  const writeMs = clock.lap();

  const anchor = created.find((c) => c.spec.workspaceId === ANCHOR_WORKSPACE)?.team;
  if (!anchor) throw new Error(`demo anchor team ${ANCHOR_WORKSPACE} missing from DEMO_ENTERPRISES`);
  progress('API keys');
  const credentials = await issueDemoKeys(tenancy, anchor, portfolio.id);
  const keysMs = clock.lap();

  return {
    credentials,
    teams: created.map((c) => c.team),
    counts: { teams: created.length, keys: credentials.keys.length, ...written },
    timings: { tenancyMs, generateMs, writeMs, keysMs },
  };
}

/** A demo team as specified and as created. */
interface CreatedTeam {
  readonly spec: DemoTeamSpec;
  readonly team: Team;
}

/** The generated data of the demo, per team where the writes need the team. */
interface DemoData {
  readonly perTeam: readonly {
    readonly sessions: ReturnType<typeof generateSessions>;
    readonly leads: ReturnType<typeof generateLeads>;
    readonly calls: ReturnType<typeof generateCalls>;
  }[];
  readonly bookingRequests: ReturnType<typeof generateBookingRequests>;
  readonly appointments: ReturnType<typeof demoAppointments>;
}

/** The portfolio, its enterprises and teams, their rollups marked complete, and the teams' intake configurations. */
async function createDemoTenancy(tenancy: DynamoTenancyStore): Promise<{ portfolio: Portfolio; created: CreatedTeam[] }> {
  const portfolio = await tenancy.createPortfolio({ name: DEMO_PORTFOLIO_NAME });
  const created: CreatedTeam[] = [];
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
  return { portfolio, created };
}

/** Sessions, leads, calls and booking requests of every team. */
function generateDemoData(created: readonly CreatedTeam[], now: Date): DemoData {
  // Seeds derive from the workspace id, so the demo content is the same on every machine.
  const perTeam = created.map(({ spec, team }) => {
    const base = { teamId: team.id, timezone: spec.timezone, days: DEMO_DAYS, now, trade: spec.trade };
    return {
      sessions: generateSessions({ ...base, count: spec.sessions, seed: seedFrom('sessions', spec.workspaceId) }),
      leads: generateLeads({ ...base, count: spec.leads, seed: seedFrom('leads', spec.workspaceId), siteHost: spec.siteHost }),
      calls: generateCalls({ ...base, count: spec.calls, seed: seedFrom('calls', spec.workspaceId), businessName: spec.name }),
    };
  });
  const bookingRequests = perTeam.flatMap((d, i) =>
    generateBookingRequests(
      d.sessions,
      (created[i] as (typeof created)[number]).spec.timezone,
      seedFrom('booking-requests', (created[i] as (typeof created)[number]).spec.workspaceId),
    ),
  );
  // Sealed with the local cursor secret (local/cli/service.ts sets it before seeding), so the feed shows working links.
  const appointments = perTeam.flatMap((d, i) =>
    demoAppointments(d.sessions, (created[i] as (typeof created)[number]).spec.timezone, now, process.env.CURSOR_SECRET ?? ''),
  );
  return { perTeam, bookingRequests, appointments };
}

/** The coach: one team's own rubric (from 30 days ago) saved, and every call evaluated as the worker would have. */
async function demoCoaching(created: readonly CreatedTeam[], data: DemoData, now: Date): Promise<ReturnType<typeof demoEvaluations>> {
  const customRubric = created.find(({ spec }) => spec.workspaceId === CUSTOM_RUBRIC_WORKSPACE)?.team;
  const rubricRevision = demoRubricRevision(now);
  if (customRubric)
    await new DynamoRubricStore(getDocumentClient(), physicalTableName('teams')).saveRevision(customRubric.id, rubricRevision);
  return created.flatMap(({ team }, i) =>
    demoEvaluations(data.perTeam[i]?.calls ?? [], team.id === customRubric?.id ? [rubricRevision] : []),
  );
}

/** Writes the generated data, the teams' schedulers and the SMS campaigns; returns how much of each it wrote. */
async function writeDemoData(
  tenancy: DynamoTenancyStore,
  created: readonly CreatedTeam[],
  data: DemoData,
  now: Date,
  progress: (line: string) => void,
): Promise<Omit<SeedCounts, 'teams' | 'keys'>> {
  const evaluations = await demoCoaching(created, data, now);
  const { bookingRequests, appointments } = data;
  const sessions = data.perTeam.flatMap((d) => d.sessions);
  const leads = data.perTeam.flatMap((d) => d.leads);
  const calls = data.perTeam.flatMap((d) => d.calls);
  const transfers = data.perTeam.flatMap((d, i) => generateTransfers(d.calls, i + 1));
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
  const campaignStore = new DynamoCampaignSendStore(getDocumentClient(), physicalTableName('campaigns'));
  const inboundTexts = new DynamoInboundTextStore(getDocumentClient(), physicalTableName('campaigns'));
  const campaignCounts = await Promise.all(
    created.filter((c) => !c.spec.isTest).map((c) => seedDemoCampaigns(campaignStore, inboundTexts, c.team.id, c.spec.name, now)),
  );
  return {
    sessions: sessions.length,
    bookingRequests: bookingRequests.length,
    leads: leads.length,
    calls: calls.length,
    evaluations: evaluations.length,
    campaigns: campaignCounts.reduce((n, c) => n + c.campaigns, 0),
    texts: campaignCounts.reduce((n, c) => n + c.texts, 0),
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

/**
 * seedTeamSessions for volumes: the same generated sessions as the session store's own items,
 * loaded in batches straight into the embedded DynamoDB's table (LocalDynamo's
 * importItems: no stream records, so the rollups do not see them). For a bench that measures reads
 * of a million rows, which the write path would take most of an hour to seed.
 */
export async function importTeamSessions(
  dynamo: Pick<LocalDynamo, 'importItems'>,
  teamId: number,
  timezone: string,
  count: number,
  days: number,
  seed: number,
  options: { readonly now?: Date; readonly trade?: Trade } = {},
): Promise<void> {
  const sessions = generateSessions({ teamId, timezone, count, days, seed, now: options.now, trade: options.trade });
  const store = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
  const placements = new Map([[teamId, { enterpriseId: teamId, isTest: false }]]);
  for (let i = 0; i < sessions.length; i += IMPORT_BATCH) {
    await store.putSessions(sessions.slice(i, i + IMPORT_BATCH), placements, (table, items) => dynamo.importItems(table, items));
  }
}

/** Items per import: one LevelDB batch of about 10 MB with the sessions' index entries. */
const IMPORT_BATCH = 2000;

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
