import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { recordingSource } from '#shared/adapters/runtime/recording-source';
import { CURSOR_SECRET_ENV, RECORDING_HOSTS_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { requireEnv } from '#shared/config';
import { getCallRecording } from '#shared/contracts/call-recordings';
import { fetchCallRecording, parseRecordingHosts } from '#shared/domain/call-recording';
import { createHttpHandler } from '#shared/http/handler';
import { streamBody, streamingHandler } from '#shared/http/response-stream';

const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
const calls = new DynamoCallStore(getDocumentClient(), physicalTableName('calls'));
const recordingLinkKey = secretReader(CURSOR_SECRET_ENV);
const allowedHosts = parseRecordingHosts(requireEnv(RECORDING_HOSTS_ENV));

/**
 * GET /api/calls/{callId}/recording: public (no authorizer); the signed link stands for the key,
 * re-checked on every fetch. Streams the provider's bytes through (a long call's recording is tens
 * of MB), never its URL.
 */
export const handler = streamingHandler(
  createHttpHandler(getCallRecording, async ({ path, query, event }) => {
    const recording = await fetchCallRecording(
      { tenancy, calls, source: recordingSource.get('default'), allowedHosts, secret: await recordingLinkKey(), now: new Date() },
      {
        claims: { callId: path.callId, teamId: query.team_id, keyId: query.key, expires: query.expires },
        signature: query.signature,
      },
    );
    streamBody(event, recording.body);
    return {
      statusCode: 200,
      body: '',
      isBase64Encoded: true,
      headers: {
        'content-type': recording.contentType,
        'cache-control': 'private, no-store',
        ...(recording.contentLength === null ? {} : { 'content-length': String(recording.contentLength) }),
      },
    };
  }),
);
