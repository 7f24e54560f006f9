import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoEvaluationStore } from '#shared/adapters/dynamodb/coach-store';
import { DynamoExportStore } from '#shared/adapters/dynamodb/export-store';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';
import { DynamoOutboundFeedStore } from '#shared/adapters/dynamodb/outbound-feed-store';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import type { ExportLineStores } from '#shared/adapters/runtime/export-dependencies';
import type { CoachEvaluation } from '#shared/domain/coach/evaluation';
import { type ExportJob, type ExportResource, newExportJob } from '#shared/domain/exports/export-job';
import { type RunExportDependencies, runExport } from '#shared/domain/exports/run-export';
import { eventIdFor } from '#shared/events/lead-events';
import type { ExportFiles } from '#shared/ports/export-files';
import type { ExportStore } from '#shared/ports/export-store';
import { presentCoachEvaluation } from '#shared/presenters/coach';
import { presentSession } from '#shared/presenters/sessions';
import { exportReader } from '../../../../../functions/export-worker/export-lines';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { LocalExportFiles } from '../../../../../local/runtime/export-files';
import { startEmulator } from '../../../../support/emulator';
import { session } from '../../../../support/factories';

/**
 * An export killed between its parts (after a part's upload, before its record; and after its
 * record, before the next part) and run again by the redelivered message: the file holds exactly
 * the rows of the range, in list order, none twice, and export.completed is due once.
 */
const TEAM = 7;
const ROWS = 2_500;
const PAGE_ROWS = 100;
let dynamo: LocalDynamo;
let dir: string;
let stores: ExportLineStores;
let exports: DynamoExportStore;
let files: LocalExportFiles;
const sessions = Array.from({ length: ROWS }, (_, i) =>
  session({
    session_id: `ses_x${String(i).padStart(5, '0')}`,
    team_id: TEAM,
    started_at: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
  }),
);

const evaluations: CoachEvaluation[] = Array.from({ length: ROWS / 5 }, (_, i) => ({
  call_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  team_id: TEAM,
  call_started_at: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
  evaluated_at: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
  rubric_id: 'default',
  rubric_version: 1,
  score: i % 101,
  pass_threshold: 70,
  passed: i % 101 >= 70,
  criteria: [],
  evaluator: { kind: 'rule_based', model: null },
}));

beforeAll(async () => {
  dynamo = await startEmulator();
  dir = mkdtempSync(path.join(tmpdir(), 'export-run-'));
  const client = getDocumentClient();
  const sessionStore = new DynamoSessionStore(client, physicalTableName('sessions'));
  await sessionStore.putSessions(sessions, new Map([[TEAM, { enterpriseId: 3, isTest: false }]]));
  const evaluationStore = new DynamoEvaluationStore(client, physicalTableName('calls'));
  await evaluationStore.putEvaluations(evaluations);
  stores = {
    sessions: async () => sessionStore,
    calls: async () => new DynamoCallStore(client, physicalTableName('calls')),
    leads: async () => new DynamoLeadStore(client, physicalTableName('leads')),
    feed: async () => new DynamoOutboundFeedStore(client, physicalTableName('campaigns')),
    teams: async () => new DynamoTenancyStore(client, physicalTableName('teams')),
    evaluations: async () => evaluationStore,
    appointments: async () => new DynamoAppointmentStore(client, { leads: physicalTableName('leads') }),
    manageUrl: async () => null,
  };
  exports = new DynamoExportStore(client, physicalTableName('exports'), physicalTableName('outbox'), physicalTableName('audit-log'));
  files = new LocalExportFiles(
    dir,
    () => 'http://127.0.0.1:1',
    () => 'secret',
    2048,
  );
}, 120_000);
afterAll(async () => {
  await dynamo.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function newJob(resource: ExportResource = 'sessions'): Promise<ExportJob> {
  const job = newExportJob(
    {
      keyId: 'key_1',
      enterpriseIds: [],
      teamIds: [TEAM],
      includeTestTeams: false,
      resource,
      format: 'ndjson',
      start: '2024-01-01T00:00:00.000Z',
      end: '2026-01-01T00:00:00.000Z',
      fieldGroups: null,
      withTranscripts: false,
    },
    new Date(),
  );
  await exports.createExport(job, []);
  return job;
}

class Crash extends Error {}

/** Dependencies that die once, at the given part, at the given moment. */
function crashing(at: { part: number; when: 'after upload' | 'after record' }): RunExportDependencies {
  let crashed = false;
  const crashingFiles: ExportFiles = {
    minPartBytes: files.minPartBytes,
    startUpload: (key) => files.startUpload(key),
    completeUpload: (...args) => files.completeUpload(...args),
    downloadLink: (...args) => files.downloadLink(...args),
    removeFile: (key) => files.removeFile(key),
    async uploadPart(key, uploadId, number, body) {
      const etag = await files.uploadPart(key, uploadId, number, body);
      if (!crashed && at.when === 'after upload' && number === at.part) {
        crashed = true;
        throw new Crash();
      }
      return etag;
    },
  };
  const crashingStore: ExportStore = {
    createExport: (...args) => exports.createExport(...args),
    getExport: (id) => exports.getExport(id),
    startExport: (...args) => exports.startExport(...args),
    completeExport: (...args) => exports.completeExport(...args),
    failExport: (...args) => exports.failExport(...args),
    async recordPart(id, before, progress) {
      const recorded = await exports.recordPart(id, before, progress);
      if (!crashed && at.when === 'after record' && progress.part.number === at.part) {
        crashed = true;
        throw new Crash();
      }
      return recorded;
    },
  };
  return { exports: crashingStore, files: crashingFiles, readerFor: (job) => exportReader(job, stores, PAGE_ROWS) };
}

function fileLines(job: ExportJob): string[] {
  const text = gunzipSync(readFileSync(path.join(dir, 'exports', job.objectKey))).toString('utf8');
  return text.split('\n').filter((line) => line !== '');
}

const expected = () => [...sessions].reverse().map((s) => JSON.stringify(presentSession(s)));

describe('runExport across crashes', () => {
  it.each([
    { part: 1, when: 'after upload' as const },
    { part: 3, when: 'after upload' as const },
    { part: 2, when: 'after record' as const },
  ])(
    'loses and repeats no row when killed at part $part, $when',
    async (crash) => {
      const job = await newJob();
      const deps = crashing(crash);
      await expect(runExport(deps, job.exportId, { now: () => new Date() })).rejects.toThrow(Crash);
      const midway = await exports.getExport(job.exportId);
      expect(midway?.status).toBe('running');
      expect(midway?.parts.length).toBe(crash.when === 'after upload' ? crash.part - 1 : crash.part);
      // The redelivered message.
      expect(await runExport(deps, job.exportId, { now: () => new Date() })).toBe('completed');
      const done = await exports.getExport(job.exportId);
      expect(done).toMatchObject({ status: 'completed', rows: ROWS });
      expect(done?.parts.length).toBeGreaterThan(3);
      const lines = fileLines(job);
      expect(lines.length).toBe(ROWS);
      expect(lines).toEqual(expected());
      // A third delivery changes nothing.
      expect(await runExport(deps, job.exportId, { now: () => new Date() })).toBe('completed');
      const event = await getDocumentClient().send(
        new GetCommand({ TableName: physicalTableName('outbox'), Key: { pk: `EVENT#${eventIdFor('export.completed', job.exportId)}` } }),
      );
      expect(JSON.parse(String(event.Item?.detail))).toMatchObject({ event: 'export.completed', export_id: job.exportId, rows: ROWS });
    },
    120_000,
  );

  it('stops writing when the export is failed while it runs (withdrawn by a deletion on request)', async () => {
    const job = await newJob();
    const deps = crashing({ part: 0, when: 'after upload' });
    const withdrawing: RunExportDependencies = {
      ...deps,
      exports: {
        ...deps.exports,
        recordPart: async (id, before, progress) => {
          if (progress.part.number === 2) await exports.failExport(id, 'withdrawn');
          return deps.exports.recordPart(id, before, progress);
        },
      },
    };
    expect(await runExport(withdrawing, job.exportId, { now: () => new Date() })).toBe('failed');
    expect(await exports.getExport(job.exportId)).toMatchObject({ status: 'failed', error: 'withdrawn', completedAt: null });
  });

  it('stops between parts when its time is up, and goes on from there', async () => {
    const job = await newJob();
    let parts = 0;
    const deps = crashing({ part: 0, when: 'after upload' });
    expect(await runExport(deps, job.exportId, { now: () => new Date(), shouldPause: () => ++parts > 2 })).toBe('paused');
    expect((await exports.getExport(job.exportId))?.parts.length).toBe(2);
    expect(await runExport(deps, job.exportId, { now: () => new Date() })).toBe('completed');
    expect(fileLines(job)).toEqual(expected());
  }, 120_000);

  it('loses and repeats no coach evaluation when killed after a part is uploaded', async () => {
    const job = await newJob('coach_evaluations');
    const deps = crashing({ part: 2, when: 'after upload' });
    await expect(runExport(deps, job.exportId, { now: () => new Date() })).rejects.toThrow(Crash);
    expect(await runExport(deps, job.exportId, { now: () => new Date() })).toBe('completed');
    expect((await exports.getExport(job.exportId))?.parts.length).toBeGreaterThan(2);
    expect(fileLines(job)).toEqual([...evaluations].reverse().map((e) => JSON.stringify(presentCoachEvaluation(e))));
  }, 120_000);

  it('fails where a page read ahead could not be read, and the redelivery writes exactly the rows', async () => {
    const job = await newJob();
    let reads = 0;
    const deps: RunExportDependencies = {
      ...crashing({ part: 0, when: 'after upload' }),
      readerFor: (j) => {
        const read = exportReader(j, stores, PAGE_ROWS);
        // The seventh read is one made ahead, while the sixth page is gzipped.
        return async (position) => {
          if (++reads === 7) throw new Crash();
          return read(position);
        };
      },
    };
    await expect(runExport(deps, job.exportId, { now: () => new Date() })).rejects.toThrow(Crash);
    expect(await runExport(deps, job.exportId, { now: () => new Date() })).toBe('completed');
    expect(fileLines(job)).toEqual(expected());
  }, 120_000);
});
