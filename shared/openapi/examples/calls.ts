import type { OperationExamplesById } from './types';

/** One call as the list and the detail show it (the detail adds its transfers and recording link). */
const CALL = {
  call_id: 'd959e41a-e9cd-4a22-83c4-0135c89f8aa1',
  team_id: 1,
  provider_call_id: 'call_8f2c4133',
  type: 'inboundPhoneCall',
  direction: 'inbound',
  customer: {
    name: 'Dana Whitfield',
    phone: '+12125550133',
    phone_raw: null,
  },
  started_at: '2026-11-23T08:17:40.470Z',
  ended_at: null,
  duration_seconds: 184,
  summary: 'Customer reports a leaking water heater and books a visit for tomorrow at 9 am.',
  analysis: {
    call_reason: 'Water heater leak',
    sentiment: 'neutral',
    booking_intent: true,
    urgency: 'standard',
  },
  ended_reason: null,
  cost: null,
  appointment_id: '2b1fd080-9612-4ce6-8933-6a36b0f36237',
  ticket_id: null,
  lead_id: null,
  stl_call_id: null,
  decisions: [
    {
      decision: 'appointment',
      reason: 'booking intent; the transcript names "tomorrow at 9 am" (America/New_York)',
    },
  ],
  created_at: '2026-11-23T08:17:40.470Z',
};

const TRANSCRIPT = 'AI: Thanks for calling Summit Plumbing. User: My water heater is leaking, can someone come tomorrow at 9 am?';

/** The call list and detail. */
export const CALLS_EXAMPLES: OperationExamplesById = {
  listCalls: {
    responses: {
      '200': {
        default: {
          summary: 'A page of calls, transcripts included (read:transcripts)',
          value: {
            data: [{ ...CALL, recording_url: null, transcript: TRANSCRIPT }],
            pagination: {
              limit: 1,
              offset: 0,
              has_more: true,
            },
          },
        },
      },
    },
  },
  getCall: {
    responses: {
      '200': {
        default: {
          summary: 'A call with its transcript, recording link and transfers',
          value: {
            data: { ...CALL, transcript: TRANSCRIPT, transfers: [], recording: null },
          },
        },
      },
    },
  },
};
