import { requireEnv } from '../../config';
import type { SmsProvider } from '../../ports/sms-provider';
import { EndUserMessagingSms } from '../aws/end-user-messaging-sms';
import { adapterSlot } from './slot';

export const smsProvider = adapterSlot<'default', SmsProvider>(
  () => 'sms-provider',
  () => new EndUserMessagingSms(requireEnv('SMS_ORIGINATION_IDENTITY')),
);
