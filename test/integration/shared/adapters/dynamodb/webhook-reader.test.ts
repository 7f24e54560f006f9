import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoWebhookReader } from '#shared/adapters/dynamodb/webhook-reader';
import { DynamoWebhookStore } from '#shared/adapters/dynamodb/webhook-store';
import type { WebhookDelivery } from '#shared/domain/webhooks/model';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { webhookSubscription } from '../../../../support/factories';

/**
 * The webhook read routes' reader on the embedded DynamoDB (ADR 0198): what the store wrote, it
 * reads back as the store itself answers it, and a team reads only its own subscriptions.
 */
let dynamo: LocalDynamo;
let store: DynamoWebhookStore;
let reader: DynamoWebhookReader;

beforeAll(async () => {
  dynamo = await startEmulator();
  const table = physicalTableName('webhooks');
  store = new DynamoWebhookStore(getDocumentClient(), table);
  reader = new DynamoWebhookReader(getDocumentClient(), table);
});
afterAll(() => dynamo.stop());

function deliveryOf(webhookId: string, n: number): WebhookDelivery {
  return {
    id: `msg_${n}`,
    webhookId,
    teamId: 41,
    eventId: `evt_${n}`,
    eventType: 'lead.created',
    payload: '{}',
    state: 'pending',
    attempts: [],
    nextAttempt: 1,
    claimedAttempt: 0,
    runStart: 1,
    nextAttemptAt: null,
    createdAt: `2026-03-01T12:0${n}:00.000Z`,
    replayId: null,
  };
}

describe('DynamoWebhookReader', () => {
  it('reads subscriptions and deliveries as the store wrote and answers them', async () => {
    const subscription = webhookSubscription({ id: 'wh_reader', teamId: 41, workspaceId: 'ws_41' });
    expect(await store.createSubscription(subscription, 20)).toBe(true);
    for (const n of [1, 2, 3]) await store.createDelivery(deliveryOf('wh_reader', n), 1_900_000_000);

    expect(await reader.getSubscription(41, 'wh_reader')).toEqual(subscription);
    expect(await reader.listSubscriptions(41)).toEqual(await store.listSubscriptions(41));
    expect(await reader.getDelivery('wh_reader', 'msg_2')).toEqual(deliveryOf('wh_reader', 2));
    const page = await reader.listDeliveries('wh_reader', { after: undefined, limit: 1 });
    expect(page.map((row) => row.delivery.id)).toEqual(['msg_3', 'msg_2']);
    expect(await reader.listDeliveries('wh_reader', { after: page[0]?.position, limit: 5 })).toEqual(
      await store.listDeliveries('wh_reader', { after: page[0]?.position, limit: 5 }),
    );
  });

  it('finds no subscription of another team', async () => {
    await store.createSubscription(webhookSubscription({ id: 'wh_other', teamId: 42, workspaceId: 'ws_42' }), 20);
    expect(await reader.getSubscription(41, 'wh_other')).toBeNull();
    expect((await reader.listSubscriptions(41)).map((s) => s.id)).not.toContain('wh_other');
  });
});
