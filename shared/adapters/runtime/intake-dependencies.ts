import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore, DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTeamReader } from '#shared/adapters/dynamodb/team-reader';
import type { GoogleLeadFormDependencies } from '#shared/domain/intake/google-lead-form';
import { lazy } from '#shared/lazy';
import { queues } from './queues';
import { scheduler } from './scheduler';

/**
 * The dependencies of the intake routes (ingest-lead, receive-google-ads-lead), built in one
 * place. Call it at module load: the tables are looked up then (a function whose row lacks one
 * fails to load, as in AWS); the stores are built on the first call of the returned function and
 * kept, while the outreach queue and the scheduler are taken from their adapter slots on every
 * call, so an adapter the local runtime or a test puts in a slot after the handler loaded is the one used.
 */
export function intakeDependencies(): () => GoogleLeadFormDependencies {
  const teams = physicalTableName('teams');
  const leads = physicalTableName('leads');
  const stores = lazy(() => {
    const client = getDocumentClient();
    const configs = new DynamoIntakeConfigStore(client, teams);
    return { tenancy: new DynamoTeamReader(client, teams), configs, keys: configs, intake: new DynamoIntakeStore(client, leads) };
  });
  return () => ({ ...stores(), outreachQueue: queues.get('outreach-calls'), scheduler: scheduler.get('default') });
}
