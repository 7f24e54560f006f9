import type { OperationExamplesById } from './types';

/** The outbound texts feed. */
export const OUTBOUND_EXAMPLES: OperationExamplesById = {
  listOutboundTexts: {
    responses: {
      '200': {
        default: {
          summary: 'A page of a team’s campaign texts',
          value: {
            data: [
              {
                campaign_id: 'cmp_d1ad1226469a5b522004',
                team_id: 1,
                recipient: '+13125550133',
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
