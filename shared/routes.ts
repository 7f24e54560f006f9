import { ANALYTICS_ROUTES } from './route-table/analytics';
import { APPOINTMENT_ROUTES } from './route-table/appointments';
import { AUDIT_LOG_ROUTES } from './route-table/audit-log';
import { CALL_ROUTES } from './route-table/calls';
import { COACH_ROUTES } from './route-table/coach';
import { DATA_SUBJECT_DELETION_ROUTES } from './route-table/data-subject-deletions';
import { EXPORT_ROUTES } from './route-table/exports';
import { INTAKE_ROUTES } from './route-table/intake';
import { LEAD_ROUTES } from './route-table/leads';
import { META_ROUTES } from './route-table/meta';
import { OUTBOUND_ROUTES } from './route-table/outbound';
import { PAGE_ROUTES } from './route-table/pages';
import type { RouteDefinition, Surface } from './route-table/route-definition';
import { SCHEDULER_ROUTES } from './route-table/schedulers';
import { SESSION_ROUTES } from './route-table/sessions';
import { SMS_CAMPAIGN_ROUTES } from './route-table/sms-campaigns';
import { SUPPORT_TICKET_ROUTES } from './route-table/support-tickets';
import { TEAM_ROUTES } from './route-table/teams';
import { VOICE_ROUTES } from './route-table/voice';
import { WEBHOOK_ROUTES } from './route-table/webhooks';
import { WIDGET_ROUTES } from './route-table/widget';

// The row types live beside the rows, which need them; they are re-exported here so that every
// other module finds the route table and its types in one place.
export type { ResourceUse, RouteDefinition, Surface, TableName } from './route-table/route-definition';

/**
 * The one route table (its rows in shared/route-table/, one file per area). It feeds the CDK stack (one
 * function per row), the local gateway, the authorizer's policy and the OpenAPI document. It carries no schemas so that the authorizer's
 * bundle stays small: each route's contract (inputs and responses, keyed by route id) lives in
 * shared/contracts/, which imports the area's rows (a contract carries its route's row, so a function
 * loads its area's rows and not this whole table), never the other way round.
 */
const ROUTE_ROWS = [
  ...SESSION_ROUTES,
  ...ANALYTICS_ROUTES,
  ...SCHEDULER_ROUTES,
  ...LEAD_ROUTES,
  ...CALL_ROUTES,
  ...INTAKE_ROUTES,
  ...VOICE_ROUTES,
  ...SUPPORT_TICKET_ROUTES,
  ...COACH_ROUTES,
  ...SMS_CAMPAIGN_ROUTES,
  ...OUTBOUND_ROUTES,
  ...WEBHOOK_ROUTES,
  ...AUDIT_LOG_ROUTES,
  ...EXPORT_ROUTES,
  ...DATA_SUBJECT_DELETION_ROUTES,
  ...TEAM_ROUTES,
  ...META_ROUTES,
  ...PAGE_ROUTES,
  ...WIDGET_ROUTES,
  ...APPOINTMENT_ROUTES,
] as const;

/** The id of a row of the route table. */
export type RouteId = (typeof ROUTE_ROWS)[number]['id'];

/** The ids of the rows a function serves (most functions one; the widget's API and the pages several). */
export type RouteIdOfFunction<F extends string> = Extract<(typeof ROUTE_ROWS)[number], { readonly functionName: F }>['id'];

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
