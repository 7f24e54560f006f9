import type { OperationExamplesById } from './types';

/** The voice provider's end-of-call report. */
export const VOICE_EXAMPLES: OperationExamplesById = {
  receiveVoiceReport: {
    request: {
      default: {
        summary: 'An end-of-call report',
        value: {
          message: {
            type: 'end-of-call-report',
            call: {
              id: 'call_8f2c4133',
              customer: {
                number: '+12125550133',
                name: 'Dana Whitfield',
              },
              duration: 184,
              type: 'inboundPhoneCall',
            },
            transcript: 'AI: Thanks for calling Summit Plumbing. User: My water heater is leaking, can someone come tomorrow at 9 am?',
            summary: 'Customer reports a leaking water heater and books a visit for tomorrow at 9 am.',
            analysis: {
              callReason: 'Water heater leak',
              sentiment: 'neutral',
              bookingIntent: true,
              urgency: 'standard',
            },
          },
        },
      },
    },
    responses: {
      '201': {
        default: {
          summary: 'The report stored: call, appointment (booking intent) and no ticket',
          value: {
            success: true,
            message: 'Call report processed',
            data: {
              callId: 'd959e41a-e9cd-4a22-83c4-0135c89f8aa1',
              appointmentId: '2b1fd080-9612-4ce6-8933-6a36b0f36237',
              ticketId: null,
            },
          },
        },
      },
    },
  },
};
