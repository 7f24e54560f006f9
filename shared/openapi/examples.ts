import type { RouteId } from '#shared/routes';

/**
 * Request and response examples of the API description, by route id: every POST route and the
 * main reads. They were recorded from the local service on its demo data (`npm start`), lists cut
 * to one or two items, hosts and secrets replaced; test/unit/openapi-examples.test.ts checks each
 * against the route's schemas (the contract's zod schema and the document's JSON Schema), so an
 * example can never drift from what the service accepts and answers.
 */
export interface ExampleObject {
  readonly summary: string;
  readonly value: unknown;
}

export interface OperationExamples {
  /** Request bodies, by example name. */
  readonly request?: Readonly<Record<string, ExampleObject>>;
  /** Response bodies by status, then by example name. */
  readonly responses: Readonly<Record<string, Readonly<Record<string, ExampleObject>>>>;
}

export const OPERATION_EXAMPLES: { readonly [Id in RouteId]?: OperationExamples } = {
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
            data: {
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
                cancelled: 0,
                pending: 2,
              },
              duplicates_collapsed: 0,
              actual_cost: 0,
              replies: 0,
            },
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
              fallback_count: 0,
              segments: 1,
              estimated_cost: 0.0083,
              price_per_segment: 0.0083,
              recipients: [
                {
                  index: 0,
                  phone: '+12125550150',
                  encoding: 'GSM-7',
                  segments: 1,
                  used_fallback: false,
                  suppressed: false,
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
            data: {
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
                cancelled: 0,
                pending: 2,
              },
              duplicates_collapsed: 0,
              actual_cost: 0,
              replies: 0,
            },
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
                cancelled: 2,
                pending: 0,
              },
              duplicates_collapsed: 0,
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
            data: {
              id: 'wh_55edd20745d473bf11ca',
              url: 'https://hooks.example.com/lead-events',
              events: ['lead.created'],
              description: null,
              status: 'enabled',
              disabled_reason: null,
              created_at: '2026-11-23T08:17:41.254Z',
              secret: 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYX',
            },
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
    responses: {
      '200': {
        default: {
          summary: 'The subscription with its new signing secret',
          value: {
            data: {
              id: 'wh_55edd20745d473bf11ca',
              url: 'https://hooks.example.com/lead-events',
              events: ['lead.created'],
              description: null,
              status: 'enabled',
              disabled_reason: null,
              created_at: '2026-11-23T08:17:41.254Z',
              secret: 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYX',
            },
            meta: {
              request_id: 'c09c454b-43ab-4ace-b77e-2dad55e62024',
              timestamp: '2026-11-23T08:17:41.311Z',
            },
          },
        },
      },
    },
  },
  testWebhook: {
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
    responses: {
      '202': {
        default: {
          summary: 'The delivery queued again, same webhook-id',
          value: {
            data: {
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
            },
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
            data: [
              {
                id: 'wh_55edd20745d473bf11ca',
                url: 'https://hooks.example.com/lead-events',
                events: ['lead.created'],
                description: null,
                status: 'enabled',
                disabled_reason: null,
                created_at: '2026-11-23T08:17:41.254Z',
              },
            ],
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
            data: [
              {
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
              },
            ],
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
  listCalls: {
    responses: {
      '200': {
        default: {
          summary: 'A page of calls, transcripts included (read:transcripts)',
          value: {
            data: [
              {
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
                recording_url: null,
                transcript: 'AI: Thanks for calling Summit Plumbing. User: My water heater is leaking, can someone come tomorrow at 9 am?',
              },
            ],
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
            data: {
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
              transcript: 'AI: Thanks for calling Summit Plumbing. User: My water heater is leaking, can someone come tomorrow at 9 am?',
              transfers: [],
              recording: null,
            },
          },
        },
      },
    },
  },
  getTeamFunnel: {
    responses: {
      '200': {
        default: {
          summary: 'The funnel of the last 7 days',
          value: {
            data: {
              sessions: 159,
              booking_started: 99,
              customer_info_completed: 75,
              booking_completed: 54,
              conversion_rate: 0.3396,
              drop_off_count: 76,
              drop_off_rate: 0.478,
            },
            meta: {
              team_id: 1,
              start_date: '2026-11-16T08:17:43.380Z',
              end_date: '2026-11-23T08:17:43.380Z',
              timezone: 'America/New_York',
            },
          },
        },
      },
    },
  },
  getSchedulerAnalytics: {
    responses: {
      '200': {
        default: {
          summary: 'Every block, lists shortened to two rows',
          value: {
            data: {
              funnel: {
                sessions: 159,
                bookingStarted: 99,
                customerInfoCompleted: 75,
                bookingCompleted: 54,
                conversionRate: 0.3396,
              },
              bookings: {
                total: 54,
                avgBookingTimeSeconds: 351,
              },
              chartData: [
                {
                  date: '2026-11-16',
                  sessions: 25,
                  conversions: 10,
                },
                {
                  date: '2026-11-17',
                  sessions: 18,
                  conversions: 6,
                },
              ],
              utmData: [
                {
                  source: 'google',
                  medium: 'organic',
                  campaign: '',
                  term: '',
                  content: '',
                  sessions: 14,
                  conversions: 6,
                },
                {
                  source: 'yelp',
                  medium: 'referral',
                  campaign: '',
                  term: '',
                  content: '',
                  sessions: 6,
                  conversions: 1,
                },
              ],
              googleAdsData: [
                {
                  gclid: '',
                  wbraid: '',
                  gbraid: '0AAAAADBklQ-eA0g3RswLuDaIrJm3j1x',
                  sessions: 1,
                  conversions: 1,
                },
                {
                  gclid: '',
                  wbraid: '',
                  gbraid: '0AAAAAGin89jemeIoFUdGbypuJCnO5yG',
                  sessions: 1,
                  conversions: 1,
                },
              ],
              serviceAreaData: [
                {
                  serviceArea: 'Brooklyn',
                  count: 32,
                },
                {
                  serviceArea: 'Queens',
                  count: 26,
                },
              ],
              issueTypeData: [
                {
                  issueType: 'Drain clog',
                  count: 38,
                },
                {
                  issueType: 'Water heater repair',
                  count: 21,
                },
              ],
              customerEvents: [
                {
                  sessionId: 'ses_b1c40e6612a5203c800e2737',
                  status: 'dropped_off',
                  customerInfo: {
                    name: '',
                    email: '',
                    phone: '',
                    address: '',
                  },
                  issueType: '',
                  jobType: '',
                  selectedDate: '',
                  selectedTime: '',
                  utmSource: '',
                  gclid: '',
                  conversionValue: 0,
                  lastActivity: '2026-11-23T02:57:51.292Z',
                },
                {
                  sessionId: 'ses_5418b7719ca7d1014b50fc31',
                  status: 'pending',
                  customerInfo: {
                    name: 'Samuel Schmidt',
                    email: '',
                    phone: '+12035550180',
                    address: '',
                  },
                  issueType: 'Drain clog',
                  jobType: 'Repair',
                  selectedDate: '2026-11-27',
                  selectedTime: '14:00',
                  utmSource: '',
                  gclid: '',
                  conversionValue: 0,
                  lastActivity: '2026-11-23T02:00:48.927Z',
                },
              ],
            },
            pagination: {
              limit: 2,
              offset: 0,
              has_more: true,
            },
            metadata: {
              teamId: 1,
              startDate: '2026-11-16T08:17:43.447Z',
              endDate: '2026-11-23T08:17:43.447Z',
              timezone: 'America/New_York',
              schedulerId: null,
              metricsRequested: ['funnel', 'bookings'],
              truncatedBlocks: [],
            },
          },
        },
      },
    },
  },
  listTeamSessions: {
    responses: {
      '200': {
        default: {
          summary: 'A page of sessions',
          value: {
            data: [
              {
                session_id: 'ses_b1c40e6612a5203c800e2737',
                team_id: 1,
                scheduler_id: 11,
                status: 'dropped_off',
                customer_info: {
                  name: null,
                  email: null,
                  phone: null,
                  address: null,
                },
                issue_type: null,
                job_type: null,
                selected_date: null,
                selected_time: null,
                utm: {
                  source: null,
                  medium: null,
                  campaign: null,
                  term: null,
                  content: null,
                },
                google_ads: {
                  gclid: null,
                  wbraid: null,
                  gbraid: null,
                },
                st_job_id: null,
                started_at: '2026-11-23T02:57:51.292Z',
                completed_at: null,
                last_activity_at: '2026-11-23T02:57:51.292Z',
                events: [
                  {
                    event_type: 'session_started',
                    created_at: '2026-11-23T02:57:51.292Z',
                  },
                ],
              },
            ],
            pagination: {
              cursor:
                'eyJ2IjoxLCJwIjoiMjAyNi0xMS0yM1QwMjo1Nzo1MS4yOTJaIzAwMDAwMDAwMDEjc2VzX2IxYzQwZTY2MTJhNTIwM2M4MDBlMjczNyJ9.92wZ4Mev29sKdx3eEjPQidkpHWa7TvnyZZ_kEvpjV9Y',
              has_more: true,
              limit: 1,
            },
            meta: {
              team_id: 1,
            },
          },
        },
      },
    },
  },
  listCoachEvaluations: {
    responses: {
      '200': {
        default: {
          summary: 'A page of coach evaluations',
          value: {
            data: [
              {
                call_id: 'd959e41a-e9cd-4a22-83c4-0135c89f8aa1',
                team_id: 1,
                call_started_at: '2026-11-23T08:17:40.470Z',
                evaluated_at: '2026-11-23T08:17:40.887Z',
                rubric_id: 'home-services',
                rubric_version: 1,
                score: 23,
                pass_threshold: 70,
                passed: false,
                criteria: [
                  {
                    criterion_id: 'greeting',
                    title: 'Greeting',
                    weight: 10,
                    applicable: true,
                    score: 100,
                    passed: true,
                    reason: 'The agent greets the caller and introduces itself or offers help',
                    evidence: 'Thanks for calling Summit Plumbing.',
                  },
                ],
                evaluator: {
                  kind: 'rule_based',
                  model: null,
                },
              },
            ],
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
