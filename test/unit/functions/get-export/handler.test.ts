import type { ExportStatusDependencies } from '#shared/adapters/runtime/export-dependencies';
import { type ExportJob, newExportJob } from '#shared/domain/exports/export-job';
import type { ExportFiles } from '#shared/ports/export-files';
import type { ExportStore } from '#shared/ports/export-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: ExportStatusDependencies } = {};
jest.mock('#shared/adapters/runtime/export-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/export-dependencies'),
  exportStatusDependencies: () => () => mockDependencies.current,
}));

const DAY = 86_400_000;
const queued = newExportJob(
  {
    keyId: 'key_test',
    enterpriseIds: [],
    teamIds: [1, 2],
    includeTestTeams: false,
    resource: 'calls',
    format: 'ndjson',
    start: '2026-11-01T00:00:00.000Z',
    end: '2026-11-08T00:00:00.000Z',
    fieldGroups: null,
    withTranscripts: true,
  },
  new Date(Date.now() - DAY),
);
const COMPLETED: ExportJob = {
  ...queued,
  status: 'completed',
  rows: 240,
  bytes: 18_432,
  uploadId: 'upload-1',
  parts: [{ number: 1, etag: 'etag-1' }],
  allRead: true,
  completedAt: new Date(Date.now() - DAY / 2).toISOString(),
  expiresAt: new Date(Date.now() + 6 * DAY).toISOString(),
};
const LINK = { url: 'https://files.example.test/export.ndjson.gz?sig=abc', expiresAt: new Date(Date.now() + 900_000).toISOString() };
let handler: typeof import('../../../../functions/get-export/handler').handler;
beforeAll(async () => {
  functionEnvironment('get-export');
  ({ handler } = await import('../../../../functions/get-export/handler'));
});

/** A store holding `jobs`; the files answer LINK for the object asked, recording the file name. */
function dependencies(jobs: readonly ExportJob[], names: string[] = []): ExportStatusDependencies {
  return {
    exports: fakePort<ExportStore>({ getExport: async (id) => jobs.find((j) => j.exportId === id) ?? null }),
    files: fakePort<ExportFiles>({
      downloadLink: async (_objectKey, fileName) => {
        names.push(fileName);
        return LINK;
      },
    }),
  };
}

describe('get-export', () => {
  it('answers a completed export with its progress and a fresh download link', async () => {
    const names: string[] = [];
    mockDependencies.current = dependencies([COMPLETED], names);
    const answer = await answerOf(handler, routeEvent('getExport', { path: { exportId: COMPLETED.exportId } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      export_id: COMPLETED.exportId,
      resource: 'calls',
      format: 'ndjson',
      team_ids: [1, 2],
      start_date: COMPLETED.start,
      end_date: COMPLETED.end,
      status: 'completed',
      rows: 240,
      bytes: 18_432,
      created_at: COMPLETED.createdAt,
      completed_at: COMPLETED.completedAt,
      download_url: LINK.url,
      download_url_expires_at: LINK.expiresAt,
      expires_at: COMPLETED.expiresAt,
      error: null,
    });
    expect(names).toEqual([`calls-${COMPLETED.exportId}.ndjson.gz`]);
  });

  it('answers a queued export without a link', async () => {
    mockDependencies.current = dependencies([queued]);
    const answer = await answerOf(handler, routeEvent('getExport', { path: { exportId: queued.exportId } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'queued', rows: 0, download_url: null, expires_at: null });
  });

  it('answers 404 for another key’s export and an unknown one', async () => {
    const other = { ...COMPLETED, exportId: 'exp_00000000000000000001', keyId: 'key_other' };
    mockDependencies.current = dependencies([other]);
    for (const exportId of [other.exportId, 'exp_00000000000000000002']) {
      const answer = await answerOf(handler, routeEvent('getExport', { path: { exportId } }));
      expect({ exportId, status: answer.status }).toEqual({ exportId, status: 404 });
    }
  });

  it('refuses an id that is not an export id, naming exportId', async () => {
    mockDependencies.current = dependencies([COMPLETED]);
    const answer = await answerOf(handler, routeEvent('getExport', { path: { exportId: 'export-1' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'exportId' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { exports: failingPort<ExportStore>(), files: failingPort<ExportFiles>() };
    const answer = await answerOf(handler, routeEvent('getExport', { path: { exportId: COMPLETED.exportId } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
