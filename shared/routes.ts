import type { ANY_KEY, KeyType, Permission } from './auth/permissions';

/**
 * The one route table. It feeds the CDK stack (one function per row), the local gateway, the
 * authorizer's policy and the OpenAPI document. It carries no schemas so that the authorizer's
 * bundle stays small: each route's contract (inputs and responses, keyed by route id) lives in
 * shared/contracts/, which imports this table, never the other way round.
 */
export type Surface = 'read' | 'platform' | 'intake';
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface RouteDefinition<Id extends string = string> {
  /** Stable identifier, also the OpenAPI operationId and the key of the route's contract. */
  readonly id: Id;
  readonly method: HttpMethod;
  /** API Gateway resource path with {param} placeholders. */
  readonly path: string;
  readonly surface: Surface;
  /** Folder under functions/ holding handler.ts. */
  readonly functionName: string;
  /** Permission the key must hold; ANY_KEY: any valid key; null for public routes (no authorizer). */
  readonly permission: Permission | typeof ANY_KEY | null;
  /** Key types allowed on the route; every type when absent. */
  readonly keyTypes?: readonly KeyType[];
  /**
   * DynamoDB tables the function reads or writes. A POST that creates something lists the
   * `idempotency` table (readwrite): it honours `Idempotency-Key` (see isIdempotent).
   */
  readonly tables: readonly { readonly table: TableName; readonly access: 'read' | 'readwrite' }[];
  /** Queues and services the function sends to, so the stack configures and grants exactly those. */
  readonly uses?: readonly PortUse[];
  readonly summary: string;
  readonly tag: string;
}

export type TableName = 'teams' | 'sessions' | 'rollups' | 'leads' | 'calls' | 'campaigns' | 'idempotency' | 'limits' | 'webhooks';

/** An outbound dependency of a function: a queue by name, or a service. */
export type PortUse =
  | 'outreach-calls'
  | 'campaign-sends'
  | 'event-bus'
  | 'scheduler'
  | 'voice-provider'
  | 'sms-provider'
  | 'coach-evaluations'
  | 'call-evaluator'
  | 'voice-recordings'
  | 'webhook-deliveries'
  | 'webhooks';

const ROUTE_ROWS = [
  {
    id: 'listTeamSessions',
    method: 'GET',
    path: '/api/v1/teams/{teamId}/sessions',
    surface: 'read',
    functionName: 'list-team-sessions',
    permission: 'read:scheduler_analytics',
    tables: [{ table: 'sessions', access: 'read' }],
    summary: "List a team's scheduling-widget sessions",
    tag: 'Sessions',
  },
  {
    id: 'listSessions',
    method: 'GET',
    path: '/api/v1/sessions',
    surface: 'read',
    functionName: 'list-sessions',
    permission: 'read:scheduler_analytics',
    tables: [{ table: 'sessions', access: 'read' }],
    summary: 'List sessions across every team the key can access',
    tag: 'Sessions',
  },
  {
    id: 'listBookings',
    method: 'GET',
    path: '/api/v1/bookings',
    surface: 'read',
    functionName: 'list-bookings',
    permission: 'read:scheduler_analytics',
    tables: [{ table: 'sessions', access: 'read' }],
    summary: 'List completed bookings across every team the key can access',
    tag: 'Sessions',
  },
  {
    id: 'getTeamFunnel',
    method: 'GET',
    path: '/api/v1/teams/{teamId}/analytics/funnel',
    surface: 'read',
    functionName: 'get-team-funnel',
    permission: 'read:scheduler_analytics',
    tables: [
      { table: 'sessions', access: 'read' },
      { table: 'rollups', access: 'read' },
    ],
    summary: 'Funnel metrics for one team',
    tag: 'Analytics',
  },
  {
    id: 'getFunnel',
    method: 'GET',
    path: '/api/v1/analytics/funnel',
    surface: 'read',
    functionName: 'get-funnel',
    permission: 'read:scheduler_analytics',
    tables: [
      { table: 'sessions', access: 'read' },
      { table: 'rollups', access: 'read' },
    ],
    summary: 'Funnel metrics across every team the key can access',
    tag: 'Analytics',
  },
  {
    id: 'getSchedulerAnalytics',
    method: 'GET',
    path: '/api/scheduler-analytics',
    surface: 'read',
    functionName: 'get-scheduler-analytics',
    permission: 'read:scheduler_analytics',
    tables: [
      { table: 'sessions', access: 'read' },
      { table: 'rollups', access: 'read' },
    ],
    summary: 'Legacy (v0) scheduler analytics blocks for one team',
    tag: 'Analytics',
  },
  {
    id: 'listUnifiedLeads',
    method: 'GET',
    path: '/api/leads',
    surface: 'read',
    functionName: 'list-unified-leads',
    permission: 'read:leads',
    tables: [{ table: 'leads', access: 'read' }],
    summary: 'Legacy (v0) unified leads for one team',
    tag: 'Leads',
  },
  {
    id: 'listTeamLeads',
    method: 'GET',
    path: '/api/v1/teams/{teamId}/leads',
    surface: 'read',
    functionName: 'list-team-leads',
    permission: 'read:leads',
    tables: [{ table: 'leads', access: 'read' }],
    summary: 'The canonical (v1) leads feed of a team',
    tag: 'Leads',
  },
  {
    id: 'listTeams',
    method: 'GET',
    path: '/api/teams',
    surface: 'read',
    functionName: 'list-teams',
    permission: 'read:teams',
    tables: [{ table: 'teams', access: 'read' }],
    summary: 'List the teams the key can access',
    tag: 'Teams',
  },
  {
    id: 'listCalls',
    method: 'GET',
    path: '/api/calls',
    surface: 'read',
    functionName: 'list-calls',
    permission: 'read:calls',
    tables: [{ table: 'calls', access: 'read' }],
    summary: 'Call records of one team (transcripts need read:transcripts)',
    tag: 'Calls',
  },
  {
    id: 'ingestLead',
    method: 'POST',
    path: '/api/outbound/speed-to-lead/ingest',
    surface: 'intake',
    functionName: 'ingest-lead',
    permission: 'write:leads',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'leads', access: 'readwrite' },
      { table: 'idempotency', access: 'readwrite' },
    ],
    uses: ['outreach-calls', 'scheduler', 'event-bus'],
    summary: 'Accept one lead from any source, map it, and queue or schedule its AI outreach call',
    tag: 'Speed to lead',
  },
  {
    id: 'receiveVoiceReport',
    method: 'POST',
    path: '/v1/responder/webhook',
    surface: 'platform',
    functionName: 'receive-voice-report',
    permission: 'write:calls',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'calls', access: 'readwrite' },
      { table: 'leads', access: 'readwrite' },
      { table: 'idempotency', access: 'readwrite' },
    ],
    uses: ['outreach-calls', 'scheduler', 'event-bus', 'coach-evaluations'],
    summary: "Receive a voice provider's end-of-call report and process it with the AI responder",
    tag: 'Voice',
  },
  {
    id: 'listSupportTickets',
    method: 'GET',
    path: '/api/v1/enterprise/{enterpriseId}/support-tickets',
    surface: 'read',
    functionName: 'list-support-tickets',
    permission: 'read:support_tickets',
    keyTypes: ['enterprise_all_teams'],
    tables: [{ table: 'calls', access: 'read' }],
    summary: "Support tickets the AI responder opened, across the enterprise's teams",
    tag: 'Support tickets',
  },
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
    uses: ['campaign-sends', 'scheduler', 'event-bus'],
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
    ],
    uses: ['sms-provider'],
    summary: 'Inbound text from the SMS provider: opt-out/opt-in/help keywords and campaign replies',
    tag: 'SMS campaigns',
  },
  {
    id: 'getCall',
    method: 'GET',
    path: '/api/calls/{callId}',
    surface: 'read',
    functionName: 'get-call',
    permission: 'read:calls',
    tables: [{ table: 'calls', access: 'read' }],
    summary: 'One call: metadata, outcome, what it produced, transfers and recording (transcript text needs read:transcripts)',
    tag: 'Calls',
  },
  {
    id: 'getCallTranscript',
    method: 'GET',
    path: '/api/calls/{callId}/transcript',
    surface: 'read',
    functionName: 'get-call-transcript',
    permission: 'read:transcripts',
    tables: [{ table: 'calls', access: 'read' }],
    summary: "A call's transcript, turn by turn and as plain text",
    tag: 'Calls',
  },
  {
    id: 'listCallTransfers',
    method: 'GET',
    path: '/api/call-transfers',
    surface: 'read',
    functionName: 'list-call-transfers',
    permission: 'read:calls',
    tables: [{ table: 'calls', access: 'read' }],
    summary: 'Calls handed to a person (pre-call transfers) of one team, newest first',
    tag: 'Calls',
  },
  {
    id: 'listCoachEvaluations',
    method: 'GET',
    path: '/api/coach',
    surface: 'read',
    functionName: 'list-coach-evaluations',
    permission: 'read:coach',
    tables: [{ table: 'calls', access: 'read' }],
    summary: "Coach evaluations of one team's calls, newest call first",
    tag: 'Coach',
  },
  {
    id: 'getCoachEvaluation',
    method: 'GET',
    path: '/api/coach/{callId}',
    surface: 'read',
    functionName: 'get-coach-evaluation',
    permission: 'read:coach',
    tables: [{ table: 'calls', access: 'read' }],
    summary: "One call's coach evaluation",
    tag: 'Coach',
  },
  {
    id: 'listCoachRubrics',
    method: 'GET',
    path: '/api/coach/rubrics',
    surface: 'read',
    functionName: 'list-coach-rubrics',
    permission: 'read:coach',
    tables: [{ table: 'teams', access: 'read' }],
    summary: "The team's coach rubric: the one in force and every earlier revision",
    tag: 'Coach',
  },
  {
    id: 'listOutboundTexts',
    method: 'GET',
    path: '/api/v1/teams/{teamId}/outbound/texts',
    surface: 'read',
    functionName: 'list-outbound-texts',
    permission: 'read:outbound',
    tables: [{ table: 'campaigns', access: 'read' }],
    summary: "List a team's campaign texts, one per recipient, newest first",
    tag: 'Outbound texting',
  },
  {
    id: 'listSubscriptionEvents',
    method: 'GET',
    path: '/api/v1/teams/{teamId}/outbound/subscription-events',
    surface: 'read',
    functionName: 'list-subscription-events',
    permission: 'read:outbound',
    tables: [{ table: 'campaigns', access: 'read' }],
    summary: "List a team's opt-out, opt-in and help keywords received and suppression-list changes, newest first",
    tag: 'Outbound texting',
  },
  {
    id: 'getOpenApi',
    method: 'GET',
    path: '/api/openapi.json',
    surface: 'read',
    functionName: 'get-openapi',
    permission: null,
    tables: [],
    summary: 'This API description (OpenAPI 3.1)',
    tag: 'Meta',
  },
  {
    id: 'listTeamSchedulers',
    method: 'GET',
    path: '/api/v1/teams/{teamId}/schedulers',
    surface: 'read',
    functionName: 'list-team-schedulers',
    permission: 'read:scheduler_analytics',
    tables: [{ table: 'teams', access: 'read' }],
    summary: "List a team's scheduler (booking widget) configurations",
    tag: 'Schedulers',
  },
  {
    id: 'listTeamBookingRequests',
    method: 'GET',
    path: '/api/v1/teams/{teamId}/booking-requests',
    surface: 'read',
    functionName: 'list-team-booking-requests',
    permission: 'read:scheduler_analytics',
    tables: [{ table: 'sessions', access: 'read' }],
    summary: "List the booking requests a team's bookings sent to the field-service system",
    tag: 'Schedulers',
  },
  {
    id: 'getCallRecording',
    method: 'GET',
    path: '/api/calls/{callId}/recording',
    surface: 'read',
    functionName: 'get-call-recording',
    // Public: the signed link (shared/auth/recording-link.ts) stands for the key, which the handler re-checks.
    permission: null,
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'calls', access: 'read' },
    ],
    uses: ['voice-recordings'],
    summary: "A call's recording, through a signed link from the call detail (valid 15 minutes)",
    tag: 'Calls',
  },
  {
    id: 'getMe',
    method: 'GET',
    path: '/api/v1/me',
    surface: 'read',
    functionName: 'get-me',
    permission: 'any_key',
    tables: [],
    summary: 'The calling key: its name, type, permissions, teams, limits with what remains, expiry and field allow-list',
    tag: 'Meta',
  },
  {
    id: 'createWebhook',
    method: 'POST',
    path: '/v1/webhooks',
    surface: 'platform',
    functionName: 'create-webhook',
    permission: 'write:webhooks',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'webhooks', access: 'readwrite' },
    ],
    uses: ['webhooks'],
    summary: 'Subscribe an HTTPS endpoint to events; the signing secret is shown only in this answer',
    tag: 'Webhooks',
  },
  {
    id: 'listWebhooks',
    method: 'GET',
    path: '/v1/webhooks',
    surface: 'platform',
    functionName: 'list-webhooks',
    permission: 'write:webhooks',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'webhooks', access: 'read' },
    ],
    summary: "The workspace's webhook subscriptions",
    tag: 'Webhooks',
  },
  {
    id: 'getWebhook',
    method: 'GET',
    path: '/v1/webhooks/{webhookId}',
    surface: 'platform',
    functionName: 'get-webhook',
    permission: 'write:webhooks',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'webhooks', access: 'read' },
    ],
    summary: 'One webhook subscription',
    tag: 'Webhooks',
  },
  {
    id: 'deleteWebhook',
    method: 'DELETE',
    path: '/v1/webhooks/{webhookId}',
    surface: 'platform',
    functionName: 'delete-webhook',
    permission: 'write:webhooks',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'webhooks', access: 'readwrite' },
    ],
    summary: 'Delete a webhook subscription: nothing more is delivered to it',
    tag: 'Webhooks',
  },
  {
    id: 'rotateWebhookSecret',
    method: 'POST',
    path: '/v1/webhooks/{webhookId}/rotate-secret',
    surface: 'platform',
    functionName: 'rotate-webhook-secret',
    permission: 'write:webhooks',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'webhooks', access: 'readwrite' },
    ],
    uses: ['webhooks'],
    summary: 'A new signing secret; for 24 hours deliveries carry signatures by the old and the new',
    tag: 'Webhooks',
  },
  {
    id: 'enableWebhook',
    method: 'POST',
    path: '/v1/webhooks/{webhookId}/enable',
    surface: 'platform',
    functionName: 'enable-webhook',
    permission: 'write:webhooks',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'webhooks', access: 'readwrite' },
    ],
    summary: 'Enable a disabled webhook again (after a 410 or three days of failures): same id, secrets and events',
    tag: 'Webhooks',
  },
  {
    id: 'testWebhook',
    method: 'POST',
    path: '/v1/webhooks/{webhookId}/test',
    surface: 'platform',
    functionName: 'test-webhook',
    permission: 'write:webhooks',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'webhooks', access: 'readwrite' },
      { table: 'idempotency', access: 'readwrite' },
    ],
    uses: ['webhook-deliveries'],
    summary: 'Deliver a webhook.test event to the endpoint now',
    tag: 'Webhooks',
  },
  {
    id: 'listWebhookDeliveries',
    method: 'GET',
    path: '/v1/webhooks/{webhookId}/deliveries',
    surface: 'platform',
    functionName: 'list-webhook-deliveries',
    permission: 'write:webhooks',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'webhooks', access: 'read' },
    ],
    summary: "The subscription's deliveries, newest first, with every attempt",
    tag: 'Webhooks',
  },
  {
    id: 'redeliverWebhook',
    method: 'POST',
    path: '/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
    surface: 'platform',
    functionName: 'redeliver-webhook',
    permission: 'write:webhooks',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'webhooks', access: 'readwrite' },
      { table: 'idempotency', access: 'readwrite' },
    ],
    uses: ['webhook-deliveries'],
    summary: 'Send a delivery again (same webhook-id)',
    tag: 'Webhooks',
  },
  {
    id: 'receiveGoogleAdsLead',
    method: 'POST',
    path: '/api/outbound/google-ads/lead-form/{teamId}',
    surface: 'intake',
    functionName: 'receive-google-ads-lead',
    // Public: Google sends no header credential; the google_key member of the body stands for it,
    // checked against the team's stored hash by the handler (shared/domain/intake/google-lead-form.ts).
    permission: null,
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'leads', access: 'readwrite' },
    ],
    uses: ['outreach-calls', 'scheduler', 'event-bus'],
    summary: "Google Ads lead-form webhook: a lead posted by Google with the team's google_key, mapped by the Google preset",
    tag: 'Speed to lead',
  },
  {
    id: 'getApiDocs',
    method: 'GET',
    path: '/api/docs',
    surface: 'read',
    functionName: 'get-api-docs',
    permission: null,
    tables: [],
    summary: 'This API description as a page to read (Scalar), served with its assets by the service itself',
    tag: 'Pages',
  },
  {
    id: 'getApiDocsAsset',
    method: 'GET',
    path: '/api/docs/assets/{file}',
    surface: 'read',
    functionName: 'get-api-docs',
    permission: null,
    tables: [],
    summary: 'A script of the API reference page (compressed when the client accepts it)',
    tag: 'Pages',
  },
  {
    id: 'getConsole',
    method: 'GET',
    path: '/console',
    surface: 'read',
    functionName: 'get-console',
    permission: null,
    tables: [],
    summary: 'The console: teams, funnel and daily charts, attribution, leads, calls and campaigns, with a key kept in the browser',
    tag: 'Pages',
  },
  {
    id: 'getConsoleAsset',
    method: 'GET',
    path: '/console/assets/{file}',
    surface: 'read',
    functionName: 'get-console',
    permission: null,
    tables: [],
    summary: 'A script or style sheet of the console (compressed when the client accepts it)',
    tag: 'Pages',
  },
] as const satisfies readonly RouteDefinition[];

/** The id of a row of the route table. */
export type RouteId = (typeof ROUTE_ROWS)[number]['id'];

export const ROUTES: readonly RouteDefinition<RouteId>[] = ROUTE_ROWS;

/**
 * Whether the route honours `Idempotency-Key`: its row lists the idempotency table, and its handler
 * passes the guard to createHttpHandler (a unit test keeps the two in step).
 */
export function isIdempotent(route: RouteDefinition): boolean {
  return route.tables.some((t) => t.table === 'idempotency');
}

/**
 * Whether the route's function counts requests against the rate limits (shared/http/rate-limit.ts):
 * every authenticated route. Its function gets the limits table (counter access: UpdateItem and
 * GetItem only) and the RATE_LIMIT_* variables beside what its row declares.
 */
export function isRateLimited(route: RouteDefinition): boolean {
  return route.permission !== null;
}

export function routeById(id: string): RouteDefinition<RouteId> {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`unknown route ${id}`);
  return route;
}

/** Matches a concrete request path against a route path template; returns the path parameters. */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const t = template.split('/');
  const p = path.split('/');
  if (t.length !== p.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const seg = t[i] as string;
    const actual = p[i] as string;
    if (seg.startsWith('{') && seg.endsWith('}')) {
      if (actual === '') return null;
      params[seg.slice(1, -1)] = decodeURIComponent(actual);
    } else if (seg !== actual) {
      return null;
    }
  }
  return params;
}

/**
 * The route a request path names. Where templates overlap (`/api/coach/rubrics` and
 * `/api/coach/{callId}`), the one with a literal segment at the first place they differ wins,
 * whatever the rows' order: API Gateway routes a request to a static resource before a sibling
 * path parameter, and so do the local gateway and the authorizer.
 */
export function findRoute(
  surface: Surface | null,
  method: string,
  path: string,
): { route: RouteDefinition<RouteId>; pathParameters: Record<string, string> } | null {
  let best: { route: RouteDefinition<RouteId>; pathParameters: Record<string, string> } | null = null;
  for (const route of ROUTES) {
    if (surface && route.surface !== surface) continue;
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params && (!best || moreSpecific(route.path, best.route.path))) best = { route, pathParameters: params };
  }
  return best;
}

/** Whether template a has a literal segment where b has a parameter, at the first segment where they differ in kind. */
function moreSpecific(a: string, b: string): boolean {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const aParam = (as[i] as string).startsWith('{');
    const bParam = (bs[i] as string).startsWith('{');
    if (aParam !== bParam) return !aParam;
  }
  return false;
}
