import type { Readable } from 'node:stream';
import { hasPermission } from '#shared/auth/identity';
import { type RecordingLinkClaims, verifyRecordingLink } from '#shared/auth/recording-link';
import { ConflictError, ForbiddenError, NotFoundError, ServiceUnavailableError } from '#shared/errors';
import { log } from '#shared/logging/logger';
import type { CallStore } from '#shared/ports/call-store';
import type { RecordingSource } from '#shared/ports/recording-source';
import { retainedCall, retentionOfTeam } from './call-retention';
import { type KeyResolverStore, resolveApiKeyById } from './identity-resolver';

/**
 * The largest recording served: the answer is streamed (Lambda response streaming through API
 * Gateway, whose limit is 200 MB), about 7 hours of 8 kHz WAV or 3.5 hours of 16 kHz mono.
 */
export const MAX_RECORDING_BYTES = 200_000_000;
/** How long the provider has to start answering (the transfer itself may take longer). */
export const RECORDING_FETCH_TIMEOUT_MS = 8_000;

export interface RecordingRequest {
  readonly claims: RecordingLinkClaims;
  readonly signature: string;
}

export interface RecordingDependencies {
  readonly tenancy: KeyResolverStore;
  readonly calls: Pick<CallStore, 'getCall'>;
  readonly source: RecordingSource;
  /** Lower-case host names recordings may be fetched from (VOICE_PROVIDER_RECORDING_HOSTS). */
  readonly allowedHosts: ReadonlySet<string>;
  readonly secret: string;
  readonly now: Date;
}

/** Parses VOICE_PROVIDER_RECORDING_HOSTS: comma-separated host names, case-insensitive. */
export function parseRecordingHosts(value: string): ReadonlySet<string> {
  return new Set(
    value
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * Serves a recording through its signed link: the link (signature, then expiry), then the key it was
 * issued to as it stands now (active, holding read:calls, reaching the team), then the call in that
 * team, then the provider's bytes, fetched here so the provider URL never leaves the service.
 */
export async function fetchCallRecording(
  deps: RecordingDependencies,
  request: RecordingRequest,
): Promise<{ contentType: string; contentLength: number | null; body: Readable }> {
  const { claims } = request;
  const check = verifyRecordingLink(deps.secret, claims, request.signature, deps.now);
  if (!check.ok) {
    throw new ForbiddenError(
      check.reason === 'expired'
        ? `This recording link expired at ${new Date(claims.expires * 1000).toISOString()}: get a new one from GET /api/calls/${claims.callId}`
        : `This recording link is not valid (it was changed or was not issued by this service): get a new one from GET /api/calls/${claims.callId}`,
    );
  }

  const key = await resolveApiKeyById(deps.tenancy, claims.keyId);
  if (!key.ok) throw new ForbiddenError('The API key this recording link was issued to is no longer active');
  if (!hasPermission(key.identity, 'read:calls')) {
    throw new ForbiddenError('The API key this recording link was issued to no longer holds read:calls');
  }
  if (!key.identity.teamIds.includes(claims.teamId)) {
    throw new ForbiddenError(`Team ${claims.teamId} is no longer accessible with the API key this recording link was issued to`);
  }

  const stored = await deps.calls.getCall(claims.teamId, claims.callId);
  if (!stored) throw new NotFoundError(`No call ${claims.callId} in team ${claims.teamId}`);
  // A recording past the team's retention is answered as none, before the sweeper removes its reference.
  const call = retainedCall(stored, await retentionOfTeam(deps.tenancy, claims.teamId), deps.now);
  if (!call.recording_url) throw new NotFoundError(`Call ${claims.callId} has no recording`);

  const url = allowedUrl(call.recording_url, deps.allowedHosts);
  if (!url) {
    throw new ConflictError(`The recording of call ${claims.callId} is stored where this service does not fetch recordings from`);
  }
  const fetched = await deps.source.fetchRecording(url, { maxBytes: MAX_RECORDING_BYTES, timeoutMs: RECORDING_FETCH_TIMEOUT_MS });
  switch (fetched.kind) {
    case 'ok':
      if (fetched.contentLength !== null && fetched.contentLength > MAX_RECORDING_BYTES) {
        fetched.body.destroy();
        throw tooLarge(claims.callId);
      }
      return { contentType: fetched.contentType, contentLength: fetched.contentLength, body: fetched.body };
    case 'too_large':
      throw tooLarge(claims.callId);
    case 'failed':
      // The host only: the URL's path and query may carry the provider's own access token.
      log('warn', 'recording fetch failed', { callId: claims.callId, host: url.host, reason: fetched.reason });
      throw new ServiceUnavailableError(`The voice provider did not deliver the recording of call ${claims.callId}; try again later`);
  }
}

function tooLarge(callId: string): ConflictError {
  return new ConflictError(
    `The recording of call ${callId} is larger than ${MAX_RECORDING_BYTES / 1_000_000} MB, the most this API serves`,
  );
}

/** An https URL on an allowed host, without credentials in it; null otherwise. */
function allowedUrl(text: string, hosts: ReadonlySet<string>): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return null;
  return hosts.has(url.hostname.toLowerCase()) ? url : null;
}
