import type { campaignCancelDependencies } from '#shared/adapters/runtime/sms-campaign-dependencies';
import { DEFAULT_MESSAGING_CONFIG } from '#shared/domain/sms-campaigns/messaging-config';
import type { MessagingConfigStore } from '#shared/ports/messaging-config-store';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { CampaignStore } from '#shared/ports/sms-campaign-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { team, tenancyOf } from '../../../support/intake-fakes';

type Dependencies = ReturnType<ReturnType<typeof campaignCancelDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/sms-campaign-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/sms-campaign-dependencies'),
  campaignCancelDependencies: () => () => mockDependencies.current,
}));

const own = team({ id: 1, workspaceId: 'ws_own' });

/** The campaign stores of team 1, the store's methods as given, with a scheduler. */
function dependencies(store: Partial<CampaignStore> = {}): Dependencies {
  return {
    tenancy: tenancyOf([own]),
    messagingConfigs: fakePort<MessagingConfigStore>({ getMessagingConfig: async () => DEFAULT_MESSAGING_CONFIG }),
    store: fakePort<CampaignStore>(store),
    scheduler: fakePort<OneTimeScheduler>(),
  };
}

let handler: typeof import('../../../../functions/cancel-sms-campaign/handler').handler;
beforeAll(async () => {
  functionEnvironment('cancel-sms-campaign');
  ({ handler } = await import('../../../../functions/cancel-sms-campaign/handler'));
});

describe('cancel-sms-campaign', () => {
  it('answers 404 for a campaign the workspace does not have', async () => {
    mockDependencies.current = dependencies({ getCampaign: async () => null });
    const answer = await answerOf(
      handler,
      routeEvent('cancelSmsCampaign', { path: { campaignId: 'cmp_0123456789abcdef0123' }, headers: { 'x-workspace-id': 'ws_own' } }),
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false });
  });

  it('refuses a request without X-Workspace-ID, naming x-workspace-id', async () => {
    mockDependencies.current = dependencies();
    const answer = await answerOf(handler, routeEvent('cancelSmsCampaign', { path: { campaignId: 'cmp_0123456789abcdef0123' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'x-workspace-id' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { ...dependencies(), tenancy: failingPort<TenancyStore>() };
    const answer = await answerOf(
      handler,
      routeEvent('cancelSmsCampaign', { path: { campaignId: 'cmp_0123456789abcdef0123' }, headers: { 'x-workspace-id': 'ws_own' } }),
    );
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
