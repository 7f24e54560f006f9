import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Identity } from '#shared/auth/identity';
import { signRecordingLink } from '#shared/auth/recording-link';
import type { RecordingLink } from '#shared/domain/calls';
import { publicBaseUrl } from './public-base-url';

/**
 * Recording links for the calling key, back through the door it used: every route that shows a call
 * (the list and the detail) hands out these and never the provider's bare URL, which would outlive
 * a revoked key and reach the audio without one.
 */
export function callerRecordingLinks(identity: Identity, event: APIGatewayProxyEvent, secret: string, now = new Date()): RecordingLink {
  const baseUrl = publicBaseUrl(event);
  return (call) => signRecordingLink({ callId: call.call_id, teamId: call.team_id, keyId: identity.keyId, now, baseUrl, secret });
}
