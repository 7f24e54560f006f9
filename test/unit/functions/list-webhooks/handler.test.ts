import type { WebhookReadDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import type { WebhookStore } from '#shared/ports/webhook-store';
import { webhookSubscription } from '../../../support/factories';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { team, tenancyOf } from '../../../support/intake-fakes';

const mockDependencies: { current?: WebhookReadDependencies } = {};
jest.mock('#shared/adapters/runtime/webhook-dependencies', () => ({
  webhookReadDependencies: () => () => mockDependencies.current,
}));

const own = team({ id: 1, workspaceId: 'ws_own' });
const workspace = { 'x-workspace-id': 'ws_own' };
let handler: typeof import('../../../../functions/list-webhooks/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-webhooks');
  ({ handler } = await import('../../../../functions/list-webhooks/handler'));
});

/** The webhook stores with `webhooks` methods faked. */
function dependencies(webhooks: Partial<WebhookStore>): WebhookReadDependencies {
  return { tenancy: tenancyOf([own]), webhooks: fakePort<WebhookStore>(webhooks) };
}

describe('list-webhooks', () => {
  it('answers the workspace’s subscriptions', async () => {
    mockDependencies.current = dependencies({ listSubscriptions: async () => [webhookSubscription()] });
    const answer = await answerOf(handler, routeEvent('listWebhooks', { headers: workspace }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [{ id: 'wh_test', url: 'https://hooks.example.com/in' }] });
  });

  it('refuses a request without X-Workspace-ID, naming it', async () => {
    mockDependencies.current = dependencies({});
    const answer = await answerOf(handler, routeEvent('listWebhooks'));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'x-workspace-id' });
  });

  it('answers 500, revealing nothing, when the stores fail', async () => {
    mockDependencies.current = { ...dependencies({}), tenancy: failingPort<TenancyStore>(), webhooks: failingPort<WebhookStore>() };
    const answer = await answerOf(handler, routeEvent('listWebhooks', { headers: workspace }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
