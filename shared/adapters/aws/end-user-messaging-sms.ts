import { PinpointSMSVoiceV2Client, SendTextMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import type { SmsProvider, SmsSendRequest } from '#shared/ports/sms-provider';
import { PermanentProviderError } from '#shared/ports/voice-provider';

/**
 * AWS End User Messaging SMS (pinpoint-sms-voice-v2 SendTextMessage) from the configured
 * origination identity. Validation and conflict errors (bad number, opted out at the carrier) are
 * permanent; throttling and service errors are transient.
 */
export class EndUserMessagingSms implements SmsProvider {
  constructor(
    private readonly originationIdentity: string,
    private readonly client: PinpointSMSVoiceV2Client = new PinpointSMSVoiceV2Client({}),
  ) {}

  async send(request: SmsSendRequest): Promise<{ providerMessageId: string }> {
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
