import { EndUserMessagingSms } from '#shared/adapters/aws/end-user-messaging-sms';
import { requireEnv } from '#shared/config';
import type { SmsProvider } from '#shared/ports/sms-provider';
import { adapterSlot } from './slot';

export const smsProvider = adapterSlot<'default', SmsProvider>(
  () => 'sms-provider',
  () => new EndUserMessagingSms(requireEnv('SMS_ORIGINATION_IDENTITY')),
);
