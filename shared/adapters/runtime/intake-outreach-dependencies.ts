import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoWidgetSessionStore } from '#shared/adapters/dynamodb/widget-session-store';
import type { PlaceCallDependencies } from '#shared/domain/intake/place-outreach-call';
import { recoverySessionBooked } from '#shared/domain/widget/recovery';
import { lazy } from '#shared/lazy';
import { voiceProvider } from './voice-provider';

/**
 * The dependencies of the outreach worker, which works on the leads table and reads a recovery
 * call's session: the stores (built on first use) and the voice provider (from its slot on every
 * call). The worker adds how long it may run.
 */
export function outreachDependencies(): () => Omit<PlaceCallDependencies, 'maxRunMs' | 'sleep'> {
  const leads = physicalTableName('leads');
  const sessionsTable = physicalTableName('sessions');
  const intake = lazy(() => new DynamoIntakeStore(getDocumentClient(), leads));
  const sessions = lazy(() => new DynamoWidgetSessionStore(getDocumentClient(), sessionsTable));
  return () => ({ intake: intake(), voice: voiceProvider.get('default'), bookedOnline: (lead) => recoverySessionBooked(sessions(), lead) });
}
