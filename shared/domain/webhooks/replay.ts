import { randomBytes } from 'node:crypto';
import { type AuditActor, newAuditEntry } from '#shared/domain/audit-log/entry';
import type { Team } from '#shared/domain/tenancy';
import { BadRequestError, ConflictError, NotFoundError } from '#shared/errors';
import type { MessageQueue } from '#shared/ports/message-queue';
import { OUTBOX_HISTORY_DAYS, type OutboxHistory, type SentEvent } from '#shared/ports/outbox';
import type { WebhookStore } from '#shared/ports/webhook-store';
import { deliveryIdFor, newDelivery } from './deliveries';
import { createAndQueue } from './dispatch';
import type { WebhookDelivery, WebhookEventType, WebhookReplay, WebhookSubscription } from './model';
import { requireSubscription } from './subscriptions';

/**
 * Webhook replay (POST /v1/webhooks/{id}/replay): every event of a subscription's types that the
 * outbox published for its team in a range, delivered to it again, signed as usual, its body
 * marked `replay: true`. The route records the replay (queued, with its audit entry in the same
 * write) and queues it; the dispatcher works through the team's outbox history page by page
 * (runReplay), recording its position after each page, so a crash resumes at the last recorded
 * page and each event becomes one delivery per replay (its id derived from event, subscription
 * and replay) however often a page runs.
 */
/** The queue message that asks the dispatcher to go on with a replay. */
export interface ReplayMessage {
  readonly kind: 'webhook-replay';
  readonly team_id: number;
  readonly webhook_id: string;
  readonly replay_id: string;
}

export function isReplayMessage(body: unknown): body is ReplayMessage {
  const b = body as Partial<ReplayMessage> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    b.kind === 'webhook-replay' &&
    typeof b.team_id === 'number' &&
    typeof b.webhook_id === 'string' &&
    typeof b.replay_id === 'string'
  );
}

function replayMessage(replay: WebhookReplay): Record<string, unknown> {
  return { kind: 'webhook-replay', team_id: replay.teamId, webhook_id: replay.webhookId, replay_id: replay.id } satisfies ReplayMessage;
}

export interface ReplayRequest {
  readonly since: string;
  readonly until?: string | undefined;
  readonly types?: readonly WebhookEventType[] | undefined;
}

/** The range and types a request asks for, checked against the subscription and the history kept. */
export function replayScope(subscription: WebhookSubscription, input: ReplayRequest, now: Date) {
  const since = new Date(input.since);
  const until = input.until === undefined ? now : new Date(input.until);
  const oldest = now.getTime() - OUTBOX_HISTORY_DAYS * 86_400_000;
  if (since.getTime() < oldest) {
    throw new BadRequestError(`since must be within the last ${OUTBOX_HISTORY_DAYS} days (events are kept that long)`, 'since');
  }
  if (since.getTime() >= until.getTime()) throw new BadRequestError('until must be later than since', 'until');
  const types = input.types === undefined ? [...subscription.events] : [...new Set(input.types)];
  const foreign = types.filter((type) => !subscription.events.includes(type));
  if (foreign.length > 0) {
    throw new BadRequestError(`types must be among the webhook's events; it is not subscribed to ${foreign.join(', ')}`, 'types');
  }
  return { since: since.toISOString(), until: until.toISOString(), types };
}

/** Records the replay, queued, with its `webhook.replayed` audit entry in the same write, then queues it. */
export async function startReplay(
  deps: { store: WebhookStore; queue: MessageQueue },
  team: Team,
  webhookId: string,
  input: ReplayRequest,
  context: { now: Date; actor: AuditActor },
): Promise<WebhookReplay> {
  const subscription = await requireSubscription(deps.store, team, webhookId);
  if (subscription.status !== 'enabled') throw new ConflictError('The webhook is disabled', 'status');
  const scope = replayScope(subscription, input, context.now);
  const replay: WebhookReplay = {
    id: `rpl_${randomBytes(10).toString('hex')}`,
    webhookId,
    teamId: team.id,
    ...scope,
    status: 'queued',
    eventsFound: 0,
    eventsDelivered: 0,
    position: null,
    createdAt: context.now.toISOString(),
    completedAt: null,
  };
  const audit = newAuditEntry(
    {
      enterpriseId: team.enterpriseId,
      teamIds: [team.id],
      action: 'webhook.replayed',
      actor: context.actor,
      target: { type: 'webhook', id: webhookId },
      detail: { replay_id: replay.id, since: scope.since, until: scope.until, types: scope.types },
    },
    context.now,
  );
  await deps.store.createReplay(replay, audit);
  await deps.queue.send([{ body: replayMessage(replay) }]);
  return replay;
}

/** A replay of one of the team's webhooks; another team's answers 404 like an unknown one. */
export async function requireReplay(store: WebhookStore, team: Team, webhookId: string, replayId: string): Promise<WebhookReplay> {
  const subscription = await requireSubscription(store, team, webhookId);
  const replay = await store.getReplay(subscription.id, replayId);
  if (!replay || replay.teamId !== team.id) throw new NotFoundError(`No replay ${replayId} of webhook ${webhookId}`);
  return replay;
}

export interface ReplayDeps {
  readonly store: WebhookStore;
  readonly history: OutboxHistory;
  readonly queue: MessageQueue;
  readonly now: () => Date;
}

/** Events read from the history per page, and pages per message before it queues its continuation. */
export const REPLAY_PAGE_SIZE = 100;
const PAGES_PER_MESSAGE = 10;

/**
 * Goes on with a replay from its recorded position: each page of the history becomes deliveries
 * (created once, queued while no attempt claimed them) and then the new position and counts, a
 * write conditional on the position it started from (a second receive of the same message counts
 * nothing twice). After PAGES_PER_MESSAGE pages it queues its own continuation, so no message
 * holds the dispatcher for long. A deleted webhook ends the replay as it stands.
 */
export async function runReplay(deps: ReplayDeps, message: ReplayMessage): Promise<void> {
  let replay = await deps.store.getReplay(message.webhook_id, message.replay_id);
  if (!replay || replay.teamId !== message.team_id) return;
  for (let page = 0; replay && replay.status !== 'completed'; page++) {
    if (page === PAGES_PER_MESSAGE) {
      await deps.queue.send([{ body: replayMessage(replay) }]);
      return;
    }
    const next = await replayPage(deps, replay);
    replay = (await deps.store.advanceReplay(next, replay.position)) ? next : await deps.store.getReplay(replay.webhookId, replay.id);
  }
}

/** The deliveries of the page after the replay's position, and the replay as it stands after it. */
async function replayPage(deps: ReplayDeps, replay: WebhookReplay): Promise<WebhookReplay> {
  const subscription = await deps.store.getSubscription(replay.teamId, replay.webhookId);
  const rows = subscription ? await deps.history.listSent(replay.teamId, replay, { after: replay.position, limit: REPLAY_PAGE_SIZE }) : [];
  const types: readonly string[] = replay.types;
  const events = rows.map((row) => row.event).filter((event) => types.includes(event.type));
  if (subscription) {
    const now = deps.now();
    await createAndQueue(
      deps,
      events.map((event) => replayDelivery(subscription, replay.id, event, now)),
      now,
    );
  }
  const last = rows.length < REPLAY_PAGE_SIZE;
  return {
    ...replay,
    status: last ? 'completed' : 'running',
    eventsFound: replay.eventsFound + events.length,
    position: rows.at(-1)?.position ?? replay.position,
    completedAt: last ? deps.now().toISOString() : null,
  };
}

/**
 * A replay's delivery of one event: the event's own body with `replay: true`, under a webhook-id of
 * its own (derived from event, subscription and replay), so the original delivery's log stays as
 * it was and a receiver can tell the replay from the first delivery; event_id is the original's.
 */
export function replayDelivery(subscription: WebhookSubscription, replayId: string, event: SentEvent, now: Date): WebhookDelivery {
  const delivery = newDelivery(subscription, event.eventId, event.type, { ...event.detail, replay: true }, now);
  return { ...delivery, id: deliveryIdFor(`${event.eventId}#${replayId}`, subscription.id), replayId };
}
