import type { WebhookDeliveryDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import type { WebhookReplay } from '#shared/domain/webhooks/model';
import type { MessageQueue, QueueMessage } from '#shared/ports/message-queue';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import type { WebhookStore } from '#shared/ports/webhook-store';
import { webhookSubscription } from '../../../support/factories';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { team, tenancyOf } from '../../../support/intake-fakes';

const mockDependencies: { current?: WebhookDeliveryDependencies } = {};
jest.mock('#shared/adapters/runtime/webhook-dependencies', () => ({
  webhookDeliveryDependencies: () => () => mockDependencies.current,
}));

const own = team({ id: 1, workspaceId: 'ws_own' });
const workspace = { 'x-workspace-id': 'ws_own' };
const HOUR = 3_600_000;
let handler: typeof import('../../../../functions/replay-webhook/handler').handler;
beforeAll(async () => {
  functionEnvironment('replay-webhook');
  ({ handler } = await import('../../../../functions/replay-webhook/handler'));
});

const created: WebhookReplay[] = [];
const sent: QueueMessage[] = [];
beforeEach(() => {
  created.length = 0;
  sent.length = 0;
});

/** The webhook stores with `webhooks` methods faked and a queue that records what it is sent. */
function dependencies(webhooks: Partial<WebhookStore>): WebhookDeliveryDependencies {
  return {
    tenancy: tenancyOf([own]),
    webhooks: fakePort<WebhookStore>(webhooks),
    queue: fakePort<MessageQueue>({
      send: async (messages) => {
        sent.push(...messages);
      },
    }),
  };
}

const recording: Partial<WebhookStore> = {
  getSubscription: async (teamId, id) => (teamId === own.id && id === 'wh_test' ? webhookSubscription() : null),
  createReplay: async (replay) => {
    created.push(replay);
  },
};

describe('replay-webhook', () => {
  it('records and queues a replay of the webhook’s events since the instant, answering it 202', async () => {
    mockDependencies.current = dependencies(recording);
    const since = new Date(Date.now() - 2 * HOUR).toISOString();
    const answer = await answerOf(
      handler,
      routeEvent('replayWebhook', { path: { webhookId: 'wh_test' }, headers: workspace, body: { since } }),
    );
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({
      data: {
        id: expect.stringMatching(/^rpl_/),
        webhook_id: 'wh_test',
        since,
        types: ['lead.created'],
        status: 'queued',
        events_found: 0,
      },
      meta: { request_id: expect.any(String) },
    });
    expect(created).toEqual([expect.objectContaining({ teamId: own.id, webhookId: 'wh_test', since })]);
    expect(answer.body).toMatchObject({ data: { id: created[0]?.id } });
    expect(sent.map((m) => m.body)).toEqual([
      { kind: 'webhook-replay', team_id: own.id, webhook_id: 'wh_test', replay_id: created[0]?.id },
    ]);
  });

  it('refuses a since that is not an instant, naming it, recording nothing', async () => {
    mockDependencies.current = dependencies(recording);
    const answer = await answerOf(
      handler,
      routeEvent('replayWebhook', { path: { webhookId: 'wh_test' }, headers: workspace, body: { since: 'yesterday' } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'since' });
    expect([created, sent]).toEqual([[], []]);
  });

  it('answers 404 for a webhook the workspace does not have, queueing nothing', async () => {
    mockDependencies.current = dependencies(recording);
    const since = new Date(Date.now() - HOUR).toISOString();
    const answer = await answerOf(
      handler,
      routeEvent('replayWebhook', { path: { webhookId: 'wh_other' }, headers: workspace, body: { since } }),
    );
    expect(answer.status).toBe(404);
    expect(sent).toEqual([]);
  });

  it('answers 500, revealing nothing, when the stores fail', async () => {
    mockDependencies.current = { ...dependencies({}), tenancy: failingPort<TenancyStore>(), webhooks: failingPort<WebhookStore>() };
    const since = new Date(Date.now() - HOUR).toISOString();
    const answer = await answerOf(
      handler,
      routeEvent('replayWebhook', { path: { webhookId: 'wh_test' }, headers: workspace, body: { since } }),
    );
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
