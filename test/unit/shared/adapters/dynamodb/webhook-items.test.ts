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

  // The members share one schema per kind across the tables' items (ADR 0198): each place a shared
  // schema sits still names its own path, and a member that may be absent still may.
  it.each([
    [
      'webhook subscription',
      'secrets.0.expiresAt',
      () => fromSubscriptionItem({ ...toSubscriptionItem(SUBSCRIPTION), secrets: [{ sealed: 's', createdAt: 'c', expiresAt: 5 }] }),
    ],
    ['webhook subscription', 'events.1', () => fromSubscriptionItem({ ...toSubscriptionItem(SUBSCRIPTION), events: ['lead.created', 3] })],
    ['webhook subscription', 'description', () => fromSubscriptionItem({ ...toSubscriptionItem(SUBSCRIPTION), description: false })],
    ['webhook subscription', 'failingSince', () => fromSubscriptionItem({ ...toSubscriptionItem(SUBSCRIPTION), failingSince: null })],
    [
      'webhook delivery',
      'attempts.0.statusCode',
      () => fromDeliveryItem({ ...toDeliveryItem(DELIVERY, 1), attempts: [{ ...DELIVERY.attempts[0], statusCode: '200' }] }),
    ],
    [
      'webhook delivery',
      'attempts.0.error',
      () => fromDeliveryItem({ ...toDeliveryItem(DELIVERY, 1), attempts: [{ ...DELIVERY.attempts[0], error: 1 }] }),
    ],
    ['webhook delivery', 'claimedAt', () => fromDeliveryItem({ ...toDeliveryItem(DELIVERY, 1), claimedAt: 12 })],
    ['webhook delivery', 'runStart', () => fromDeliveryItem({ ...toDeliveryItem(DELIVERY, 1), runStart: '1' })],
  ])('refuses a stored %s malformed at %s, naming it', (kind, path, read) => {
    expect(read).toThrow(`stored ${kind} item is malformed at ${path}`);
  });

  it('reads a subscription stored without a description, a reason or secrets as null, null and none', () => {
    const { description: _d, disabledReason: _r, secrets: _s, ...older } = toSubscriptionItem(SUBSCRIPTION);
    expect(fromSubscriptionItem(older)).toEqual({ ...SUBSCRIPTION, description: null, disabledReason: null, secrets: [] });
  });
});
