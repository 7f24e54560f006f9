import * as z from 'zod/mini';
import { WEBHOOK_EVENT_TYPES } from '#shared/domain/webhooks/model';
import { MAX_URL_LENGTH } from '#shared/domain/webhooks/target-address';
import { atLoad } from '#shared/lazy';
import { WEBHOOK_ROUTES } from '#shared/route-table/webhooks';
import { v1PageMembers } from '#shared/schemas/query-parts';
import { defineContract, type ResponseSchema, type ResponseZod, responseSchema } from './contract';
import { idempotencyKeyHeader, workspaceHeader } from './headers';
import { count, cursorPagination, dateTime, nullableDateTime, nullableString, requestMeta } from './responses';

/**
 * Webhook subscriptions and deliveries (functions/*-webhook*, list-webhook-deliveries,
 * redeliver-webhook). Platform surface: the workspace (X-Workspace-ID) owns its webhooks; another
 * workspace's webhook answers 404 like an unknown one.
 */
const MAX_BODY_BYTES = 16 * 1024;

const webhookId = () =>
  z.string().check(z.minLength(1), z.maxLength(64), z.describe('The webhook’s id (wh_…), as POST /v1/webhooks answered it'));
const webhookPath = /* @__PURE__ */ atLoad(() => z.object({ webhookId: webhookId() }));
const deliveryPath = /* @__PURE__ */ atLoad(() =>
  z.object({
    webhookId: webhookId(),
    deliveryId: z.string().check(z.minLength(1), z.maxLength(64), z.describe('The delivery’s id (msg_…): its webhook-id header')),
  }),
);

export const createWebhookBody = /* @__PURE__ */ atLoad(() =>
  z.strictObject({
    url: z
      .string({ error: 'is required' })
      .check(
        z.minLength(1, { error: 'is required' }),
        z.maxLength(MAX_URL_LENGTH),
        z.describe('The endpoint: https, on a public address (checked again before every delivery)'),
      ),
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }), { error: 'is required' })
      .check(
        z.minLength(1, { error: 'must name at least one event type' }),
        z.maxLength(WEBHOOK_EVENT_TYPES.length * 2),
        z.describe('The event types to deliver'),
      ),
    description: z.nullable(z.optional(z.string().check(z.maxLength(500)))),
  }),
);

const ignoredBody = /* @__PURE__ */ atLoad(() =>
  z.record(z.string(), z.unknown()).check(z.describe('Ignored: the route takes no body (one that is sent must still be a JSON object)')),
);

const replayPath = /* @__PURE__ */ atLoad(() =>
  z.object({
    webhookId: webhookId(),
    replayId: z
      .string()
      .check(z.minLength(1), z.maxLength(64), z.describe('The replay’s id (rpl_…), as POST /v1/webhooks/{webhookId}/replay answered it')),
  }),
);

export const replayWebhookBody = /* @__PURE__ */ atLoad(() =>
  z.strictObject({
    since: z.iso
      .datetime({ offset: true, error: 'must be an ISO 8601 instant (e.g. 2026-11-23T00:00:00Z)' })
      .check(z.describe('Replay events published at or after this instant; at most 30 days ago (the outbox keeps its history that long)')),
    until: z
      .optional(z.iso.datetime({ offset: true, error: 'must be an ISO 8601 instant (e.g. 2026-11-24T00:00:00Z)' }))
      .check(z.describe('Replay events published before this instant; later than since. Default: now')),
    types: z
      .optional(
        z
          .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
          .check(z.minLength(1, { error: 'must name at least one event type' }), z.maxLength(WEBHOOK_EVENT_TYPES.length * 2)),
      )
      .check(z.describe('The event types to replay, among the webhook’s own. Default: all of the webhook’s types')),
  }),
);

const deliveriesQuery = /* @__PURE__ */ atLoad(() => z.object({ ...v1PageMembers }));

// ---------------------------------------------------------------------------------------------
// Responses (shared/presenters/webhooks.ts)

const webhookMembers = (z: ResponseZod) => ({
  id: z.string().describe('wh_ followed by 20 hexadecimal characters'),
  url: z.string(),
  events: z.array(z.enum([...WEBHOOK_EVENT_TYPES])),
  description: nullableString(),
  status: z.enum(['enabled', 'disabled']).describe('disabled: the endpoint answered 410, or failed every delivery for three days'),
  disabled_reason: nullableString(),
  created_at: dateTime(),
});

export const webhook = /* @__PURE__ */ responseSchema((z) => z.strictObject(webhookMembers(z)).describe('A webhook subscription'));

export const webhookWithSecret = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      ...webhookMembers(z),
      secret: z
        .string()
        .regex(/^whsec_[A-Za-z0-9+/=]+$/)
        .describe('The signing secret (Standard Webhooks): shown only in this answer'),
    })
    .describe('A webhook subscription with its new signing secret'),
);

export const webhookDelivery = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      id: z.string().describe('The webhook-id header of every attempt (msg_ followed by 24 hexadecimal characters)'),
      webhook_id: z.string(),
      event_id: z.string(),
      event_type: z.string(),
      state: z.enum(['pending', 'succeeded', 'failed']).describe('pending: an attempt is due or scheduled'),
      created_at: dateTime(),
      next_attempt_at: nullableDateTime().describe('When the next attempt is due (pending only)'),
      attempts: z.array(
        z.strictObject({
          attempt: count(),
          at: dateTime(),
          status_code: z
            .int()
            .nullable()
            .describe('The endpoint’s status; null when it did not answer (refused address, timeout, connection)'),
          latency_ms: count(),
          error: nullableString(),
        }),
      ),
      replay_id: nullableString().describe(
        'The replay that delivered this event again (its body says `replay: true`); null for a live event',
      ),
    })
    .describe('One event delivered to one webhook, with every attempt'),
);

export const webhookReplay = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      id: z.string().describe('rpl_ followed by 20 hexadecimal characters'),
      webhook_id: z.string(),
      since: dateTime(),
      until: dateTime(),
      types: z.array(z.enum([...WEBHOOK_EVENT_TYPES])),
      status: z
        .enum(['queued', 'running', 'completed'])
        .describe('completed: every event of the range is a delivery (listed in the deliveries log with this replay_id)'),
      events_found: count().describe('Events of the range and types found so far, each delivered again'),
      events_delivered: count().describe('Of those, the deliveries the endpoint answered with a 2xx'),
      created_at: dateTime(),
      completed_at: nullableDateTime(),
    })
    .describe('A replay of past events to one webhook, and its progress'),
);

const one = (schema: ResponseSchema, what: string) =>
  responseSchema((z) => z.strictObject({ data: schema(), meta: requestMeta() }).describe(what));

export const webhookResponse = /* @__PURE__ */ one(webhook, 'The webhook');
export const webhookSecretResponse = /* @__PURE__ */ one(webhookWithSecret, 'The webhook and its signing secret (shown only here)');
export const webhookDeliveryResponse = /* @__PURE__ */ one(webhookDelivery, 'The delivery');
export const webhookReplayResponse = /* @__PURE__ */ one(webhookReplay, 'The replay and its progress');
export const webhookListResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({ data: z.array(webhook()), meta: requestMeta() }).describe('The workspace’s webhooks, oldest first'),
);
export const webhookDeliveriesResponse = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({ data: z.array(webhookDelivery()), pagination: cursorPagination(), meta: requestMeta() })
    .describe('Deliveries, newest first'),
);
export const webhookDeletedResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({ data: z.strictObject({ id: z.string(), deleted: z.literal(true) }), meta: requestMeta() }),
);

// ---------------------------------------------------------------------------------------------
// Contracts

const notFound = 'No webhook with this id in the workspace (another workspace’s webhook answers the same)';

export const createWebhook = /* @__PURE__ */ defineContract(WEBHOOK_ROUTES, {
  routeId: 'createWebhook',
  headers: /* @__PURE__ */ atLoad(() => z.object(workspaceHeader)),
  body: { schema: createWebhookBody, maxBytes: MAX_BODY_BYTES },
  responses: { 201: webhookSecretResponse },
  errors: { 409: 'The workspace already has the maximum number of webhooks (20)' },
});

export const listWebhooks = /* @__PURE__ */ defineContract(WEBHOOK_ROUTES, {
  routeId: 'listWebhooks',
  headers: /* @__PURE__ */ atLoad(() => z.object(workspaceHeader)),
  responses: { 200: webhookListResponse },
});

export const getWebhook = /* @__PURE__ */ defineContract(WEBHOOK_ROUTES, {
  routeId: 'getWebhook',
  path: webhookPath,
  headers: /* @__PURE__ */ atLoad(() => z.object(workspaceHeader)),
  responses: { 200: webhookResponse },
  errors: { 404: notFound },
});

export const deleteWebhook = /* @__PURE__ */ defineContract(WEBHOOK_ROUTES, {
  routeId: 'deleteWebhook',
  path: webhookPath,
  headers: /* @__PURE__ */ atLoad(() => z.object(workspaceHeader)),
  responses: { 200: webhookDeletedResponse },
  errors: { 404: notFound },
});

export const rotateWebhookSecret = /* @__PURE__ */ defineContract(WEBHOOK_ROUTES, {
  routeId: 'rotateWebhookSecret',
  path: webhookPath,
  headers: /* @__PURE__ */ atLoad(() => z.object(workspaceHeader)),
  body: { schema: ignoredBody, maxBytes: MAX_BODY_BYTES, required: false },
  responses: { 200: webhookSecretResponse },
  errors: { 404: notFound },
});

export const enableWebhook = /* @__PURE__ */ defineContract(WEBHOOK_ROUTES, {
  routeId: 'enableWebhook',
  path: webhookPath,
  headers: /* @__PURE__ */ atLoad(() => z.object(workspaceHeader)),
  body: { schema: ignoredBody, maxBytes: MAX_BODY_BYTES, required: false },
  responses: { 200: webhookResponse },
  errors: { 404: notFound },
});

export const testWebhook = /* @__PURE__ */ defineContract(WEBHOOK_ROUTES, {
  routeId: 'testWebhook',
  path: webhookPath,
  headers: /* @__PURE__ */ atLoad(() => z.object({ ...idempotencyKeyHeader, ...workspaceHeader })),
  body: { schema: ignoredBody, maxBytes: MAX_BODY_BYTES, required: false },
  responses: { 202: webhookDeliveryResponse },
  errors: { 404: notFound, 409: 'The webhook is disabled (field status)' },
});

export const listWebhookDeliveries = /* @__PURE__ */ defineContract(WEBHOOK_ROUTES, {
  routeId: 'listWebhookDeliveries',
  path: webhookPath,
  query: deliveriesQuery,
  headers: /* @__PURE__ */ atLoad(() => z.object(workspaceHeader)),
  responses: { 200: webhookDeliveriesResponse },
  errors: { 404: notFound },
});

export const redeliverWebhook = /* @__PURE__ */ defineContract(WEBHOOK_ROUTES, {
  routeId: 'redeliverWebhook',
  path: deliveryPath,
  headers: /* @__PURE__ */ atLoad(() => z.object({ ...idempotencyKeyHeader, ...workspaceHeader })),
  body: { schema: ignoredBody, maxBytes: MAX_BODY_BYTES, required: false },
  responses: { 202: webhookDeliveryResponse },
  errors: { 404: 'No such webhook in the workspace, or no such delivery of it', 409: 'The webhook is disabled (field status)' },
});

export const replayWebhook = /* @__PURE__ */ defineContract(WEBHOOK_ROUTES, {
  routeId: 'replayWebhook',
  path: webhookPath,
  headers: /* @__PURE__ */ atLoad(() => z.object({ ...idempotencyKeyHeader, ...workspaceHeader })),
  body: { schema: replayWebhookBody, maxBytes: MAX_BODY_BYTES },
  responses: { 202: webhookReplayResponse },
  errors: { 404: notFound, 409: 'The webhook is disabled (field status)' },
});

export const getWebhookReplay = /* @__PURE__ */ defineContract(WEBHOOK_ROUTES, {
  routeId: 'getWebhookReplay',
  path: replayPath,
  headers: /* @__PURE__ */ atLoad(() => z.object(workspaceHeader)),
  responses: { 200: webhookReplayResponse },
  errors: { 404: 'No such webhook in the workspace, or no such replay of it' },
});

export const WEBHOOK_COMPONENTS = {
  Webhook: webhook,
  WebhookWithSecret: webhookWithSecret,
  WebhookDelivery: webhookDelivery,
  WebhookReplay: webhookReplay,
} as const satisfies Record<string, ResponseSchema>;
