import type { OperationExamplesById } from './types';

/** A team's leads. */
export const LEADS_EXAMPLES: OperationExamplesById = {
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
