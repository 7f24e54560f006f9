import type { OutboundFeedDependencies } from '#shared/adapters/runtime/outbound-feed-dependencies';
import type { OutboundFeedStore } from '#shared/ports/outbound-feed-store';
import type { CampaignStore } from '#shared/ports/sms-campaign-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: OutboundFeedDependencies } = {};
jest.mock('#shared/adapters/runtime/outbound-feed-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/outbound-feed-dependencies'),
  outboundFeedDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/list-outbound-texts/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-outbound-texts');
  ({ handler } = await import('../../../../functions/list-outbound-texts/handler'));
});

describe('list-outbound-texts', () => {
  it('answers the first page', async () => {
    mockDependencies.current = { campaigns: fakePort<CampaignStore>(), feed: fakePort<OutboundFeedStore>({ listTexts: async () => [] }) };
    const answer = await answerOf(handler, routeEvent('listOutboundTexts', { path: { teamId: '1' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [] });
  });

  it('refuses a limit that is not valid, naming limit', async () => {
    mockDependencies.current = { campaigns: failingPort<CampaignStore>(), feed: failingPort<OutboundFeedStore>() };
    const answer = await answerOf(handler, routeEvent('listOutboundTexts', { path: { teamId: '1' }, query: { limit: 'many' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'limit' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { campaigns: failingPort<CampaignStore>(), feed: failingPort<OutboundFeedStore>() };
    const answer = await answerOf(handler, routeEvent('listOutboundTexts', { path: { teamId: '1' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });

  it('answers 404 naming campaign_id for a campaign of another team', async () => {
    mockDependencies.current = {
      campaigns: fakePort<CampaignStore>({ getCampaign: async () => null }),
      feed: fakePort<OutboundFeedStore>(),
    };
    const answer = await answerOf(
      handler,
      routeEvent('listOutboundTexts', { path: { teamId: '1' }, query: { campaign_id: 'cmp_0123456789abcdef0123' } }),
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ message: expect.stringContaining('campaign_id') });
  });
});
