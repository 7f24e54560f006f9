import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoExportStore } from '#shared/adapters/dynamodb/export-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { StoredAppointment } from '#shared/domain/appointments/appointment';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import { lazy } from '#shared/lazy';
import type { AppointmentStore } from '#shared/ports/appointment-store';
import type { CallStore } from '#shared/ports/call-store';
import type { EvaluationStore } from '#shared/ports/coach-store';
import type { ExportFiles } from '#shared/ports/export-files';
import type { ExportStore } from '#shared/ports/export-store';
import type { LeadStore } from '#shared/ports/lead-store';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { OutboundFeedStore } from '#shared/ports/outbound-feed-store';
import type { SessionStore } from '#shared/ports/session-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { exportFiles } from './export-files';
import { queues } from './queues';
import { CURSOR_SECRET_ENV } from './resource-env';
import { secretReader } from './secrets';

/**
 * The stores an export's lines are read from: the list routes' own queries
 * (functions/export-worker/export-lines.ts). Each is loaded with the first job that reads its
 * resource: a job reads one resource, so a container's jobs need one or two of them, not six.
 */
export interface ExportLineStores {
  readonly sessions: () => Promise<Pick<SessionStore, 'listSessions' | 'listBookings'>>;
  readonly calls: () => Promise<Pick<CallStore, 'listCallsAfter'>>;
  readonly leads: () => Promise<Pick<LeadStore, 'listLeads'>>;
  readonly feed: () => Promise<Pick<OutboundFeedStore, 'listTexts'>>;
  readonly evaluations: () => Promise<Pick<EvaluationStore, 'listEvaluationsAfter'>>;
  readonly appointments: () => Promise<Pick<AppointmentStore, 'listAppointments'>>;
  /** A visit's manage link, as the appointments list shows it (null when it cannot be made). */
  readonly manageUrl: (stored: StoredAppointment) => Promise<string | null>;
  /** The teams' call retention: an expired transcript or recording is not exported either. */
  readonly teams: () => Promise<Pick<TenancyStore, 'getTeam'>>;
}

/** GET /api/v1/exports/{exportId}: the records and the files' links. */
export interface ExportStatusDependencies {
  readonly exports: ExportStore;
  readonly files: ExportFiles;
}

/** The export worker: the records (with the outbox), the files, the rows' stores and its own queue (to go on later). */
export interface ExportWorkerDependencies extends ExportStatusDependencies {
  readonly stores: ExportLineStores;
  readonly queue: MessageQueue;
}

/**
 * Call them at module load: the tables are looked up then; the stores are built on first use. The
 * export request's own are in export-request-dependencies.ts: this module reaches the S3 client.
 */
export function exportStatusDependencies(): () => ExportStatusDependencies {
  const table = physicalTableName('exports');
  return lazy(() => ({ exports: new DynamoExportStore(getDocumentClient(), table), files: exportFiles.get('download') }));
}

export function exportWorkerDependencies(): () => ExportWorkerDependencies {
  const tables = {
    exports: physicalTableName('exports'),
    outbox: physicalTableName('outbox'),
    sessions: physicalTableName('sessions'),
    calls: physicalTableName('calls'),
    leads: physicalTableName('leads'),
    campaigns: physicalTableName('campaigns'),
    teams: physicalTableName('teams'),
  };
  const links = manageLinks(secretReader(CURSOR_SECRET_ENV));
  // Only an appointments export makes manage links; the module that makes them wires the appointment routes' stores.
  const manageUrl = lazy(async () => (await import('./appointment-dependencies')).manageUrlUnder(links));
  const client = lazy(getDocumentClient);
  const stores: ExportLineStores = {
    sessions: lazy(async () => new (await import('#shared/adapters/dynamodb/session-store')).DynamoSessionStore(client(), tables.sessions)),
    calls: lazy(async () => new (await import('#shared/adapters/dynamodb/call-store')).DynamoCallStore(client(), tables.calls)),
    leads: lazy(async () => new (await import('#shared/adapters/dynamodb/lead-store')).DynamoLeadStore(client(), tables.leads)),
    feed: lazy(
      async () => new (await import('#shared/adapters/dynamodb/outbound-feed-store')).DynamoOutboundFeedStore(client(), tables.campaigns),
    ),
    evaluations: lazy(
      async () => new (await import('#shared/adapters/dynamodb/coach-store')).DynamoEvaluationStore(client(), tables.calls),
    ),
    appointments: lazy(
      async () =>
        new (await import('#shared/adapters/dynamodb/appointment-store')).DynamoAppointmentStore(client(), { leads: tables.leads }),
    ),
    manageUrl: async (stored) => (await manageUrl())(stored),
    teams: lazy(async () => new (await import('#shared/adapters/dynamodb/tenancy-store')).DynamoTenancyStore(client(), tables.teams)),
  };
  return lazy(() => ({
    exports: new DynamoExportStore(client(), tables.exports, tables.outbox),
    files: exportFiles.get('write'),
    queue: queues.get('exports'),
    stores,
  }));
}
