import * as z from 'zod/mini';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#shared/domain/audit-log/entry';
import { AUDIT_LOG_ROUTES } from '#shared/route-table/audit-log';
import { positiveIdParam } from '#shared/schemas/params';
import { dateRangeMembers, enumParam, startBeforeEnd, v1PageMembers } from '#shared/schemas/query-parts';
import { defineContract, type ResponseSchema, responseSchema } from './contract';
import { cursorPagination, dateTime, id } from './responses';

/** The audit log (functions/list-audit-log; read:audit_log). */

export const auditLogQuery = startBeforeEnd(
  z.object({
    action: enumParam(AUDIT_ACTIONS).check(z.describe('Only the entries of this action (key.created, webhook.deleted, ...)')),
    team_id: z.optional(positiveIdParam),
    ...dateRangeMembers,
    ...v1PageMembers,
  }),
);

export const auditLogEntry = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      entry_id: z.string().describe('aud_ and 20 hex digits'),
      action: z
        .enum(AUDIT_ACTIONS)
        .describe(
          'What changed. Recorded today: key.created, key.revoked, webhook.created, webhook.deleted, webhook.secret_rotated, webhook.enabled, export.requested, webhook.replayed, data_subject_deletion.requested, data_subject_deletion.completed, retention.changed. Reserved for features to come: webhook.disabled',
        ),
      actor: z
        .strictObject({
          type: z.enum(['key', 'operator', 'system']).describe('key: an API key; operator: the admin CLI; system: the service itself'),
          key_id: z.string().nullable().describe('The key that made the change (type key); null otherwise'),
          os_user: z.string().nullable().describe('The OS user who ran the admin CLI, when known (type operator); null otherwise'),
        })
        .describe('Who made the change'),
      target: z.strictObject({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string() }).describe('What was changed'),
      enterprise_id: id(),
      team_ids: z.array(id()).describe('The teams the change touched'),
      detail: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
        .describe('Facts of the change: key type, scope and permissions; webhook event types; never names, URLs or secrets'),
      occurred_at: dateTime(),
    })
    .describe('One change to the enterprise’s keys or webhooks, or one export requested'),
);

export const listAuditLogResponse = /* @__PURE__ */ responseSchema((z) =>
  z.strictObject({
    data: z.array(auditLogEntry()),
    pagination: cursorPagination(),
    meta: z.strictObject({ enterprise_ids: z.array(id()).describe('The enterprises whose log the list reads') }),
  }),
);

export const listAuditLog = /* @__PURE__ */ defineContract(AUDIT_LOG_ROUTES, {
  routeId: 'listAuditLog',
  query: auditLogQuery,
  responses: { 200: listAuditLogResponse },
});

export const AUDIT_LOG_COMPONENTS = {
  AuditLogEntry: auditLogEntry,
  ListAuditLogResponse: listAuditLogResponse,
} as const satisfies Record<string, ResponseSchema>;
