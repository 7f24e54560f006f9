import type { RouteDefinition } from './route-definition';

/** The outbound texting feeds: campaign texts and subscription events. */
export const OUTBOUND_ROUTES = [
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
] as const satisfies readonly RouteDefinition[];
