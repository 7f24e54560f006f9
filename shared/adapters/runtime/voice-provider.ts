import { HttpVoiceProvider } from '#shared/adapters/http/http-voice-provider';
import { requireEnv } from '#shared/config';
import type { VoiceProvider } from '#shared/ports/voice-provider';
import { VOICE_PROVIDER_API_KEY_SECRET_ENV } from './resource-env';
import { secretReader } from './secrets';
import { adapterSlot } from './slot';

export const voiceProvider = adapterSlot<'default', VoiceProvider>(
  () => 'voice-provider',
  () =>
    new HttpVoiceProvider({
      baseUrl: requireEnv('VOICE_PROVIDER_BASE_URL'),
      apiKey: secretReader(VOICE_PROVIDER_API_KEY_SECRET_ENV),
      assistantId: requireEnv('VOICE_PROVIDER_ASSISTANT_ID'),
      phoneNumberId: requireEnv('VOICE_PROVIDER_PHONE_NUMBER_ID'),
    }),
);
