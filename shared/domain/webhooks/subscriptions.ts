import { randomBytes } from 'node:crypto';
import { type AuditAction, type AuditActor, type AuditDetail, newAuditEntry } from '#shared/domain/audit-log/entry';
import type { Team } from '#shared/domain/tenancy';
import { ConflictError, NotFoundError } from '#shared/errors';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { WebhookStore } from '#shared/ports/webhook-store';
import { attemptMessage, newDelivery } from './deliveries';
import {
  DELIVERY_RETENTION_DAYS,
  MAX_SUBSCRIPTIONS_PER_TEAM,
  type SealedSecret,
  TEST_EVENT_TYPE,
  type WebhookEventType,
  type WebhookSubscription,
} from './model';
import { generateSecret, type SecretBox } from './signing';
import { checkTargetUrl } from './target-address';

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

export interface SubscriptionDeps {
  readonly store: WebhookStore;
  readonly box: SecretBox;
  readonly allowPrivateTargets: boolean;
}

/** The audit entry of a change to one of the team's webhooks; the detail never holds the URL (it may carry tokens). */
function webhookAudit(action: AuditAction, team: Team, webhookId: string, actor: AuditActor, now: Date, detail: AuditDetail = {}) {
  return newAuditEntry(
    { enterpriseId: team.enterpriseId, teamIds: [team.id], action, actor, target: { type: 'webhook', id: webhookId }, detail },
    now,
  );
}

export async function createSubscription(
  deps: SubscriptionDeps,
  team: Team,
  input: { url: string; events: readonly WebhookEventType[]; description?: string | null | undefined },
  now: Date,
  actor: AuditActor,
): Promise<{ subscription: WebhookSubscription; secret: string }> {
  const url = checkTargetUrl(input.url, deps.allowPrivateTargets).toString();
  const id = `wh_${randomBytes(10).toString('hex')}`;
  const secret = generateSecret();
  const subscription: WebhookSubscription = {
    id,
    teamId: team.id,
    workspaceId: team.workspaceId,
    url,
    events: [...new Set(input.events)],
    description: input.description ?? null,
    status: 'enabled',
    disabledReason: null,
    createdAt: now.toISOString(),
    secrets: [{ sealed: deps.box.seal(secret, id), createdAt: now.toISOString(), expiresAt: null }],
    failingSince: null,
  };
  const audit = webhookAudit('webhook.created', team, id, actor, now, { events: subscription.events });
  if (!(await deps.store.createSubscription(subscription, MAX_SUBSCRIPTIONS_PER_TEAM, audit))) {
    throw new ConflictError(`The workspace already has ${MAX_SUBSCRIPTIONS_PER_TEAM} webhooks; delete one first`);
  }
  return { subscription, secret };
}

export async function requireSubscription(
  store: Pick<WebhookStore, 'getSubscription'>,
  team: Team,
  webhookId: string,
): Promise<WebhookSubscription> {
  const subscription = await store.getSubscription(team.id, webhookId);
  if (!subscription) throw new NotFoundError(`No webhook ${webhookId} in this workspace`);
  return subscription;
}

export async function deleteSubscription(store: WebhookStore, team: Team, webhookId: string, actor: AuditActor, now: Date): Promise<void> {
  if (!(await store.deleteSubscription(team.id, webhookId, webhookAudit('webhook.deleted', team, webhookId, actor, now))))
    throw new NotFoundError(`No webhook ${webhookId} in this workspace`);
}

/**
 * A new secret signs from now on; the current one keeps signing beside it for 24 hours, so a
 * receiver can switch at its own pace (it accepts either signature meanwhile). Secrets older than
 * that are dropped.
 */
export async function rotateSecret(
  deps: SubscriptionDeps,
  team: Team,
  webhookId: string,
  now: Date,
  actor: AuditActor,
): Promise<{ subscription: WebhookSubscription; secret: string }> {
  const subscription = await requireSubscription(deps.store, team, webhookId);
  const secret = generateSecret();
  const until = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString();
  const kept: SealedSecret[] = subscription.secrets
    .filter((s) => s.expiresAt === null || s.expiresAt > now.toISOString())
    .map((s) => ({ ...s, expiresAt: s.expiresAt ?? until }));
  const secrets = [{ sealed: deps.box.seal(secret, webhookId), createdAt: now.toISOString(), expiresAt: null }, ...kept];
  const audit = webhookAudit('webhook.secret_rotated', team, webhookId, actor, now);
  if (!(await deps.store.replaceSecrets(team.id, webhookId, secrets, audit)))
    throw new NotFoundError(`No webhook ${webhookId} in this workspace`);
  return { subscription: { ...subscription, secrets }, secret };
}

/**
 * Enables a webhook again, as it was (id, secrets, events), with its failures forgotten: the
 * three-day window starts afresh at its next failure. Events of the time it was disabled are not
 * replayed (each delivery can be redelivered). Enabling an enabled webhook changes nothing.
 */
export async function enableSubscription(
  store: WebhookStore,
  team: Team,
  webhookId: string,
  actor: AuditActor,
  now: Date,
): Promise<WebhookSubscription> {
  const subscription = await requireSubscription(store, team, webhookId);
  if (subscription.status === 'enabled') return subscription;
  const audit = webhookAudit('webhook.enabled', team, webhookId, actor, now, { disabled_reason: subscription.disabledReason ?? '' });
  if (!(await store.enableSubscription(team.id, webhookId, audit))) throw new NotFoundError(`No webhook ${webhookId} in this workspace`);
  return { ...subscription, status: 'enabled', disabledReason: null, failingSince: null };
}

/** The secrets that sign a delivery now, newest first. */
export function activeSecrets(box: SecretBox, subscription: WebhookSubscription, now: Date): string[] {
  return subscription.secrets
    .filter((s) => s.expiresAt === null || s.expiresAt > now.toISOString())
    .map((s) => box.open(s.sealed, subscription.id));
}

/** Queues a `webhook.test` delivery to this subscription alone, attempted at once. */
export async function sendTestEvent(deps: { store: WebhookStore; queue: MessageQueue }, team: Team, webhookId: string, now: Date) {
  const subscription = await requireSubscription(deps.store, team, webhookId);
  if (subscription.status !== 'enabled') throw new ConflictError('The webhook is disabled', 'status');
  const eventId = `evt_test_${randomBytes(10).toString('hex')}`;
  const payload = {
    event: TEST_EVENT_TYPE,
    event_id: eventId,
    occurred_at: now.toISOString(),
    team_id: team.id,
    webhook_id: webhookId,
  };
  const delivery = newDelivery(subscription, eventId, TEST_EVENT_TYPE, payload, now);
  await deps.store.createDelivery(delivery, expiresAt(now));
  await deps.queue.send([{ body: attemptMessage(delivery, 1) }]);
  return delivery;
}

/**
 * Sends a delivery again with the same `webhook-id` (a receiver that processed it already
 * recognises it): a settled delivery starts a new run of attempts (with its own retries); a
 * pending one has its next attempt made now instead of at its scheduled time.
 */
export async function redeliver(
  deps: { store: WebhookStore; queue: MessageQueue },
  team: Team,
  webhookId: string,
  deliveryId: string,
  now: Date,
) {
  const subscription = await requireSubscription(deps.store, team, webhookId);
  if (subscription.status !== 'enabled') throw new ConflictError('The webhook is disabled', 'status');
  const delivery = await deps.store.getDelivery(webhookId, deliveryId);
  if (!delivery || delivery.teamId !== team.id) throw new NotFoundError(`No delivery ${deliveryId} for webhook ${webhookId}`);
  if (delivery.state !== 'pending') await deps.store.reopen(webhookId, deliveryId, delivery.nextAttempt, now.toISOString());
  await deps.queue.send([{ body: attemptMessage(delivery, delivery.nextAttempt) }]);
  return (await deps.store.getDelivery(webhookId, deliveryId)) ?? delivery;
}

export function expiresAt(now: Date): number {
  return Math.floor(now.getTime() / 1000) + DELIVERY_RETENTION_DAYS * 24 * 3600;
}
