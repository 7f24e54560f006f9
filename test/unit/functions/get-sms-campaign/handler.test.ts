import type { CampaignStores } from '#shared/adapters/runtime/sms-campaign-stores';
import type { CampaignStore } from '#shared/ports/sms-campaign-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { team, tenancyOf } from '../../../support/intake-fakes';

const mockDependencies: { current?: CampaignStores<Pick<CampaignStore, 'getCampaign'>> } = {};
jest.mock('#shared/adapters/runtime/sms-campaign-read-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/sms-campaign-read-dependencies'),
  campaignReadDependencies: () => () => mockDependencies.current,
}));

const own = team({ id: 1, workspaceId: 'ws_own' });

/** The campaign stores of team 1, the store's methods as given. */
function dependencies(store: Partial<CampaignStore> = {}): CampaignStores<Pick<CampaignStore, 'getCampaign'>> {
  return {
    tenancy: tenancyOf([own]),
    store: fakePort<CampaignStore>(store),
  };
}

let handler: typeof import('../../../../functions/get-sms-campaign/handler').handler;
beforeAll(async () => {
  functionEnvironment('get-sms-campaign');
  ({ handler } = await import('../../../../functions/get-sms-campaign/handler'));
});

describe('get-sms-campaign', () => {
  it('answers 404 for a campaign the workspace does not have', async () => {
    mockDependencies.current = dependencies({ getCampaign: async () => null });
    const answer = await answerOf(
      handler,
      routeEvent('getSmsCampaign', { path: { campaignId: 'cmp_0123456789abcdef0123' }, headers: { 'x-workspace-id': 'ws_own' } }),
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false });
  });

  it('refuses a request without X-Workspace-ID, naming x-workspace-id', async () => {
    mockDependencies.current = dependencies();
    const answer = await answerOf(handler, routeEvent('getSmsCampaign', { path: { campaignId: 'cmp_0123456789abcdef0123' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'x-workspace-id' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { ...dependencies(), tenancy: failingPort<TenancyStore>() };
    const answer = await answerOf(
      handler,
      routeEvent('getSmsCampaign', { path: { campaignId: 'cmp_0123456789abcdef0123' }, headers: { 'x-workspace-id': 'ws_own' } }),
    );
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
