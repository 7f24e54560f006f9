import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoEvaluationStore } from '#shared/adapters/dynamodb/coach-store';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import type { ProcessReportDependencies } from '#shared/domain/voice/process-report';
import { lazy } from '#shared/lazy';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { queues } from './queues';
import { CURSOR_SECRET_ENV } from './resource-env';
import { scheduler } from './scheduler';
import { secretReader } from './secrets';
import { responder } from './voice-responder';

/**
 * What the voice webhook (receive-voice-report) works with: the workspace's team, the schedulers
 * (a booked time must fall in the first one's hours), and what processing a report writes to.
 */
export interface VoiceReportDependencies extends ProcessReportDependencies {
  readonly tenancy: TenancyStore;
  /** Loaded with the first report: the scheduler store reads luxon (time zones), which other message types never need. */
  readonly schedulers: () => Promise<Pick<SchedulerConfigStore, 'listSchedulers'>>;
}

/**
 * The dependencies of the voice webhook. Call it at module load: the tables are looked up then (a
 * function whose row lacks one fails to load, as in AWS); the stores are built on the first call of
 * the returned function and kept for the container's life (the call store with the outbox table,
 * where a stored call's call.processed is due), while the responder, queues and scheduler are
 * taken from their adapter slots on every call.
 */
export function voiceReportDependencies(): () => VoiceReportDependencies {
  const teams = physicalTableName('teams');
  const calls = physicalTableName('calls');
  const leads = physicalTableName('leads');
  const outbox = physicalTableName('outbox');
  // The manage links of the visits calls make are keyed with the cursor secret (manage-token.ts).
  const links = manageLinks(secretReader(CURSOR_SECRET_ENV));
  const stores = lazy(() => {
    const client = getDocumentClient();
    return {
      tenancy: new DynamoTenancyStore(client, teams),
      calls: new DynamoCallStore(client, calls, leads, outbox),
      intake: new DynamoIntakeStore(client, leads),
      evaluations: new DynamoEvaluationStore(client, calls),
      schedulers: lazy(async () => {
        const { DynamoSchedulerConfigStore } = await import('#shared/adapters/dynamodb/scheduler-config-store');
        return new DynamoSchedulerConfigStore(client, teams);
      }),
    };
  });
  return () => ({
    ...stores(),
    responder: responder.get('default'),
    outreachQueue: queues.get('outreach-calls'),
    scheduler: scheduler.get('default'),
    coachQueue: queues.get('coach-evaluations'),
    manageLinks: links,
  });
}
