import type { OperationExamplesById } from './types';

/** The outbound texts feed. */
export const OUTBOUND_EXAMPLES: OperationExamplesById = {
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
