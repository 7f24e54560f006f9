import { DynamoCallReader } from '#shared/adapters/dynamodb/call-reader';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { requireEnv } from '#shared/config';
import { parseRecordingHosts, type RecordingDependencies } from '#shared/domain/call-recording';
import { lazy } from '#shared/lazy';
import { recordingSource } from './recording-source';
import { RECORDING_HOSTS_ENV } from './resource-env';

/**
 * What the recording route (get-call-recording) needs besides the link's key and the instant: the
 * teams (the key behind the link), the calls, the recording source and the hosts recordings are
 * fetched from. The tables and hosts are read at module load, the stores built on first use, the
 * source taken from its slot on every call.
 */
export function callRecordingDependencies(): () => Omit<RecordingDependencies, 'secret' | 'now'> {
  const teams = physicalTableName('teams');
  const calls = physicalTableName('calls');
  const allowedHosts = parseRecordingHosts(requireEnv(RECORDING_HOSTS_ENV));
  const stores = lazy(() => {
    const client = getDocumentClient();
    return { tenancy: new DynamoTenancyStore(client, teams), calls: new DynamoCallReader(client, calls) };
  });
  return () => ({ ...stores(), source: recordingSource.get('default'), allowedHosts });
}
