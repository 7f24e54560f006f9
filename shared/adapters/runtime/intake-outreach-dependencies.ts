import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { PlaceCallDependencies } from '#shared/domain/intake/place-outreach-call';
import { lazy } from '#shared/lazy';
import { voiceProvider } from './voice-provider';

/**
 * The dependencies of the outreach worker, which reads only the leads table: the intake store
 * (built on first use) and the voice provider (from its slot on every call). The worker adds how
 * long it may run.
 */
export function outreachDependencies(): () => Omit<PlaceCallDependencies, 'maxRunMs' | 'sleep'> {
  const leads = physicalTableName('leads');
  const intake = lazy(() => new DynamoIntakeStore(getDocumentClient(), leads));
  return () => ({ intake: intake(), voice: voiceProvider.get('default') });
}
