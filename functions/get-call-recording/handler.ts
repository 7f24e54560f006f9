import { callRecordingDependencies } from '#shared/adapters/runtime/call-recording-dependencies';
import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { getCallRecording } from '#shared/contracts/call-recordings';
import { fetchCallRecording } from '#shared/domain/call-recording';
import { createHttpHandler } from '#shared/http/handler';
import { streamBody, streamingHandler } from '#shared/http/response-stream';
import { presentRecordingHeaders } from '#shared/presenters/call-recordings';

const dependencies = callRecordingDependencies();
const recordingLinkKey = secretReader(CURSOR_SECRET_ENV);

/**
 * GET /api/calls/{callId}/recording: public (no authorizer); the signed link stands for the key,
 * re-checked on every fetch. Streams the provider's bytes through (a long call's recording is tens
 * of MB), never its URL.
 */
export const handler = streamingHandler(
  createHttpHandler(getCallRecording, async ({ path, query, event }) => {
    const recording = await fetchCallRecording(
      { ...dependencies(), secret: await recordingLinkKey(), now: new Date() },
      {
        claims: { callId: path.callId, teamId: query.team_id, keyId: query.key, expires: query.expires },
        signature: query.signature,
      },
    );
    streamBody(event, recording.body);
    return { statusCode: 200, body: '', isBase64Encoded: true, headers: presentRecordingHeaders(recording) };
  }),
);
