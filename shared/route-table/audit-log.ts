import type { RouteDefinition } from './route-definition';

/** The audit log: who changed the enterprise's keys and webhooks, and when. */
export const AUDIT_LOG_ROUTES = [
  {
    id: 'listAuditLog',
    method: 'GET',
    path: '/api/v1/audit-log',
    surface: 'read',
    functionName: 'list-audit-log',
    permission: 'read:audit_log',
    tables: [{ table: 'audit-log', access: 'read' }],
    summary: "The key's enterprise's audit log: key and webhook changes, who made them and when, newest first",
    tag: 'Audit log',
  },
] as const satisfies readonly RouteDefinition[];
