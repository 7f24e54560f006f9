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

/** SMS campaigns, inbound texts and the outbound texts feed. */
export const SMS_EXAMPLES: OperationExamplesById = {
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
  listOutboundTexts: {
    responses: {
      '200': {
        default: {
          summary: 'A page of a team’s texts: a booking confirmation and a campaign text',
          value: {
            data: [
              {
                campaign_id: null,
                purpose: 'booking_confirmation',
                appointment_id: 'apt_7c1f3b9e2d4a6058',
                team_id: 1,
                recipient: '+13125550187',
                body: 'Summit Plumbing: your Water heater repair visit is booked for Tue, Nov 24 at 2:30 PM CST. Manage it: https://api.example.com/widget/manage/m1Xq9 Reply C to confirm, R to reschedule. STOP to opt out.',
                segments: 2,
                status: 'sent',
                provider_message_id: 'SM9f3c2a71e0b84d6c',
                error: null,
                queued_at: '2026-11-22T07:54:02.118Z',
                sent_at: '2026-11-22T07:54:02.402Z',
                updated_at: '2026-11-22T07:54:02.402Z',
                deferred_until: null,
                send_at: null,
                rule: null,
                cost: 0.0166,
              },
              {
                campaign_id: 'cmp_d1ad1226469a5b522004',
                purpose: 'campaign',
                appointment_id: null,
                team_id: 1,
                recipient: '+13125550133',
                body: 'Hi Dana, furnace tune-ups are 20% off this week. Reply STOP to opt out.',
                segments: 1,
                status: 'deferred',
                provider_message_id: null,
                error: null,
                queued_at: '2026-11-22T07:53:25.769Z',
                sent_at: null,
                updated_at: '2026-11-22T07:53:25.769Z',
                deferred_until: '2026-11-22T21:52:39.769Z',
                send_at: '2026-11-22T21:52:39.769Z',
                rule: 'federal Sunday 8:00',
                cost: 0,
              },
            ],
            pagination: {
              cursor:
                'eyJ2IjoxLCJwIjoiMjAyNi0xMS0yMlQwNzo1MzoyMy43NjlaI2NtcF9kMWFkMTIyNjQ2OWE1YjUyMjAwNCMrMTMxMjU1NTAxMzIifQ.9lx19HGarA9Dl8jqkUK8m0i802mNP7mD9SXVYcSwMCY',
              has_more: true,
              limit: 2,
            },
            meta: {
              team_id: 1,
            },
          },
        },
      },
    },
  },
};
