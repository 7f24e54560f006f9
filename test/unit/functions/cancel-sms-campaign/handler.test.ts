import type { campaignCancelDependencies } from '#shared/adapters/runtime/sms-campaign-cancel-dependencies';
import type { Campaign, CampaignStatus } from '#shared/domain/sms-campaigns/campaign';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { CampaignStore } from '#shared/ports/sms-campaign-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { smsCampaign } from '../../../support/factories';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { team, tenancyOf } from '../../../support/intake-fakes';

type Dependencies = ReturnType<ReturnType<typeof campaignCancelDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/sms-campaign-cancel-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/sms-campaign-cancel-dependencies'),
  campaignCancelDependencies: () => () => mockDependencies.current,
}));

const own = team({ id: 1, workspaceId: 'ws_own' });

/** The campaign stores of team 1, the store's methods as given, with a scheduler. */
function dependencies(store: Partial<CampaignStore> = {}): Dependencies {
  return {
    tenancy: tenancyOf([own]),
    store: fakePort<CampaignStore>(store),
    scheduler: fakePort<OneTimeScheduler>(),
  };
}

let handler: typeof import('../../../../functions/cancel-sms-campaign/handler').handler;
beforeAll(async () => {
  functionEnvironment('cancel-sms-campaign');
  ({ handler } = await import('../../../../functions/cancel-sms-campaign/handler'));
});

const CAMPAIGN_ID = 'cmp_0123456789abcdef0123';
const scheduled: Campaign = smsCampaign({ campaign_id: CAMPAIGN_ID });

describe('cancel-sms-campaign', () => {
  it('cancels a scheduled campaign, cancels its start schedule and answers it cancelled', async () => {
    let stored = scheduled;
    const cancelledSchedules: string[] = [];
    mockDependencies.current = {
      ...dependencies({
        getCampaign: async (id) => (id === CAMPAIGN_ID ? stored : null),
        transitionCampaign: async (_id, from: readonly CampaignStatus[], to, fields) => {
          if (!from.includes(stored.status)) return false;
          stored = { ...stored, status: to, cancelled_at: fields?.cancelled_at ?? null };
          return true;
        },
      }),
      scheduler: fakePort<OneTimeScheduler>({
        cancel: async (name) => {
          cancelledSchedules.push(name);
        },
      }),
    };
    const answer = await answerOf(
      handler,
      routeEvent('cancelSmsCampaign', { path: { campaignId: CAMPAIGN_ID }, headers: { 'x-workspace-id': 'ws_own' } }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: { campaign_id: CAMPAIGN_ID, status: 'cancelled' } });
    expect(stored.cancelled_at).toEqual(expect.any(String));
    expect(cancelledSchedules).toEqual([`campaign-${CAMPAIGN_ID}-start`]);
  });

  it('answers 409 naming status for a campaign already completed, cancelling no schedule', async () => {
    mockDependencies.current = dependencies({
      getCampaign: async () => ({ ...scheduled, status: 'completed' }),
      transitionCampaign: async () => false,
    });
    const answer = await answerOf(
      handler,
      routeEvent('cancelSmsCampaign', { path: { campaignId: CAMPAIGN_ID }, headers: { 'x-workspace-id': 'ws_own' } }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ field: 'status' });
  });

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
