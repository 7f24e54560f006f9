import * as z from 'zod/mini';
import { CALL_ROUTES } from '#shared/route-table/calls';
import { positiveIdParam } from '#shared/schemas/params';
import { defineContract, type ResponseSchema, responseSchema } from './contract';

/** A call's recording through its signed link (functions/get-call-recording, shared/auth/recording-link.ts). */

export const recordingPath = z.object({
  callId: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, { error: 'must be a call id' })),
});

export const recordingLinkQuery = z.object({
  team_id: positiveIdParam,
  key: z.string().check(z.regex(/^key_[0-9a-f]{16}$/, { error: 'must be the key id the link was issued with' })),
  expires: z.pipe(
    z.string().check(z.regex(/^\d{1,12}$/, { error: 'must be unix seconds' })),
    z.transform((seconds: string) => Number(seconds)),
  ),
  signature: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be the signature the link was issued with' })),
});

export const recordingAudio = /* @__PURE__ */ responseSchema((z) =>
  z
    .string()
    .describe(
      "The recording's bytes as the voice provider stored them (Content-Type from the provider, e.g. audio/wav; Cache-Control: private, no-store)",
    ),
);

export const getCallRecording = /* @__PURE__ */ defineContract(CALL_ROUTES, {
  routeId: 'getCallRecording',
  path: recordingPath,
  query: recordingLinkQuery,
  responses: { 200: recordingAudio },
  responseMediaType: 'audio/*',
  errors: {
    403: 'The link is invalid (any member edited) or expired (15 minutes after it was issued), or the key it was issued to is revoked, no longer holds read:calls or no longer reaches the team: ask the call detail for a new link',
    409: 'The recording cannot be served: it is larger than 200 MB, or it is stored at a host this service does not fetch recordings from',
    503: 'The voice provider did not deliver the recording (an error, a timeout, a redirect off its host): try again later',
  },
});

export const CALL_RECORDING_COMPONENTS = { RecordingAudio: recordingAudio } as const satisfies Record<string, ResponseSchema>;
