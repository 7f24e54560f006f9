import type { WebhookSecretDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import type { AuditEntry } from '#shared/domain/audit-log/entry';
import type { SealedSecret } from '#shared/domain/webhooks/model';
import { SecretBox } from '#shared/domain/webhooks/signing';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import type { WebhookStore } from '#shared/ports/webhook-store';
import { webhookSubscription } from '../../../support/factories';
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
  it('answers the new secret once, sealed first among the secrets stored, the old one kept for the overlap and audited', async () => {
    const box = new SecretBox('test-sealing-key');
    const replaced: { secrets: readonly SealedSecret[]; audit?: AuditEntry }[] = [];
    const webhooks = fakePort<WebhookStore>({
      getSubscription: async (teamId, webhookId) => (teamId === 1 && webhookId === 'wh_test' ? webhookSubscription() : null),
      replaceSecrets: async (_teamId, _webhookId, secrets, audit) => {
        replaced.push({ secrets, audit });
        return true;
      },
    });
    mockDependencies.current = {
      tenancy: tenancyOf([own]),
      webhooks,
      subscriptions: async () => ({ store: webhooks, box, allowPrivateTargets: false }),
    };
    const answer = await answerOf(handler, routeEvent('rotateWebhookSecret', { path: { webhookId: 'wh_test' }, headers: workspace }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: { id: 'wh_test', status: 'enabled', secret: expect.any(String) } });
    const { secret } = (answer.body as { data: { secret: string } }).data;
    expect(replaced).toHaveLength(1);
    const [fresh, old] = replaced[0]?.secrets ?? [];
    expect(box.open(fresh?.sealed ?? '', 'wh_test')).toBe(secret);
    expect(fresh?.expiresAt).toBeNull();
    expect(old).toMatchObject({ sealed: 'sealed', expiresAt: expect.any(String) });
    expect(replaced[0]?.audit).toMatchObject({ action: 'webhook.secret_rotated', target: { id: 'wh_test' } });
  });

  it('answers 404 for a webhook the workspace does not have, changing nothing', async () => {
    const webhooks = fakePort<WebhookStore>({ getSubscription: async () => null });
    mockDependencies.current = {
      tenancy: tenancyOf([own]),
      webhooks,
      subscriptions: async () => ({ store: webhooks, box: new SecretBox('test-sealing-key'), allowPrivateTargets: false }),
    };
    const answer = await answerOf(handler, routeEvent('rotateWebhookSecret', { path: { webhookId: 'wh_other' }, headers: workspace }));
    expect(answer.status).toBe(404);
  });

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
