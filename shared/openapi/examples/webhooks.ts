import type { OperationExamplesById } from './types';

/** The subscription as the routes answer it (creation and rotation add its secret). */
const SUBSCRIPTION = {
  id: 'wh_55edd20745d473bf11ca',
  url: 'https://hooks.example.com/lead-events',
  events: ['lead.created', 'sms_campaign.completed'],
  description: null,
  status: 'enabled',
  disabled_reason: null,
  created_at: '2026-11-23T08:17:41.254Z',
};

/** A test delivery whose first attempt failed, waiting for its retry. */
const FAILED_ONCE_DELIVERY = {
  id: 'msg_9c85bb5b5e5ddb66c88eb600',
  webhook_id: 'wh_55edd20745d473bf11ca',
  event_id: 'evt_test_5c39b0a34eea32464848',
  event_type: 'webhook.test',
  state: 'pending',
  created_at: '2026-11-23T08:17:41.335Z',
  next_attempt_at: '2026-11-23T08:17:46.296Z',
  attempts: [
    {
      attempt: 1,
      at: '2026-11-23T08:17:41.351Z',
      status_code: null,
      latency_ms: 4,
      error: 'getaddrinfo ENOTFOUND hooks.example.com',
    },
  ],
  replay_id: null,
};

/** A replay of a day of lead.created events, completed. */
const REPLAY = {
  id: 'rpl_4b1f0c9e8d7a6b5c4d3e',
  webhook_id: 'wh_55edd20745d473bf11ca',
  since: '2026-11-22T00:00:00.000Z',
  until: '2026-11-23T00:00:00.000Z',
  types: ['lead.created'],
  status: 'completed',
  events_found: 42,
  events_delivered: 41,
  created_at: '2026-11-23T08:20:00.004Z',
  completed_at: '2026-11-23T08:20:03.518Z',
};

/**
 * The routes that act on a subscription or a delivery take no body; one that is sent is ignored
 * but must still be a JSON object, so the example shows the empty object a client may send.
 */
const NO_BODY = { default: { summary: 'No body is needed; an empty JSON object is accepted and ignored', value: {} } };

/** Webhook subscriptions and their delivery log. */
export const WEBHOOKS_EXAMPLES: OperationExamplesById = {
  createWebhook: {
    request: {
      default: {
        summary: 'Subscribe an HTTPS endpoint to two event types',
        value: {
          url: 'https://hooks.example.com/lead-events',
          events: ['lead.created', 'sms_campaign.completed'],
        },
      },
    },
    responses: {
      '201': {
        default: {
          summary: 'The subscription, with its signing secret (shown only here and on rotation)',
          value: {
            data: { ...SUBSCRIPTION, secret: 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYX' },
            meta: {
              request_id: 'de11e216-08d6-40af-b2d2-7772d0589e11',
              timestamp: '2026-11-23T08:17:41.262Z',
            },
          },
        },
      },
    },
  },
  rotateWebhookSecret: {
    request: NO_BODY,
    responses: {
      '200': {
        default: {
          summary: 'The subscription with its new signing secret',
          value: {
            data: { ...SUBSCRIPTION, secret: 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYX' },
            meta: {
              request_id: 'c09c454b-43ab-4ace-b77e-2dad55e62024',
              timestamp: '2026-11-23T08:17:41.311Z',
            },
          },
        },
      },
    },
  },
  enableWebhook: {
    request: NO_BODY,
    responses: {
      '200': {
        default: {
          summary: 'The webhook enabled again, with its id, secrets and events',
          value: {
            data: SUBSCRIPTION,
            meta: {
              request_id: '0f6e1d2c-3b4a-4958-8a7b-6c5d4e3f2a1b',
              timestamp: '2026-11-23T08:17:41.322Z',
            },
          },
        },
      },
    },
  },
  testWebhook: {
    request: NO_BODY,
    responses: {
      '202': {
        default: {
          summary: 'A webhook.test delivery queued',
          value: {
            data: {
              id: 'msg_9c85bb5b5e5ddb66c88eb600',
              webhook_id: 'wh_55edd20745d473bf11ca',
              event_id: 'evt_test_5c39b0a34eea32464848',
              event_type: 'webhook.test',
              state: 'pending',
              created_at: '2026-11-23T08:17:41.335Z',
              next_attempt_at: '2026-11-23T08:17:41.335Z',
              attempts: [],
              replay_id: null,
            },
            meta: {
              request_id: 'eb1e9e37-2654-4164-a5da-9b3d9f3d7a88',
              timestamp: '2026-11-23T08:17:41.344Z',
            },
          },
        },
      },
    },
  },
  redeliverWebhook: {
    request: NO_BODY,
    responses: {
      '202': {
        default: {
          summary: 'The delivery queued again, same webhook-id',
          value: {
            data: FAILED_ONCE_DELIVERY,
            meta: {
              request_id: '8aa3ca11-55c9-4f38-a4d8-5c99400ea128',
              timestamp: '2026-11-23T08:17:42.992Z',
            },
          },
        },
      },
    },
  },
  listWebhooks: {
    responses: {
      '200': {
        default: {
          summary: 'The workspace’s subscriptions',
          value: {
            data: [SUBSCRIPTION],
            meta: {
              request_id: '3a1b7a4c-cc85-4ec2-9c33-0fa4371e82c9',
              timestamp: '2026-11-23T08:17:43.026Z',
            },
          },
        },
      },
    },
  },
  listWebhookDeliveries: {
    responses: {
      '200': {
        default: {
          summary: 'Recent deliveries of a subscription',
          value: {
            data: [FAILED_ONCE_DELIVERY],
            pagination: {
              cursor: null,
              has_more: false,
              limit: 50,
            },
            meta: {
              request_id: '516fbe3a-ed52-4607-b79b-2d8f220f5d4b',
              timestamp: '2026-11-23T08:17:42.933Z',
            },
          },
        },
      },
    },
  },
  replayWebhook: {
    request: {
      default: {
        summary: 'Deliver again a day of lead.created events',
        value: { since: '2026-11-22T00:00:00Z', until: '2026-11-23T00:00:00Z', types: ['lead.created'] },
      },
    },
    responses: {
      '202': {
        default: {
          summary: 'The replay, queued',
          value: {
            data: { ...REPLAY, status: 'queued', events_found: 0, events_delivered: 0, completed_at: null },
            meta: { request_id: 'c0e3a1f2-7b1d-4f7e-9a51-3e2d7f1c9b10', timestamp: '2026-11-23T08:20:00.012Z' },
          },
        },
      },
    },
  },
  getWebhookReplay: {
    responses: {
      '200': {
        default: {
          summary: 'A completed replay: every event of the range is a delivery, 41 of 42 answered 2xx so far',
          value: {
            data: REPLAY,
            meta: { request_id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', timestamp: '2026-11-23T08:21:10.004Z' },
          },
        },
      },
    },
  },
};
