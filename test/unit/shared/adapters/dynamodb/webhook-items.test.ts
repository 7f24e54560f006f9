import { fromDeliveryItem, fromSubscriptionItem, toDeliveryItem, toSubscriptionItem } from '#shared/adapters/dynamodb/webhook-items';
import type { WebhookDelivery, WebhookSubscription } from '#shared/domain/webhooks/model';

const SUBSCRIPTION: WebhookSubscription = {
  id: 'wh_1',
  teamId: 7,
  workspaceId: 'ws_7',
  url: 'https://hooks.example.com/in',
  events: ['lead.created'],
  description: 'CRM',
  status: 'enabled',
  disabledReason: null,
  createdAt: '2026-11-24T15:00:00.000Z',
  secrets: [{ sealed: 's1', createdAt: '2026-11-24T15:00:00.000Z', expiresAt: null }],
  failingSince: null,
};

const DELIVERY: WebhookDelivery = {
  id: 'msg_1',
  webhookId: 'wh_1',
  teamId: 7,
  eventId: 'evt_1',
  eventType: 'lead.created',
  payload: '{}',
  state: 'succeeded',
  attempts: [{ attempt: 1, at: '2026-11-24T15:00:01.000Z', statusCode: 200, latencyMs: 40, error: null }],
  nextAttempt: 2,
  claimedAttempt: 1,
  runStart: 1,
  nextAttemptAt: null,
  createdAt: '2026-11-24T15:00:00.000Z',
  replayId: null,
};

describe('webhook items', () => {
  it('stores a subscription under its team with failingSince absent until a failure, and reads it back', () => {
    const item = toSubscriptionItem(SUBSCRIPTION);
    expect(item).toMatchObject({ pk: 'TEAM#0000000007', sk: 'WEBHOOK#wh_1', webhookId: 'wh_1' });
    expect(item).not.toHaveProperty('failingSince');
    expect(item).not.toHaveProperty('id');
    expect(fromSubscriptionItem(item)).toEqual(SUBSCRIPTION);
    const failing = { ...SUBSCRIPTION, failingSince: '2026-11-25T00:00:00.000Z' };
    expect(fromSubscriptionItem(toSubscriptionItem(failing))).toEqual(failing);
  });

  it('drops an event type no longer offered when reading a subscription', () => {
    const item = { ...toSubscriptionItem(SUBSCRIPTION), events: ['lead.created', 'lead.retired'] };
    expect(fromSubscriptionItem(item).events).toEqual(['lead.created']);
  });

  it('stores a delivery with its list keys and expiry, and reads it back', () => {
    const item = toDeliveryItem(DELIVERY, 1_800_000_000);
    expect(item).toMatchObject({
      pk: 'WEBHOOK#wh_1',
      sk: 'DELIVERY#msg_1',
      listPk: 'WEBHOOK#wh_1',
      listSk: '2026-11-24T15:00:00.000Z#msg_1',
      expiresAt: 1_800_000_000,
    });
    expect(fromDeliveryItem(item)).toEqual(DELIVERY);
  });

  it('reads a delivery stored without attempts or a next attempt time with those as empty and null', () => {
    const { attempts: _a, nextAttemptAt: _n, ...older } = toDeliveryItem(DELIVERY, 1_800_000_000);
    expect(fromDeliveryItem(older)).toEqual({ ...DELIVERY, attempts: [], nextAttemptAt: null });
  });

  it('refuses a delivery whose state is none it has, naming the item and attribute but not the value', () => {
    const item = { ...toDeliveryItem(DELIVERY, 1_800_000_000), state: 'secret-state' };
    expect(() => fromDeliveryItem(item)).toThrow(/^stored webhook delivery item is malformed at state: /);
    expect(() => fromDeliveryItem(item)).not.toThrow(/secret-state/);
  });
});
