import {
  type DeliveryAttempt,
  type DeliveryState,
  isWebhookEventType,
  type SealedSecret,
  type SubscriptionStatus,
  type WebhookDelivery,
  type WebhookSubscription,
} from '#shared/domain/webhooks/model';
import { teamPk } from './keys';

/**
 * The items of the webhooks table (webhook-store.ts) and their mapping to and from the domain's
 * subscriptions and deliveries: attribute names are the table's business, so the domain model
 * can change without rewriting stored items, and the reverse. The items are type aliases, not
 * interfaces: plain records, as the document client writes and reads them (Record<string, unknown>).
 */
export const subSk = (id: string) => `WEBHOOK#${id}`;
export const deliveryPk = (webhookId: string) => `WEBHOOK#${webhookId}`;
export const deliverySk = (id: string) => `DELIVERY#${id}`;

/** A subscription as stored, in its team's partition. */
export type SubscriptionItem = {
  readonly pk: string;
  readonly sk: string;
  readonly webhookId: string;
  readonly teamId: number;
  readonly workspaceId: string;
  readonly url: string;
  readonly events: string[];
  readonly description: string | null;
  readonly status: SubscriptionStatus;
  readonly disabledReason: string | null;
  readonly createdAt: string;
  readonly secrets: SecretItem[];
  /** Absent (never null) until a failure: markFailing sets it with if_not_exists. */
  readonly failingSince?: string;
};

type SecretItem = {
  readonly sealed: string;
  readonly createdAt: string;
  readonly expiresAt: string | null;
};

/** A delivery as stored, in its subscription's partition, with its list keys and TTL. */
export type DeliveryItem = {
  readonly pk: string;
  readonly sk: string;
  readonly deliveryId: string;
  readonly webhookId: string;
  readonly teamId: number;
  readonly eventId: string;
  readonly eventType: string;
  readonly payload: string;
  readonly state: DeliveryState;
  readonly attempts: AttemptItem[];
  readonly nextAttempt: number;
  readonly claimedAttempt: number;
  /** When the claimed attempt began sending; set by claimAttempt. */
  readonly claimedAt?: string;
  readonly runStart: number;
  readonly nextAttemptAt: string | null;
  readonly createdAt: string;
  readonly listPk: string;
  readonly listSk: string;
  readonly expiresAt: number;
  /** Present on a replay's delivery only. */
  readonly replayId?: string;
};

type AttemptItem = {
  readonly attempt: number;
  readonly at: string;
  readonly statusCode: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
};

export function toSecretItem(s: SealedSecret): SecretItem {
  return { sealed: s.sealed, createdAt: s.createdAt, expiresAt: s.expiresAt };
}

function fromSecretItem(item: SecretItem): SealedSecret {
  return { sealed: item.sealed, createdAt: item.createdAt, expiresAt: item.expiresAt ?? null };
}

export function toAttemptItem(a: DeliveryAttempt): AttemptItem {
  return { attempt: a.attempt, at: a.at, statusCode: a.statusCode, latencyMs: a.latencyMs, error: a.error };
}

function fromAttemptItem(item: AttemptItem): DeliveryAttempt {
  return {
    attempt: item.attempt,
    at: item.at,
    statusCode: item.statusCode ?? null,
    latencyMs: item.latencyMs,
    error: item.error ?? null,
  };
}

export function toSubscriptionItem(s: WebhookSubscription): SubscriptionItem {
  return {
    pk: teamPk(s.teamId),
    sk: subSk(s.id),
    webhookId: s.id,
    teamId: s.teamId,
    workspaceId: s.workspaceId,
    url: s.url,
    events: [...s.events],
    description: s.description,
    status: s.status,
    disabledReason: s.disabledReason,
    createdAt: s.createdAt,
    secrets: s.secrets.map(toSecretItem),
    ...(s.failingSince ? { failingSince: s.failingSince } : {}),
  };
}

export function fromSubscriptionItem(item: SubscriptionItem): WebhookSubscription {
  return {
    id: item.webhookId,
    teamId: item.teamId,
    workspaceId: item.workspaceId,
    url: item.url,
    // A type no longer offered stays stored but is never matched again.
    events: item.events.filter(isWebhookEventType),
    description: item.description ?? null,
    status: item.status,
    disabledReason: item.disabledReason ?? null,
    createdAt: item.createdAt,
    secrets: (item.secrets ?? []).map(fromSecretItem),
    failingSince: item.failingSince ?? null,
  };
}

export function toDeliveryItem(d: WebhookDelivery, expiresAtEpochSeconds: number): DeliveryItem {
  return {
    pk: deliveryPk(d.webhookId),
    sk: deliverySk(d.id),
    deliveryId: d.id,
    webhookId: d.webhookId,
    teamId: d.teamId,
    eventId: d.eventId,
    eventType: d.eventType,
    payload: d.payload,
    state: d.state,
    attempts: d.attempts.map(toAttemptItem),
    nextAttempt: d.nextAttempt,
    claimedAttempt: d.claimedAttempt,
    runStart: d.runStart,
    nextAttemptAt: d.nextAttemptAt,
    createdAt: d.createdAt,
    listPk: deliveryPk(d.webhookId),
    listSk: `${d.createdAt}#${d.id}`,
    expiresAt: expiresAtEpochSeconds,
    ...(d.replayId === null ? {} : { replayId: d.replayId }),
  };
}

export function fromDeliveryItem(item: DeliveryItem): WebhookDelivery {
  return {
    id: item.deliveryId,
    webhookId: item.webhookId,
    teamId: item.teamId,
    eventId: item.eventId,
    eventType: item.eventType,
    payload: item.payload,
    state: item.state,
    attempts: (item.attempts ?? []).map(fromAttemptItem),
    nextAttempt: item.nextAttempt,
    claimedAttempt: item.claimedAttempt,
    runStart: item.runStart,
    nextAttemptAt: item.nextAttemptAt ?? null,
    createdAt: item.createdAt,
    replayId: item.replayId ?? null,
  };
}
