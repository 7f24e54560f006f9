import type { RouteDefinition } from './route-definition';

/** The speed-to-lead intake: leads sent by integrators and by Google Ads lead forms. */
export const INTAKE_ROUTES = [
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
      { table: 'outbox', access: 'readwrite' },
      { table: 'idempotency', access: 'readwrite' },
    ],
    uses: ['outreach-calls', 'scheduler'],
    summary: 'Accept one lead from any source, map it, and queue or schedule its AI outreach call',
    tag: 'Speed to lead',
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
      { table: 'outbox', access: 'readwrite' },
    ],
    uses: ['outreach-calls', 'scheduler'],
    summary: "Google Ads lead-form webhook: a lead posted by Google with the team's google_key, mapped by the Google preset",
    tag: 'Speed to lead',
  },
] as const satisfies readonly RouteDefinition[];
