import { gunzipSync } from 'node:zlib';
import type { Context } from 'aws-lambda';
import type { ExportLineStores, ExportWorkerDependencies } from '#shared/adapters/runtime/export-dependencies';
import { type ExportJob, newExportJob } from '#shared/domain/exports/export-job';
import type { LeadRecord } from '#shared/domain/leads';
import type { DomainEvent } from '#shared/ports/event-bus';
import type { ExportFiles } from '#shared/ports/export-files';
import type { ExportStore } from '#shared/ports/export-store';
import type { LeadStore } from '#shared/ports/lead-store';
import type { MessageQueue, QueueMessage } from '#shared/ports/message-queue';
import { WORKERS } from '#shared/workers/definitions';
import { CONTEXT, failingPort, fakePort, functionEnvironment, sqsEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: ExportWorkerDependencies } = {};
jest.mock('#shared/adapters/runtime/export-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/export-dependencies'),
  exportWorkerDependencies: () => () => mockDependencies.current,
}));

const JOB = newExportJob(
  {
    keyId: 'key_test',
    enterpriseIds: [],
    teamIds: [1],
    includeTestTeams: false,
    resource: 'leads',
    format: 'ndjson',
    start: '2026-11-01T00:00:00.000Z',
    end: '2026-11-08T00:00:00.000Z',
    fieldGroups: null,
    withTranscripts: false,
  },
  new Date('2026-11-28T12:00:00.000Z'),
);
const MESSAGE = { export_id: JOB.exportId };
/** A context with 15 minutes left: the worker pauses with under a minute left (CONTEXT has 30 s). */
const AMPLE_TIME: Context = { ...CONTEXT, getRemainingTimeInMillis: () => 900_000 };
let handler: typeof import('../../../../functions/export-worker/handler').handler;
beforeAll(async () => {
  functionEnvironment('export-worker');
  ({ handler } = await import('../../../../functions/export-worker/handler'));
});

function lead(i: number): LeadRecord {
  return {
    id: `0b6f3c1e-5d2a-4c8b-9e7f-1a2b3c4d5e6${i}`,
    lead_id: 40 + i,
    team_id: 1,
    type: 'web_chat',
    datetime: `2026-11-0${i + 1}T12:00:00.000Z`,
    status: 'new',
    customer_name: `Customer ${i}`,
    customer_phone: null,
    customer_email: null,
    lead_content: { message: 'leaking tap' },
    agent: null,
    referrer_url: null,
    attribution: { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null, gclid: null },
    external_id: null,
    source: 'website',
    outreach: null,
    appointment: null,
  };
}

/** What the fakes saw: the parts uploaded, the completion, the failure, the messages queued. */
interface Seen {
  readonly uploaded: Buffer[];
  readonly completed: { exportId: string; events: readonly DomainEvent[] }[];
  readonly failed: string[];
  readonly sent: QueueMessage[];
}

const seen = (): Seen => ({ uploaded: [], completed: [], failed: [], sent: [] });

/** An export store holding `job` (updated as the worker records it), files that keep the parts, team 1's two leads. */
function dependencies(job: ExportJob, saw: Seen): ExportWorkerDependencies {
  let current = job;
  const exports = fakePort<ExportStore>({
    getExport: async (id) => (id === current.exportId ? current : null),
    startExport: async (_id, uploadId) => (current = { ...current, uploadId, status: 'running' }),
    recordPart: async (_id, partsBefore, p) => {
      if (partsBefore !== current.parts.length) return false;
      const parts = [...current.parts, p.part];
      current = {
        ...current,
        parts,
        rows: current.rows + p.rows,
        bytes: current.bytes + p.bytes,
        position: p.position,
        allRead: p.allRead,
      };
      return true;
    },
    completeExport: async (exportId, _at, _expiresAt, events) => {
      saw.completed.push({ exportId, events });
      return true;
    },
    failExport: async (exportId) => {
      saw.failed.push(exportId);
    },
  });
  const files = fakePort<ExportFiles>({
    minPartBytes: 5 * 1024 * 1024,
    startUpload: async () => 'upload-1',
    uploadPart: async (_key, _upload, number, body) => {
      saw.uploaded.push(body);
      return `etag-${number}`;
    },
    completeUpload: async () => undefined,
  });
  const leads = fakePort<LeadStore>({
    listLeads: async ({ teamId }) => (teamId === 1 ? [0, 1].map((i) => ({ lead: lead(i), position: `p${i}` })) : []),
  });
  // Only the leads are read: a leads export loads no other resource's store.
  const notLoaded = async (): Promise<never> => {
    throw new Error('a leads export loaded another resource’s store');
  };
  const stores: ExportLineStores = {
    leads: async () => leads,
    sessions: notLoaded,
    calls: notLoaded,
    feed: notLoaded,
    teams: notLoaded,
    evaluations: notLoaded,
    appointments: notLoaded,
    manageUrl: async () => null,
  };
  const queue = fakePort<MessageQueue>({
    send: async (messages) => {
      saw.sent.push(...messages);
    },
  });
  return { exports, files, queue, stores };
}

describe('export-worker', () => {
  it('writes the team’s leads as one gzipped part, one line each, and completes the export with its event', async () => {
    const saw = seen();
    mockDependencies.current = dependencies(JOB, saw);
    const result = await handler(sqsEvent(MESSAGE), AMPLE_TIME);
    expect(result.batchItemFailures).toEqual([]);
    const lines = saw.uploaded.map((part) => gunzipSync(part).toString('utf8').trim().split('\n'));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.map((l) => JSON.parse(l) as unknown)).toEqual([
      expect.objectContaining({ id: lead(0).id, type: 'web_chat', datetime: lead(0).datetime }),
      expect.objectContaining({ id: lead(1).id, type: 'web_chat', datetime: lead(1).datetime }),
    ]);
    expect(saw.completed).toEqual([{ exportId: JOB.exportId, events: [expect.objectContaining({ type: 'export.completed' })] }]);
    expect(saw.sent).toEqual([]);
  });

  it('queues the export again, completing nothing, when the invocation’s time is nearly up', async () => {
    const saw = seen();
    mockDependencies.current = dependencies(JOB, saw);
    const result = await handler(sqsEvent(MESSAGE), { ...CONTEXT, getRemainingTimeInMillis: () => 1_000 });
    expect(result.batchItemFailures).toEqual([]);
    expect(saw.sent.map((m) => m.body)).toEqual([MESSAGE]);
    expect(saw.completed).toEqual([]);
  });

  it('reports a message without an export id as failed, without reaching its dependencies', async () => {
    mockDependencies.current = failingPort<ExportWorkerDependencies>();
    const result = await handler(sqsEvent({ export_id: 'export-1' }, 'not json'), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }, { itemIdentifier: 'msg-2' }]);
  });

  it('reports the message as failed, so SQS retries it, when its dependencies fail', async () => {
    mockDependencies.current = failingPort<ExportWorkerDependencies>();
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });

  it('marks the export failed on its last delivery when the files fail', async () => {
    const saw = seen();
    mockDependencies.current = { ...dependencies(JOB, saw), files: failingPort<ExportFiles>() };
    const last = WORKERS.find((w) => w.functionName === 'export-worker')?.maxReceiveCount ?? 5;
    const event = sqsEvent(MESSAGE);
    for (const record of event.Records) record.attributes.ApproximateReceiveCount = String(last);
    const result = await handler(event, CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
    expect(saw.failed).toEqual([JOB.exportId]);
  });
});
