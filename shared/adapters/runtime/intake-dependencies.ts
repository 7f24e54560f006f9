import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore, DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import type { GoogleLeadFormDependencies } from '#shared/domain/intake/google-lead-form';
import { queues } from './queues';
import { scheduler } from './scheduler';

/**
 * The dependencies of the intake routes (ingest-lead, receive-google-ads-lead), built in one
 * place. Call it at module load: the stores are built once, like every AWS client; the returned
 * function hands them out per request with the outreach queue and the scheduler
 * taken from their adapter slots then, so an adapter the local runtime or a test puts in a slot
 * after the handler loaded is the one used.
 */
export function intakeDependencies(): () => GoogleLeadFormDependencies {
  const client = getDocumentClient();
  const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
  const configs = new DynamoIntakeConfigStore(client, physicalTableName('teams'));
  const intake = new DynamoIntakeStore(client, physicalTableName('leads'));
  return () => ({
    tenancy,
    configs,
    keys: configs,
    intake,
    outreachQueue: queues.get('outreach-calls'),
    scheduler: scheduler.get('default'),
  });
}
