import type { OperationExamplesById } from './types';

/** Who the key is, the teams it reaches and their leads. */
export const ACCOUNT_EXAMPLES: OperationExamplesById = {
  getMe: {
    responses: {
      '200': {
        default: {
          summary: 'An enterprise key of one team',
          value: {
            data: {
              key_id: 'key_d3d51a87ce57534d',
              name: 'Demo enterprise key (all permissions)',
              prefix: 'service_e3e5',
              type: 'enterprise',
              scope: {
                kind: 'team',
                id: 1,
              },
              permissions: ['read:calls'],
              anchor_team_id: 1,
              team_ids: [1],
              test_team_ids: [],
              enterprise_id: 1,
              enterprise_ids: [1],
              portfolio_id: null,
              expires_at: null,
              fields: {
                groups: ['core'],
                restricted: false,
              },
              rate_limits: {
                per_key_per_minute: {
                  limit: 1000,
                  remaining: 986,
                  reset: 1795421880,
                  window_seconds: 60,
                  overridden: false,
                },
                per_workspace_per_hour: {
                  limit: 10000,
                  remaining: 9977,
                  reset: 1795424400,
                  window_seconds: 3600,
                  overridden: false,
                },
              },
            },
          },
        },
      },
    },
  },
  listTeams: {
    responses: {
      '200': {
        default: {
          summary: 'The teams a key reaches',
          value: {
            data: [
              {
                id: 1,
                name: 'Summit Plumbing',
                timezone: 'America/New_York',
                enterprise_id: 1,
                workspace_id: 'ws_summit_plumbing',
                is_test: false,
              },
            ],
          },
        },
      },
    },
  },
  listTeamLeads: {
    responses: {
      '200': {
        default: {
          summary: 'A page of the canonical leads feed',
          value: {
            data: [
              {
                id: '2a0972fa-a940-4096-bfaa-f7fd7f83f2a6',
                lead_id: null,
                team_id: 1,
                type: 'call',
                status: 'booked',
                external_id: null,
                created_at: '2026-11-23T08:17:40.470Z',
                customer: {
                  name: 'Dana Whitfield',
                  phone: '+12125550133',
                  phone_raw: null,
                  email: null,
                },
                source: 'phone',
                agent: 'ai_responder',
                referrer_url: null,
                attribution: {
                  utm_source: null,
                  utm_medium: null,
                  utm_campaign: null,
                  utm_term: null,
                  utm_content: null,
                  gclid: null,
                  wbraid: null,
                  gbraid: null,
                },
                lead_content: {
                  call_id: 'd959e41a-e9cd-4a22-83c4-0135c89f8aa1',
                  summary: 'Customer reports a leaking water heater and books a visit for tomorrow at 9 am.',
                  call_reason: 'Water heater leak',
                  duration_seconds: 184,
                },
                outreach: null,
                appointment: {
                  appointment_id: '2b1fd080-9612-4ce6-8933-6a36b0f36237',
                  status: 'scheduled',
                  scheduled_for: '2026-11-24T14:00:00.000Z',
                  preferred_date: '2026-11-24',
                  service: 'Water heater leak',
                  urgency: 'standard',
                  call_id: 'd959e41a-e9cd-4a22-83c4-0135c89f8aa1',
                  created_at: '2026-11-23T08:17:40.470Z',
                },
              },
            ],
            pagination: {
              cursor:
                'eyJ2IjoxLCJwIjoiMjAyNi0xMS0yM1QwODoxNzozOS44NzlaIzAwMDAwMDAwMDEjYjIwMjkxYTgtMGZkMC00YjBjLThlZTAtNDI5YjZhNTgwNjA5In0.ldGDAdgZ016KTJ5QcWHzdK8PYOhDQ1A4Guu_zLDCm6Y',
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
