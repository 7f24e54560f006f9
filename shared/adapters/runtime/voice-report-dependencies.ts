import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTeamReader } from '#shared/adapters/dynamodb/team-reader';
import { lazy } from '#shared/lazy';
import type { CallStore } from '#shared/ports/call-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { CURSOR_SECRET_ENV } from './resource-env';
import { secretReader } from './secrets';
import type { EndOfCallReportDependencies } from './voice-end-of-call-dependencies';

/**
 * What the voice webhook (receive-voice-report) works with: the workspace's team for every message;
 * the calls table's store (a transfer update is recorded there, a report stored) with the first
 * transfer update or report; what processing an end-of-call report needs (the responder, the
 * stores it writes, the schedulers) with the first report only. A provider sends a call's status
 * updates and other messages the webhook ignores alongside its one report and its transfers, so
 * most containers' messages need neither.
 */
export interface VoiceReportDependencies {
  readonly tenancy: Pick<TenancyStore, 'getTeamByWorkspace'>;
  readonly calls: () => Promise<CallStore>;
  readonly endOfCallReports: () => Promise<EndOfCallReportDependencies>;
}

/**
 * The dependencies of the voice webhook. Call it at module load: the tables and the cursor secret's
 * variable are looked up then (a function whose row lacks one fails to load, as in AWS); the stores
 * are built on the first call that needs them and kept for the container's life (the call store
 * with the leads and outbox tables, where a stored call's lead and call.processed are written).
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
  const tenancy = lazy(() => new DynamoTeamReader(getDocumentClient(), tables.teams));
  // The call store builds the stored call's, lead's and visit's schemas (about 250 zod objects):
  // an ignored message never reads them.
  const calls = lazy(async () => {
    const { DynamoCallStore } = await import('#shared/adapters/dynamodb/call-store');
    return new DynamoCallStore(getDocumentClient(), tables.calls, tables.leads, tables.outbox);
  });
  const reports = lazy(async () => {
    const { endOfCallReportDependencies } = await import('./voice-end-of-call-dependencies');
    return endOfCallReportDependencies(getDocumentClient(), tables, cursorSecret);
  });
  return () => ({
    tenancy: tenancy(),
    calls,
    endOfCallReports: async () => {
      const [report, store] = await Promise.all([reports(), calls()]);
      return { ...report(), calls: store };
    },
  });
}
