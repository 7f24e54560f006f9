import type { OperationExamplesById } from './types';

/** The scheduled campaign as its creation and a read answer it. */
const SCHEDULED_CAMPAIGN = {
  campaign_id: 'cmp_38396ebcb8d90cd0c22c',
  status: 'scheduled',
  recipients_count: 2,
  messages_sent: 0,
  estimated_cost: 0.0166,
  scheduled_time: '2026-11-25T08:17:40.872Z',
  completion_time: null,
  counts: {
    sent: 0,
    failed: 0,
    opted_out: 0,
    unconfirmed: 0,
    capped: 0,
    cancelled: 0,
    pending: 2,
  },
  duplicates_collapsed: 0,
  last_send_at: '2026-11-25T13:00:00.000Z',
  estimated_completion_time: '2026-11-25T13:00:02.000Z',
  actual_cost: 0,
  replies: 0,
};

/** SMS campaigns and inbound texts. */
export const SMS_CAMPAIGNS_EXAMPLES: OperationExamplesById = {
  createSmsCampaign: {
    request: {
      scheduled: {
        summary: 'A campaign scheduled two days ahead, with merge variables',
        value: {
          campaign_type: 'seasonal_promotion',
          recipients: [
            {
              phone: '(212) 555-0150',
              name: 'Dana',
              custom_fields: {
                unit: 'water heater',
              },
            },
            {
              phone: '+12125550151',
              name: 'Luis',
              custom_fields: {
                unit: 'boiler',
              },
            },
          ],
          message_template: 'Hi {name}, your {unit} tune-up is 20% off this week.',
          schedule_time: '2026-11-25T08:17:40.872Z',
        },
      },
      preflight: {
        summary: 'A preflight: validated and priced only',
        value: {
          campaign_type: 'seasonal_promotion',
          preflight: true,
          recipients: [
            {
              phone: '(212) 555-0150',
              name: 'Dana',
              custom_fields: {
                unit: 'water heater',
              },
            },
          ],
          message_template: 'Hi {name}, your {unit} tune-up is 20% off this week.',
        },
      },
    },
    responses: {
      '202': {
        scheduled: {
          summary: 'The campaign stored and scheduled',
          value: {
            data: SCHEDULED_CAMPAIGN,
            meta: {
              request_id: '2a71d60f-9703-427f-bf06-b51cf306223d',
              timestamp: '2026-11-23T08:17:41.030Z',
            },
          },
        },
      },
      '200': {
        preflight: {
          summary: 'The priced plan of a preflight (nothing stored or sent)',
          value: {
            data: {
              preflight: true,
              recipients_count: 1,
              requested_count: 1,
              duplicates_collapsed: 0,
              opted_out: 0,
              capped: 0,
              fallback_count: 0,
              segments: 1,
              estimated_cost: 0.0083,
              price_per_segment: 0.0083,
              last_send_at: '2026-11-25T13:00:00.000Z',
              estimated_completion_time: '2026-11-25T13:00:01.000Z',
              recipients: [
                {
                  index: 0,
                  phone: '+12125550150',
                  encoding: 'GSM-7',
                  segments: 1,
                  used_fallback: false,
                  suppressed: false,
                  send_at: '2026-11-25T13:00:00.000Z',
                  rule: 'federal Wednesday 8:00',
                  capped: null,
                  message: 'Hi Dana, your water heater tune-up is 20% off this week.\nReply STOP to opt out.',
                },
              ],
            },
            meta: {
              request_id: '7375a08e-37aa-489d-a3b0-5e5a293a6c28',
              timestamp: '2026-11-23T08:17:41.079Z',
            },
          },
        },
      },
    },
  },
  getSmsCampaign: {
    responses: {
      '200': {
        default: {
          summary: 'A scheduled campaign with its counters',
          value: {
            data: SCHEDULED_CAMPAIGN,
            meta: {
              request_id: 'c29582d4-bfa2-43e6-8e14-2a6845de8a66',
              timestamp: '2026-11-23T08:17:41.105Z',
            },
          },
        },
      },
    },
  },
  cancelSmsCampaign: {
    request: {
      default: { summary: 'No body is needed; an empty JSON object is accepted and ignored', value: {} },
    },
    responses: {
      '200': {
        default: {
          summary: 'The campaign cancelled before its scheduled time',
          value: {
            data: {
              campaign_id: 'cmp_38396ebcb8d90cd0c22c',
              status: 'cancelled',
              recipients_count: 2,
              messages_sent: 0,
              estimated_cost: 0.0166,
              scheduled_time: '2026-11-25T08:17:40.872Z',
              completion_time: null,
              counts: {
                sent: 0,
                failed: 0,
                opted_out: 0,
                unconfirmed: 0,
                capped: 0,
                cancelled: 2,
                pending: 0,
              },
              duplicates_collapsed: 0,
              last_send_at: '2026-11-25T13:00:00.000Z',
              estimated_completion_time: '2026-11-25T13:00:02.000Z',
              actual_cost: 0,
              replies: 0,
            },
            meta: {
              request_id: '869d4a93-ba80-4195-8095-f530745822dc',
              timestamp: '2026-11-23T08:17:41.149Z',
            },
          },
        },
      },
    },
  },
  receiveInboundSms: {
    request: {
      default: {
        summary: 'An inbound STOP',
        value: {
          from: '+12125550150',
          body: 'STOP',
          message_id: 'in-33',
        },
      },
    },
    responses: {
      '200': {
        default: {
          summary: 'A STOP keyword: the number is opted out and told so',
          value: {
            success: true,
            message: 'Handled as opted_out',
            data: {
              action: 'opted_out',
              needs_review: false,
              duplicate: false,
              campaign_id: null,
              reply: 'Summit Plumbing: you are unsubscribed and will receive no more messages. Reply START to resubscribe.',
            },
            meta: {
              request_id: 'c3ae07fa-f6a2-413e-b621-aa408af1d8a0',
              timestamp: '2026-11-23T08:17:41.211Z',
            },
          },
        },
      },
    },
  },
};
