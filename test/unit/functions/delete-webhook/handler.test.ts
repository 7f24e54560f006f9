import type { WebhookRouteDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import type { WebhookStore } from '#shared/ports/webhook-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { team, tenancyOf } from '../../../support/intake-fakes';

const mockDependencies: { current?: WebhookRouteDependencies } = {};
jest.mock('#shared/adapters/runtime/webhook-dependencies', () => ({
  webhookDependencies: () => () => mockDependencies.current,
}));

const own = team({ id: 1, workspaceId: 'ws_own' });
const workspace = { 'x-workspace-id': 'ws_own' };
let handler: typeof import('../../../../functions/delete-webhook/handler').handler;
beforeAll(async () => {
  functionEnvironment('delete-webhook');
  ({ handler } = await import('../../../../functions/delete-webhook/handler'));
});

/** The webhook stores with `webhooks` methods faked. */
function dependencies(webhooks: Partial<WebhookStore>): WebhookRouteDependencies {
  return { tenancy: tenancyOf([own]), webhooks: fakePort<WebhookStore>(webhooks) };
}

describe('delete-webhook', () => {
  it('deletes the subscription', async () => {
    const deleteSubscription = jest.fn(async () => true);
    mockDependencies.current = dependencies({ deleteSubscription });
    const answer = await answerOf(handler, routeEvent('deleteWebhook', { path: { webhookId: 'wh_test' }, headers: workspace }));
    expect(answer.status).toBe(200);
    expect(deleteSubscription).toHaveBeenCalledWith(1, 'wh_test', expect.anything());
  });

  it('answers 404 for a webhook the workspace does not have', async () => {
    mockDependencies.current = dependencies({ deleteSubscription: async () => false });
    const answer = await answerOf(handler, routeEvent('deleteWebhook', { path: { webhookId: 'wh_test' }, headers: workspace }));
    expect(answer.status).toBe(404);
  });

  it('refuses a request without X-Workspace-ID, naming it', async () => {
    mockDependencies.current = dependencies({});
    const answer = await answerOf(handler, routeEvent('deleteWebhook', { path: { webhookId: 'wh_test' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'x-workspace-id' });
  });

  it('answers 500, revealing nothing, when the stores fail', async () => {
    mockDependencies.current = { ...dependencies({}), tenancy: failingPort<TenancyStore>(), webhooks: failingPort<WebhookStore>() };
    const answer = await answerOf(handler, routeEvent('deleteWebhook', { path: { webhookId: 'wh_test' }, headers: workspace }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
