import { DynamoInboundTextStore } from '#shared/adapters/dynamodb/sms-campaign-inbound';
import type { InboundTextStore } from '#shared/ports/sms-campaign-store';
import type { SmsProvider } from '#shared/ports/sms-provider';
import { type TextingStores, textingStoresWith } from './sms-campaign-stores';
import { smsProvider } from './sms-provider';

/**
 * receive-inbound-sms: the team's stores, the campaigns table as an inbound text uses it (not the
 * campaign store, whose item schemas it never reads) and the SMS provider (confirmations, help texts).
 */
export function inboundSmsDependencies(): () => TextingStores<InboundTextStore> & { readonly sms: SmsProvider } {
  const stores = textingStoresWith((client, table) => new DynamoInboundTextStore(client, table));
  return () => ({ ...stores(), sms: smsProvider.get('default') });
}
