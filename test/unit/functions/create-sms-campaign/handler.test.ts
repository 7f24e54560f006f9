import type { campaignDependencies } from '#shared/adapters/runtime/sms-campaign-dependencies';
import { DEFAULT_MESSAGING_CONFIG } from '#shared/domain/sms-campaigns/messaging-config';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { MessagingConfigStore } from '#shared/ports/messaging-config-store';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { CampaignStore } from '#shared/ports/sms-campaign-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { team, tenancyOf } from '../../../support/intake-fakes';

type Dependencies = ReturnType<ReturnType<typeof campaignDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/sms-campaign-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/sms-campaign-dependencies'),
  campaignDependencies: () => () => mockDependencies.current,
}));

const own = team({ id: 1, workspaceId: 'ws_own' });

/** The campaign stores of team 1, the store's methods as given, with a queue and a scheduler. */
function dependencies(store: Partial<CampaignStore> = {}): Dependencies {
  return {
    tenancy: tenancyOf([own]),
    messagingConfigs: fakePort<MessagingConfigStore>({ getMessagingConfig: async () => DEFAULT_MESSAGING_CONFIG }),
    store: fakePort<CampaignStore>(store),
    queue: fakePort<MessageQueue>(),
    scheduler: fakePort<OneTimeScheduler>(),
    pricePerSegmentMicros: 7_900,
  };
}

let handler: typeof import('../../../../functions/create-sms-campaign/handler').handler;
beforeAll(async () => {
  functionEnvironment('create-sms-campaign');
  ({ handler } = await import('../../../../functions/create-sms-campaign/handler'));
});

describe('create-sms-campaign', () => {
  it('answers a preflight: the plan, nothing created', async () => {
    mockDependencies.current = dependencies({ listSuppressed: async () => new Set(), assertStorable: () => undefined });
    const answer = await answerOf(
      handler,
      routeEvent('createSmsCampaign', {
        body: {
          campaign_type: 'seasonal_promotion',
          recipients: [{ phone: '+13125550100', name: 'Ann' }],
          message_template: 'Hi {name}, 20% off this week.',
          preflight: true,
        },
        headers: { 'x-workspace-id': 'ws_own' },
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: { preflight: true, recipients: [expect.objectContaining({ index: 0 })] } });
  });

  it('refuses a campaign without recipients, naming recipients', async () => {
    mockDependencies.current = dependencies();
    const answer = await answerOf(
      handler,
      routeEvent('createSmsCampaign', {
        body: { campaign_type: 'seasonal_promotion', message_template: 'Hi' },
        headers: { 'x-workspace-id': 'ws_own' },
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'recipients' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { ...dependencies(), tenancy: failingPort<TenancyStore>() };
    const answer = await answerOf(
      handler,
      routeEvent('createSmsCampaign', {
        body: {
          campaign_type: 'seasonal_promotion',
          recipients: [{ phone: '+13125550100', name: 'Ann' }],
          message_template: 'Hi {name}, 20% off this week.',
          preflight: true,
        },
        headers: { 'x-workspace-id': 'ws_own' },
      }),
    );
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
