import type { WebhookRouteDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import type { WebhookReplay } from '#shared/domain/webhooks/model';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import type { WebhookStore } from '#shared/ports/webhook-store';
import { webhookSubscription } from '../../../support/factories';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { team, tenancyOf } from '../../../support/intake-fakes';

const mockDependencies: { current?: WebhookRouteDependencies } = {};
jest.mock('#shared/adapters/runtime/webhook-dependencies', () => ({
  webhookDependencies: () => () => mockDependencies.current,
}));

const own = team({ id: 1, workspaceId: 'ws_own' });
const workspace = { 'x-workspace-id': 'ws_own' };
const REPLAY: WebhookReplay = {
  id: 'rpl_0123456789abcdef0123',
  webhookId: 'wh_test',
  teamId: own.id,
  since: '2026-11-20T00:00:00.000Z',
  until: '2026-11-21T00:00:00.000Z',
  types: ['lead.created'],
  status: 'completed',
  eventsFound: 12,
  eventsDelivered: 11,
  position: 'pos_12',
  createdAt: '2026-11-21T00:00:01.000Z',
  completedAt: '2026-11-21T00:00:09.000Z',
};
let handler: typeof import('../../../../functions/get-webhook-replay/handler').handler;
beforeAll(async () => {
  functionEnvironment('get-webhook-replay');
  ({ handler } = await import('../../../../functions/get-webhook-replay/handler'));
});

/** The workspace's webhook wh_test, holding `replays`. */
function dependencies(replays: readonly WebhookReplay[]): WebhookRouteDependencies {
  return {
    tenancy: tenancyOf([own]),
    webhooks: fakePort<WebhookStore>({
      getSubscription: async (teamId, id) => (teamId === own.id && id === 'wh_test' ? webhookSubscription() : null),
      getReplay: async (webhookId, replayId) => replays.find((r) => r.webhookId === webhookId && r.id === replayId) ?? null,
    }),
  };
}

const path = { webhookId: 'wh_test', replayId: REPLAY.id };

describe('get-webhook-replay', () => {
  it('answers the replay and its progress', async () => {
    mockDependencies.current = dependencies([REPLAY]);
    const answer = await answerOf(handler, routeEvent('getWebhookReplay', { path, headers: workspace }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: {
        id: REPLAY.id,
        webhook_id: 'wh_test',
        since: REPLAY.since,
        until: REPLAY.until,
        types: ['lead.created'],
        status: 'completed',
        events_found: 12,
        events_delivered: 11,
        created_at: REPLAY.createdAt,
        completed_at: REPLAY.completedAt,
      },
      meta: expect.objectContaining({ request_id: expect.any(String) }),
    });
  });

  it('answers 404 for a replay the webhook does not have, and for another team’s', async () => {
    mockDependencies.current = dependencies([{ ...REPLAY, teamId: 9 }]);
    for (const replayId of [REPLAY.id, 'rpl_unknown']) {
      const answer = await answerOf(handler, routeEvent('getWebhookReplay', { path: { ...path, replayId }, headers: workspace }));
      expect({ replayId, status: answer.status }).toEqual({ replayId, status: 404 });
    }
  });

  it('refuses a request without X-Workspace-ID, naming it', async () => {
    mockDependencies.current = dependencies([REPLAY]);
    const answer = await answerOf(handler, routeEvent('getWebhookReplay', { path }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'x-workspace-id' });
  });

  it('answers 500, revealing nothing, when the stores fail', async () => {
    mockDependencies.current = { tenancy: failingPort<TenancyStore>(), webhooks: failingPort<WebhookStore>() };
    const answer = await answerOf(handler, routeEvent('getWebhookReplay', { path, headers: workspace }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
