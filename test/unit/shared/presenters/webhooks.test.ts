import {
  webhook,
  webhookDeletedResponse,
  webhookDeliveriesResponse,
  webhookDelivery,
  webhookDeliveryResponse,
  webhookListResponse,
  webhookResponse,
  webhookSecretResponse,
  webhookWithSecret,
} from '#shared/contracts/webhooks';
import type { WebhookDelivery, WebhookSubscription } from '#shared/domain/webhooks/model';
import {
  presentDeletedWebhookResponse,
  presentDelivery,
  presentDeliveryPage,
  presentDeliveryResponse,
  presentWebhook,
  presentWebhookListResponse,
  presentWebhookResponse,
  presentWebhookWithSecret,
  presentWebhookWithSecretResponse,
} from '#shared/presenters/webhooks';

const SUBSCRIPTION: WebhookSubscription = {
  id: 'wh_0123456789abcdef0123',
  teamId: 7,
  workspaceId: 'ws_7',
  url: 'https://hooks.example.com/in',
  events: ['lead.created', 'call.processed'],
  description: null,
  status: 'disabled',
  disabledReason: 'The endpoint answered 410 Gone',
  createdAt: '2026-11-24T15:00:00.000Z',
  secrets: [{ sealed: 'sealed-secret', createdAt: '2026-11-24T15:00:00.000Z', expiresAt: null }],
  failingSince: '2026-11-25T15:00:00.000Z',
};

const DELIVERY: WebhookDelivery = {
  id: 'msg_0123456789abcdef01234567',
  webhookId: SUBSCRIPTION.id,
  teamId: 7,
  eventId: 'evt_1',
  eventType: 'lead.created',
  payload: '{"event":"lead.created"}',
  state: 'pending',
  attempts: [{ attempt: 1, at: '2026-11-24T15:00:01.000Z', statusCode: null, latencyMs: 12, error: 'connection refused' }],
  nextAttempt: 2,
  claimedAttempt: 1,
  runStart: 1,
  nextAttemptAt: '2026-11-24T15:00:31.000Z',
  createdAt: '2026-11-24T15:00:00.000Z',
  replayId: null,
};

describe('webhook presenters', () => {
  it('maps a subscription to the API’s names, never its secrets, team or failure bookkeeping', () => {
    const data = presentWebhook(SUBSCRIPTION);
    expect(data).toEqual({
      id: SUBSCRIPTION.id,
      url: 'https://hooks.example.com/in',
      events: ['lead.created', 'call.processed'],
      description: null,
      status: 'disabled',
      disabled_reason: 'The endpoint answered 410 Gone',
      created_at: '2026-11-24T15:00:00.000Z',
    });
    expect(JSON.stringify(data)).not.toMatch(/sealed|secret|failing|team|workspace/i);
    expect(() => webhook().parse(data)).not.toThrow();
  });

  it('shows the plain secret in the create and rotate answers only', () => {
    const data = presentWebhookWithSecret(SUBSCRIPTION, 'whsec_c2VjcmV0');
    expect(data.secret).toBe('whsec_c2VjcmV0');
    expect(JSON.stringify(data)).not.toContain('sealed-secret');
    expect(() => webhookWithSecret().parse(data)).not.toThrow();
  });

  it('maps a delivery and its attempts, without its payload or attempt bookkeeping', () => {
    const data = presentDelivery(DELIVERY);
    expect(data).toEqual({
      id: DELIVERY.id,
      webhook_id: SUBSCRIPTION.id,
      event_id: 'evt_1',
      event_type: 'lead.created',
      state: 'pending',
      created_at: '2026-11-24T15:00:00.000Z',
      next_attempt_at: '2026-11-24T15:00:31.000Z',
      attempts: [{ attempt: 1, at: '2026-11-24T15:00:01.000Z', status_code: null, latency_ms: 12, error: 'connection refused' }],
      replay_id: null,
    });
    expect(Object.keys(data)).not.toEqual(expect.arrayContaining(['payload']));
    expect(() => webhookDelivery().parse(data)).not.toThrow();
  });

  it('shows no next attempt once a delivery is settled', () => {
    expect(presentDelivery({ ...DELIVERY, state: 'failed' }).next_attempt_at).toBeNull();
  });

  it('answers a delete with the id, and every answer with its meta', () => {
    const body = presentDeletedWebhookResponse(SUBSCRIPTION.id, 'req-1');
    expect(body).toEqual({ data: { id: SUBSCRIPTION.id, deleted: true }, meta: { request_id: 'req-1', timestamp: expect.any(String) } });
    expect(() => webhookDeletedResponse().parse(body)).not.toThrow();
  });

  it('answers every route with a whole body its response schema accepts', () => {
    const page = { data: [presentDelivery(DELIVERY)], pagination: { cursor: null, has_more: false, limit: 20 } };
    expect(() => webhookResponse().parse(presentWebhookResponse(SUBSCRIPTION, 'req-1'))).not.toThrow();
    expect(() => webhookSecretResponse().parse(presentWebhookWithSecretResponse(SUBSCRIPTION, 'whsec_x', 'req-1'))).not.toThrow();
    expect(() => webhookListResponse().parse(presentWebhookListResponse([SUBSCRIPTION], 'req-1'))).not.toThrow();
    expect(() => webhookDeliveryResponse().parse(presentDeliveryResponse(DELIVERY, 'req-1'))).not.toThrow();
    expect(() => webhookDeliveriesResponse().parse(presentDeliveryPage(page, 'req-1'))).not.toThrow();
  });
});
