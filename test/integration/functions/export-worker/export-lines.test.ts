import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoEvaluationStore } from '#shared/adapters/dynamodb/coach-store';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';
import { DynamoOutboundFeedStore } from '#shared/adapters/dynamodb/outbound-feed-store';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { manageUrlUnder } from '#shared/adapters/runtime/appointment-dependencies';
import type { ExportLineStores } from '#shared/adapters/runtime/export-dependencies';
import { CURSOR_SECRET_ENV, PUBLIC_ORIGIN_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { newAppointment, type StoredAppointment } from '#shared/domain/appointments/appointment';
import { manageLinks, sealManageToken } from '#shared/domain/appointments/manage-token';
import type { CoachEvaluation } from '#shared/domain/coach/evaluation';
import { type ExportJob, type ExportResource, newExportJob } from '#shared/domain/exports/export-job';
import type { ExportPage } from '#shared/domain/exports/run-export';
import { exportReader } from '../../../../functions/export-worker/export-lines';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../support/emulator';
import { identity } from '../../../support/factories';
import { answerOf, routeEvent } from '../../../support/handler-harness';

/**
 * The lines of the coach evaluation and appointment exports against their list routes' handlers on
 * the embedded DynamoDB: each line is the item the route gives for the same record (field groups
 * applied alike), in the route's order; another team's rows never appear.
 */
const [OWN, OTHER] = [1, 2];
const ROWS = 23;
const PAGE_ROWS = 5;
const START = '2026-09-01T00:00:00.000Z';
const END = '2026-11-01T00:00:00.000Z';
/** The host API Gateway events of the harness carry (publicBaseUrl): the list's links and the export's share it. */
const ORIGIN = 'http://localhost';

let dynamo: LocalDynamo;
let stores: ExportLineStores;
let secret: string;
type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>;
let listCoach: Handler;
let listAppointments: Handler;

const at = (i: number) => new Date(Date.parse(START) + i * 86_400_000 + 3_600_000).toISOString();

function evaluation(teamId: number, i: number): CoachEvaluation {
  return {
    call_id: `00000000-0000-4000-8000-${String(teamId * 1000 + i).padStart(12, '0')}`,
    team_id: teamId,
    call_started_at: at(i),
    evaluated_at: at(i),
    rubric_id: 'default',
    rubric_version: 1,
    score: (i * 7) % 101,
    pass_threshold: 70,
    passed: (i * 7) % 101 >= 70,
    criteria: [
      {
        criterion_id: 'greeting',
        title: 'Greets the caller',
        weight: 1,
        applicable: true,
        score: 1,
        passed: true,
        reason: 'said hello',
        evidence: 'Hello, thanks for calling',
      },
    ],
    evaluator: { kind: 'rule_based', model: null },
  };
}

function visit(teamId: number, i: number): StoredAppointment {
  const id = `apt_${teamId}_${i}`;
  const appointment = newAppointment(
    {
      appointment_id: id,
      team_id: teamId,
      scheduler_id: 3,
      channel: 'scheduling_widget',
      customer: { name: 'Dana Reyes', phone: '+13125550142', email: 'dana@example.com', address: '1 Main St' },
      service: 'AC Repair',
      starts_at: at(i),
      time_zone: 'America/Chicago',
      duration_minutes: 60,
      lead: { id: `lead-${id}`, lead_id: 41 },
      session_id: id,
      call_id: null,
    },
    'customer',
    START,
  );
  return {
    appointment,
    manage: sealManageToken(secret, id),
    heldSlot: { date: at(i).slice(0, 10), time: '09:00' },
    sessionStartedAt: START,
    version: 1,
  };
}

beforeAll(async () => {
  dynamo = await startEmulator();
  process.env[PUBLIC_ORIGIN_ENV] = ORIGIN;
  secret = await secretReader(CURSOR_SECRET_ENV)();
  const client = getDocumentClient();
  const evaluations = new DynamoEvaluationStore(client, physicalTableName('calls'));
  const appointments = new DynamoAppointmentStore(client, { leads: physicalTableName('leads') });
  for (const teamId of [OWN, OTHER]) {
    await evaluations.putEvaluations(Array.from({ length: ROWS }, (_, i) => evaluation(teamId, i)));
    await appointments.putAppointments(Array.from({ length: ROWS }, (_, i) => visit(teamId, i)));
  }
  stores = {
    sessions: async () => new DynamoSessionStore(client, physicalTableName('sessions')),
    calls: async () => new DynamoCallStore(client, physicalTableName('calls')),
    leads: async () => new DynamoLeadStore(client, physicalTableName('leads')),
    feed: async () => new DynamoOutboundFeedStore(client, physicalTableName('campaigns')),
    teams: async () => new DynamoTenancyStore(client, physicalTableName('teams')),
    evaluations: async () => evaluations,
    appointments: async () => appointments,
    manageUrl: manageUrlUnder(manageLinks(secretReader(CURSOR_SECRET_ENV))),
  };
  ({ handler: listCoach } = await import('../../../../functions/list-coach-evaluations/handler'));
  ({ handler: listAppointments } = await import('../../../../functions/list-team-appointments/handler'));
}, 120_000);
afterAll(() => dynamo.stop());

function job(resource: ExportResource, teamIds: number[], fieldGroups: string[] | null): ExportJob {
  return newExportJob(
    {
      keyId: 'key_1',
      enterpriseIds: [],
      teamIds,
      includeTestTeams: false,
      resource,
      format: 'ndjson',
      start: START,
      end: END,
      fieldGroups,
      withTranscripts: true,
    },
    new Date(),
  );
}

/** Every line of the export, page by page as the worker reads them. */
async function exportedLines(exportJob: ExportJob): Promise<unknown[]> {
  const read = exportReader(exportJob, stores, PAGE_ROWS);
  const lines: unknown[] = [];
  let page: ExportPage = await read(null);
  for (;;) {
    lines.push(...page.lines.map((line) => JSON.parse(line) as unknown));
    if (page.next === null) return lines;
    page = await read(page.next);
  }
}

async function listed(handler: Handler, event: APIGatewayProxyEvent): Promise<unknown[]> {
  const answer = await answerOf(handler, event);
  expect(answer.status).toBe(200);
  const data = answer.body?.data;
  if (!Array.isArray(data)) throw new Error('the list answered no data');
  return data;
}

const coachList = (teamId: number, fieldGroups: string[] | null) =>
  listed(
    listCoach,
    routeEvent('listCoachEvaluations', {
      headers: { 'x-team-id': String(teamId) },
      query: { start_date: START, end_date: END, limit: '100' },
      identity: identity({ teamIds: [OWN, OTHER], fieldGroups }),
    }),
  );

const appointmentList = (teamId: number, fieldGroups: string[] | null) =>
  listed(
    listAppointments,
    routeEvent('listTeamAppointments', {
      path: { teamId: String(teamId) },
      query: { start_date: START, end_date: END, limit: '100' },
      identity: identity({ teamIds: [OWN, OTHER], fieldGroups }),
    }),
  );

describe.each([
  { resource: 'coach_evaluations' as const, list: coachList, hidden: 'evidence' },
  { resource: 'appointments' as const, list: appointmentList, hidden: 'phone' },
])('the $resource export', ({ resource, list, hidden }) => {
  it("writes each row as the list route's item, in its order", async () => {
    const lines = await exportedLines(job(resource, [OWN], null));
    expect(lines).toHaveLength(ROWS);
    expect(lines).toEqual(await list(OWN, null));
  });

  it("applies the key's field groups as the list route does", async () => {
    const lines = await exportedLines(job(resource, [OWN], []));
    expect(lines).toEqual(await list(OWN, []));
    expect(JSON.stringify(lines)).not.toContain(`"${hidden}"`);
  });

  it("never writes a row of a team the export does not name, and each named team's rows after the other's", async () => {
    expect(JSON.stringify(await exportedLines(job(resource, [OWN], null)))).not.toContain(`"team_id":${OTHER}`);
    expect(await exportedLines(job(resource, [OTHER, OWN], null))).toEqual([...(await list(OTHER, null)), ...(await list(OWN, null))]);
  });
});

it('gives each visit its manage link, as the appointments list does', async () => {
  const [first] = await exportedLines(job('appointments', [OWN], null));
  expect(first).toMatchObject({ manage_url: expect.stringMatching(/^http:\/\/localhost\/widget\/manage\/apt_1_22\./) });
});
