import type { OperationExamplesById } from './types';

/** The speed-to-lead intake: the generic webhook and the direct Google Ads lead-form route. */
export const INTAKE_EXAMPLES: OperationExamplesById = {
  receiveGoogleAdsLead: {
    request: {
      default: {
        summary: 'A lead as Google Ads posts it (answers read by column_id, in any order)',
        value: {
          lead_id: 'TeSter-123-ABCDEFGHIJKLMNOPQRSTUVWXYZ-0123456789',
          user_column_data: [
            { column_name: 'User Email', string_value: 'maria.lopez@example.com', column_id: 'EMAIL' },
            { column_name: 'What service do you need?', string_value: 'Water heater replacement', column_id: 'SERVICE' },
            { column_name: 'Full Name', string_value: 'Maria Lopez', column_id: 'FULL_NAME' },
            { column_name: 'User Phone', string_value: '+16505550123', column_id: 'PHONE_NUMBER' },
          ],
          api_version: '1.0',
          form_id: 40000000000,
          campaign_id: 20000000000,
          google_key: 'the key from `intake google-key --team 1`',
          is_test: false,
          gcl_id: 'TeSter-123-gclid',
        },
      },
    },
    responses: {
      '200': {
        created: {
          summary: 'The lead stored and its first call queued',
          value: {
            success: true,
            result: 'created',
            lead_id: 7,
            stl_call_id: 7,
            request_id: '5b6f0c1e-2d43-4a8e-9f51-0c7d2e8a4b19',
            team_id: 1,
            outreach: { status: 'queued', due_at: '2026-11-23T08:17:39.879Z', scheduling_mode: 'always' },
          },
        },
        duplicate: {
          summary: 'Google retried a lead_id it had posted: nothing new stored',
          value: {
            success: true,
            result: 'duplicate',
            lead_id: 7,
            request_id: '0e2a7c55-91b4-4f0d-8c3e-6a1d9b2f7e40',
            team_id: 1,
            field: 'external_id',
          },
        },
      },
    },
  },
  ingestLead: {
    request: {
      default: {
        summary: 'A flat form payload (default field aliases)',
        value: {
          external_id: 'crm-48233',
          name: 'Dana Whitfield',
          phone: '(212) 555-0133',
          email: 'dana@example.com',
          service: 'Water heater repair',
          source: 'Google Ads',
          message: 'No hot water since this morning',
        },
      },
    },
    responses: {
      '201': {
        default: {
          summary: 'A lead accepted and its first call queued',
          value: {
            success: true,
            lead_id: 1,
            stl_call_id: 1,
            request_id: '4c0d7e91-5467-4b0f-a2ac-74c7526a113b',
            team_id: 1,
            outreach: {
              status: 'queued',
              due_at: '2026-11-23T08:17:39.879Z',
              scheduling_mode: 'always',
            },
          },
        },
      },
    },
  },
};
