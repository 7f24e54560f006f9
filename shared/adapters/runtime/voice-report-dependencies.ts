import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { lazy } from '#shared/lazy';
import type { CallStore } from '#shared/ports/call-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { CURSOR_SECRET_ENV } from './resource-env';
import { secretReader } from './secrets';
import type { EndOfCallReportDependencies } from './voice-end-of-call-dependencies';

/**
 * What the voice webhook (receive-voice-report) works with: the workspace's team and the calls
 * table (a transfer update is recorded there) for every message; what processing an end-of-call
 * report needs (the responder, the stores it writes, the schedulers) with the first report only.
 * A provider sends a call's status updates and other messages the webhook ignores alongside its
 * one report, so most containers' messages never need the responder.
 */
export interface VoiceReportDependencies {
  readonly tenancy: TenancyStore;
  readonly calls: CallStore;
  readonly endOfCallReports: () => Promise<EndOfCallReportDependencies>;
}

/**
 * The dependencies of the voice webhook. Call it at module load: the tables and the cursor secret's
 * variable are looked up then (a function whose row lacks one fails to load, as in AWS); the stores
 * are built on the first call of the returned function and kept for the container's life (the call
 * store with the outbox table, where a stored call's call.processed is due).
 */
export function voiceReportDependencies(): () => VoiceReportDependencies {
  const tables = {
    teams: physicalTableName('teams'),
    calls: physicalTableName('calls'),
    leads: physicalTableName('leads'),
    outbox: physicalTableName('outbox'),
  };
  // The manage links of the visits calls make are keyed with the cursor secret (manage-token.ts).
  const cursorSecret = secretReader(CURSOR_SECRET_ENV);
  const stores = lazy(() => {
    const client = getDocumentClient();
    return {
      tenancy: new DynamoTenancyStore(client, tables.teams),
      calls: new DynamoCallStore(client, tables.calls, tables.leads, tables.outbox),
    };
  });
  const reports = lazy(async () => {
    const { endOfCallReportDependencies } = await import('./voice-end-of-call-dependencies');
    return endOfCallReportDependencies(getDocumentClient(), tables, cursorSecret);
  });
  return () => ({ ...stores(), endOfCallReports: async () => ({ ...(await reports())(), calls: stores().calls }) });
}
