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
import { manageUrlUnder } from './appointment-dependencies';
import { exportFiles } from './export-files';
import { queues } from './queues';
import { CURSOR_SECRET_ENV } from './resource-env';
import { secretReader } from './secrets';

/** The stores an export's lines are read from: the list routes' own queries (functions/export-worker/export-lines.ts). */
export interface ExportLineStores {
  readonly sessions: Pick<SessionStore, 'listSessions' | 'listBookings'>;
  readonly calls: Pick<CallStore, 'listCallsAfter'>;
  readonly leads: Pick<LeadStore, 'listLeads'>;
  readonly feed: Pick<OutboundFeedStore, 'listTexts'>;
  readonly evaluations: Pick<EvaluationStore, 'listEvaluationsAfter'>;
  readonly appointments: Pick<AppointmentStore, 'listAppointments'>;
  /** A visit's manage link, as the appointments list shows it (null when it cannot be made). */
  readonly manageUrl: (stored: StoredAppointment) => Promise<string | null>;
  /** The teams' call retention: an expired transcript or recording is not exported either. */
  readonly teams: Pick<TenancyStore, 'getTeam'>;
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
  const manageUrl = manageUrlUnder(manageLinks(secretReader(CURSOR_SECRET_ENV)));
  return lazy(() => {
    const client = getDocumentClient();
    return {
      exports: new DynamoExportStore(client, tables.exports, tables.outbox),
      files: exportFiles.get('write'),
      queue: queues.get('exports'),
      stores: {
        sessions: new DynamoSessionStore(client, tables.sessions),
        calls: new DynamoCallStore(client, tables.calls),
        leads: new DynamoLeadStore(client, tables.leads),
        feed: new DynamoOutboundFeedStore(client, tables.campaigns),
        evaluations: new DynamoEvaluationStore(client, tables.calls),
        appointments: new DynamoAppointmentStore(client, { leads: tables.leads }),
        manageUrl,
        teams: new DynamoTenancyStore(client, tables.teams),
      },
    };
  });
}
