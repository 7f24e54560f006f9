import * as z from 'zod/mini';
import {
  DELIVERY_STATES,
  type DeliveryAttempt,
  type DeliveryState,
  isWebhookEventType,
  type SealedSecret,
  type SubscriptionStatus,
  type WebhookDelivery,
  type WebhookSubscription,
} from '#shared/domain/webhooks/model';
import { atLoad } from '#shared/lazy';
import { teamPk } from './keys';
import { type Item, parseStoredItem } from './query';
import { storedNullableNumber, storedNumber, storedOptionalText, storedText, storedTextOrNull, storedTexts } from './stored-members';

/**
 * The items of the webhooks table (webhook-store.ts) and their mapping to and from the domain's
 * subscriptions and deliveries: attribute names are the table's business, so the domain model
 * can change without rewriting stored items, and the reverse. The items are type aliases, not
 * interfaces: plain records, as the document client writes and reads them (Record<string, unknown>).
 */
export const subSk = (id: string) => `WEBHOOK#${id}`;
export const deliveryPk = (webhookId: string) => `WEBHOOK#${webhookId}`;
export const deliverySk = (id: string) => `DELIVERY#${id}`;

const storedSecret = /* @__PURE__ */ atLoad(() =>
  z.object({ sealed: storedText, createdAt: storedText, expiresAt: storedTextOrNull }),
) satisfies z.ZodMiniType<SealedSecret>;

/**
 * A subscription's attributes as stored, in its team's partition; `failingSince` is absent (never
 * null) until a failure (markFailing sets it with if_not_exists).
 */
const storedSubscription = /* @__PURE__ */ atLoad(() =>
  z.object({
    webhookId: storedText,
    teamId: storedNumber,
    workspaceId: storedText,
    url: storedText,
    events: storedTexts,
    description: storedTextOrNull,
    status: z.enum(['enabled', 'disabled']),
    disabledReason: storedTextOrNull,
    createdAt: storedText,
    secrets: z._default(z.array(storedSecret), []),
    failingSince: storedOptionalText,
  }),
) satisfies z.ZodMiniType<{ status: SubscriptionStatus }>;

type SubscriptionItem = { readonly pk: string; readonly sk: string } & z.input<typeof storedSubscription>;

const storedAttempt = /* @__PURE__ */ atLoad(() =>
  z.object({
    attempt: storedNumber,
    at: storedText,
    statusCode: z._default(storedNullableNumber, null),
    latencyMs: storedNumber,
    error: storedTextOrNull,
  }),
) satisfies z.ZodMiniType<DeliveryAttempt>;

/**
 * A delivery's attributes as stored, in its subscription's partition, with its list keys and TTL;
 * `claimedAt` is set when an attempt is claimed, `replayId` only on a replay's delivery.
 */
const storedDelivery = /* @__PURE__ */ atLoad(() =>
  z.object({
    deliveryId: storedText,
    webhookId: storedText,
    teamId: storedNumber,
    eventId: storedText,
    eventType: storedText,
    payload: storedText,
    state: z.enum(DELIVERY_STATES),
    attempts: z._default(z.array(storedAttempt), []),
    nextAttempt: storedNumber,
    claimedAttempt: storedNumber,
    claimedAt: storedOptionalText,
    runStart: storedNumber,
    nextAttemptAt: storedTextOrNull,
    createdAt: storedText,
    replayId: storedOptionalText,
  }),
) satisfies z.ZodMiniType<{ state: DeliveryState }>;

type DeliveryItem = {
  readonly pk: string;
  readonly sk: string;
  readonly listPk: string;
  readonly listSk: string;
  readonly expiresAt: number;
} & z.input<typeof storedDelivery>;

type SecretItem = z.input<typeof storedSecret>;
type AttemptItem = z.input<typeof storedAttempt>;

export function toSecretItem(s: SealedSecret): SecretItem {
  return { sealed: s.sealed, createdAt: s.createdAt, expiresAt: s.expiresAt };
}

export function toAttemptItem(a: DeliveryAttempt): AttemptItem {
  return { attempt: a.attempt, at: a.at, statusCode: a.statusCode, latencyMs: a.latencyMs, error: a.error };
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

export function fromSubscriptionItem(raw: Item): WebhookSubscription {
  const item = parseStoredItem(storedSubscription, raw, 'webhook subscription');
  return {
    id: item.webhookId,
    teamId: item.teamId,
    workspaceId: item.workspaceId,
    url: item.url,
    // A type no longer offered stays stored but is never matched again.
    events: item.events.filter(isWebhookEventType),
    description: item.description,
    status: item.status,
    disabledReason: item.disabledReason,
    createdAt: item.createdAt,
    secrets: item.secrets,
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

export function fromDeliveryItem(raw: Item): WebhookDelivery {
  const item = parseStoredItem(storedDelivery, raw, 'webhook delivery');
  return {
    id: item.deliveryId,
    webhookId: item.webhookId,
    teamId: item.teamId,
    eventId: item.eventId,
    eventType: item.eventType,
    payload: item.payload,
    state: item.state,
    attempts: item.attempts,
    nextAttempt: item.nextAttempt,
    claimedAttempt: item.claimedAttempt,
    runStart: item.runStart,
    nextAttemptAt: item.nextAttemptAt,
    createdAt: item.createdAt,
    replayId: item.replayId ?? null,
  };
}

/** Where a delivery's attempts stand, with when the claimed one began sending (absent until a claim). */
export function deliveryClaimOf(raw: Item): Pick<WebhookDelivery, 'state' | 'nextAttempt' | 'claimedAttempt'> & { claimedAt?: string } {
  const { state, nextAttempt, claimedAttempt, claimedAt } = parseStoredItem(storedDelivery, raw, 'webhook delivery');
  return { state, nextAttempt, claimedAttempt, ...(claimedAt === undefined ? {} : { claimedAt }) };
}
