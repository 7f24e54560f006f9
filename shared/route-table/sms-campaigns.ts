import type { RouteDefinition } from './route-definition';

/** SMS campaigns, and the inbound texts (keywords, replies) they draw. */
export const SMS_CAMPAIGN_ROUTES = [
  {
    id: 'createSmsCampaign',
    method: 'POST',
    path: '/v1/messaging/sms/campaign',
    surface: 'platform',
    functionName: 'create-sms-campaign',
    permission: 'write:sms_campaigns',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'campaigns', access: 'readwrite' },
      { table: 'idempotency', access: 'readwrite' },
    ],
    uses: ['campaign-sends', 'scheduler'],
    summary: 'Create an SMS campaign (or preflight it): validated, priced, sent now or at schedule_time',
    tag: 'SMS campaigns',
  },
  {
    id: 'getSmsCampaign',
    method: 'GET',
    path: '/v1/messaging/sms/campaign/{campaignId}',
    surface: 'platform',
    functionName: 'get-sms-campaign',
    permission: 'write:sms_campaigns',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'campaigns', access: 'read' },
    ],
    summary: 'A campaign with its current counts',
    tag: 'SMS campaigns',
  },
  {
    id: 'cancelSmsCampaign',
    method: 'POST',
    path: '/v1/messaging/sms/campaign/{campaignId}/cancel',
    surface: 'platform',
    functionName: 'cancel-sms-campaign',
    permission: 'write:sms_campaigns',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'campaigns', access: 'readwrite' },
      { table: 'idempotency', access: 'readwrite' },
    ],
    uses: ['scheduler'],
    summary: 'Cancel a scheduled or sending campaign: unsent messages are not sent',
    tag: 'SMS campaigns',
  },
  {
    id: 'receiveInboundSms',
    method: 'POST',
    path: '/v1/messaging/sms/inbound',
    surface: 'platform',
    functionName: 'receive-inbound-sms',
    permission: 'write:sms_campaigns',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'campaigns', access: 'readwrite' },
      { table: 'idempotency', access: 'readwrite' },
      // A reply to a visit's text: the visit (leads), the session that follows it, the confirmation's
      // event, the ticket for staff (calls, beside the calls' tickets).
      { table: 'leads', access: 'readwrite' },
      { table: 'calls', access: 'readwrite' },
      { table: 'sessions', access: 'readwrite' },
      { table: 'outbox', access: 'readwrite' },
    ],
    uses: ['sms-provider', 'manage-links'],
    summary: 'Inbound text from the SMS provider: opt-out/opt-in/help keywords and campaign replies',
    tag: 'SMS campaigns',
  },
] as const satisfies readonly RouteDefinition[];
