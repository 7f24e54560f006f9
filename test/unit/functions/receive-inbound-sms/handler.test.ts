import type { inboundSmsDependencies } from '#shared/adapters/runtime/sms-campaign-inbound-dependencies';
import { DEFAULT_MESSAGING_CONFIG } from '#shared/domain/sms-campaigns/messaging-config';
import type { MessagingConfigStore } from '#shared/ports/messaging-config-store';
import type { InboundTextStore } from '#shared/ports/sms-campaign-store';
import type { SmsProvider } from '#shared/ports/sms-provider';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { team, tenancyOf } from '../../../support/intake-fakes';

type Dependencies = ReturnType<ReturnType<typeof inboundSmsDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/sms-campaign-inbound-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/sms-campaign-inbound-dependencies'),
  inboundSmsDependencies: () => () => mockDependencies.current,
}));

const own = team({ id: 1, workspaceId: 'ws_own' });

/** The campaign stores of team 1, the store's methods as given, with an SMS provider. */
function dependencies(store: Partial<InboundTextStore> = {}): Dependencies {
  return {
    tenancy: tenancyOf([own]),
    messagingConfigs: fakePort<MessagingConfigStore>({ getMessagingConfig: async () => DEFAULT_MESSAGING_CONFIG }),
    store: fakePort<InboundTextStore>(store),
    sms: fakePort<SmsProvider>(),
  };
}

let handler: typeof import('../../../../functions/receive-inbound-sms/handler').handler;
beforeAll(async () => {
  functionEnvironment('receive-inbound-sms');
  ({ handler } = await import('../../../../functions/receive-inbound-sms/handler'));
});

describe('receive-inbound-sms', () => {
  it('answers a redelivered text as a duplicate, doing nothing again', async () => {
    mockDependencies.current = {
      ...dependencies({ lastCampaignFor: async () => null, claimInbound: async () => false }),
      sms: fakePort<SmsProvider>({ send: async () => ({ providerMessageId: 'sms-1' }) }),
    };
    const answer = await answerOf(
      handler,
      routeEvent('receiveInboundSms', {
        body: { from: '+13125550199', body: 'HELP', message_id: 'm-1' },
        headers: { 'x-workspace-id': 'ws_own' },
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true });
  });

  it('refuses a sender that is not a phone number, naming from', async () => {
    mockDependencies.current = dependencies();
    const answer = await answerOf(
      handler,
      routeEvent('receiveInboundSms', { body: { from: 'nobody', body: 'HELP' }, headers: { 'x-workspace-id': 'ws_own' } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'from' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { ...dependencies(), tenancy: failingPort<TenancyStore>() };
    const answer = await answerOf(
      handler,
      routeEvent('receiveInboundSms', {
        body: { from: '+13125550199', body: 'HELP', message_id: 'm-1' },
        headers: { 'x-workspace-id': 'ws_own' },
      }),
    );
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
