import type { WebhookSecretDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import type { WebhookStore } from '#shared/ports/webhook-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { team, tenancyOf } from '../../../support/intake-fakes';

const mockDependencies: { current?: WebhookSecretDependencies } = {};
jest.mock('#shared/adapters/runtime/webhook-dependencies', () => ({
  webhookSecretDependencies: () => () => mockDependencies.current,
}));

const own = team({ id: 1, workspaceId: 'ws_own' });
const workspace = { 'x-workspace-id': 'ws_own' };
let handler: typeof import('../../../../functions/rotate-webhook-secret/handler').handler;
beforeAll(async () => {
  functionEnvironment('rotate-webhook-secret');
  ({ handler } = await import('../../../../functions/rotate-webhook-secret/handler'));
});

/** The webhook stores with `webhooks` methods faked. */
function dependencies(webhooks: Partial<WebhookStore>): WebhookSecretDependencies {
  return {
    tenancy: tenancyOf([own]),
    webhooks: fakePort<WebhookStore>(webhooks),
    subscriptions: () => Promise.reject(new Error('not faked')),
  };
}

describe('rotate-webhook-secret', () => {
  it('refuses a request without X-Workspace-ID, naming it', async () => {
    mockDependencies.current = dependencies({});
    const answer = await answerOf(handler, routeEvent('rotateWebhookSecret', { path: { webhookId: 'wh_test' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'x-workspace-id' });
  });

  it('answers 500, revealing nothing, when the stores fail', async () => {
    mockDependencies.current = { ...dependencies({}), tenancy: failingPort<TenancyStore>(), webhooks: failingPort<WebhookStore>() };
    const answer = await answerOf(handler, routeEvent('rotateWebhookSecret', { path: { webhookId: 'wh_test' }, headers: workspace }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
