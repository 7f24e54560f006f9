import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoEvaluationStore } from '#shared/adapters/dynamodb/coach-store';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import type { ProcessReportDependencies } from '#shared/domain/voice/process-report';
import { lazy } from '#shared/lazy';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import { queues } from './queues';
import { scheduler } from './scheduler';
import { responder } from './voice-responder';

/** What processing an end-of-call report works with, beyond the webhook's own stores. */
export interface EndOfCallReportDependencies extends ProcessReportDependencies {
  /** Loaded with the first report: the scheduler store reads luxon (time zones). */
  readonly schedulers: () => Promise<Pick<SchedulerConfigStore, 'listSchedulers'>>;
}

/**
 * Imported by voice-report-dependencies.ts with the webhook's first end-of-call report. The stores
 * are built once; the responder, queues and scheduler are taken from their adapter slots on every
 * call (the local runtime and tests put theirs there). The calls store is the webhook's own.
 */
export function endOfCallReportDependencies(
  client: DynamoDBDocumentClient,
  tables: { readonly teams: string; readonly leads: string; readonly calls: string },
  cursorSecret: () => Promise<string>,
): () => Omit<EndOfCallReportDependencies, 'calls'> {
  const links = manageLinks(cursorSecret);
  const intake = new DynamoIntakeStore(client, tables.leads);
  const evaluations = new DynamoEvaluationStore(client, tables.calls);
  const schedulers = lazy(async () => {
    const { DynamoSchedulerConfigStore } = await import('#shared/adapters/dynamodb/scheduler-config-store');
    return new DynamoSchedulerConfigStore(client, tables.teams);
  });
  return () => ({
    intake,
    evaluations,
    schedulers,
    responder: responder.get('default'),
    outreachQueue: queues.get('outreach-calls'),
    scheduler: scheduler.get('default'),
    coachQueue: queues.get('coach-evaluations'),
    manageLinks: links,
  });
}
