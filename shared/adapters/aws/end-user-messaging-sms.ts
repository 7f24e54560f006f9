import type { PinpointSMSVoiceV2Client } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { lazy } from '#shared/lazy';
import { PermanentProviderError } from '#shared/ports/provider-errors';
import type { SmsProvider, SmsSendRequest } from '#shared/ports/sms-provider';

/**
 * The SDK's client, loaded on the first send, not at cold start: the largest client the service
 * uses (docs/benchmarks.md: cold import).
 */
const sdk = lazy(() => import('@aws-sdk/client-pinpoint-sms-voice-v2'));

/**
 * AWS End User Messaging SMS (pinpoint-sms-voice-v2 SendTextMessage) from the configured
 * origination identity. Validation and conflict errors (bad number, opted out at the carrier) are
 * permanent; throttling and service errors are transient.
 */
export class EndUserMessagingSms implements SmsProvider {
  constructor(
    private readonly originationIdentity: string,
    /** @default a new PinpointSMSVoiceV2Client, built on the first send */
    private client?: PinpointSMSVoiceV2Client,
  ) {}

  async send(request: SmsSendRequest): Promise<{ providerMessageId: string }> {
    const { PinpointSMSVoiceV2Client, SendTextMessageCommand } = await sdk();
    this.client ??= new PinpointSMSVoiceV2Client({});
    try {
      const result = await this.client.send(
        new SendTextMessageCommand({
          DestinationPhoneNumber: request.to,
          OriginationIdentity: this.originationIdentity,
          MessageBody: request.body,
          MessageType: 'PROMOTIONAL',
          Context: { reference: request.reference },
        }),
      );
      return { providerMessageId: result.MessageId ?? request.reference };
    } catch (error) {
      const name = (error as Error).name;
      if (
        name === 'ValidationException' ||
        name === 'ConflictException' ||
        name === 'ResourceNotFoundException' ||
        name === 'AccessDeniedException'
      ) {
        throw new PermanentProviderError(`${name}: ${(error as Error).message}`, 400);
      }
      throw error;
    }
  }
}
