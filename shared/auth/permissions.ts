/** The ten read permissions plus the write permissions of the POST surfaces. */
export const READ_PERMISSIONS = [
  'read:calls',
  'read:transcripts',
  'read:leads',
  'read:teams',
  'read:coach',
  'read:scheduler_analytics',
  'read:outbound',
  'read:support_tickets',
  'read:audit_log',
  'read:exports',
] as const;

/**
 * Write permissions, one per POST surface:
 * - write:leads       POST /api/outbound/speed-to-lead/ingest
 * - write:calls       POST /v1/responder/webhook
 * - write:sms_campaigns POST /v1/messaging/sms/campaign (and its cancel)
 * - write:webhooks    /v1/webhooks (subscriptions, deliveries, redelivery, replay)
 * - write:appointments /v1/appointments/{appointmentId}/... (reschedule, cancel, complete, no-show)
 * - write:data_deletions /v1/data-subject-deletions (a person's data removed on request)
 */
export const WRITE_PERMISSIONS = [
  'write:leads',
  'write:calls',
  'write:sms_campaigns',
  'write:webhooks',
  'write:appointments',
  'write:data_deletions',
] as const;

export const ALL_PERMISSIONS = [...READ_PERMISSIONS, ...WRITE_PERMISSIONS] as const;
export type Permission = (typeof ALL_PERMISSIONS)[number];

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

export const KEY_TYPES = ['enterprise', 'enterprise_all_teams', 'portfolio_all_teams'] as const;
export type KeyType = (typeof KEY_TYPES)[number];

export function isKeyType(value: string): value is KeyType {
  return (KEY_TYPES as readonly string[]).includes(value);
}

/**
 * Permissions that only some key types may hold (support tickets: enterprise_all_teams keys only;
 * exports: the keys of an enterprise's or a portfolio's teams, never a single team's).
 */
export function permissionAllowedForKeyType(permission: Permission, type: KeyType): boolean {
  if (permission === 'read:support_tickets') return type === 'enterprise_all_teams';
  if (permission === 'read:exports') return type !== 'enterprise';
  return true;
}

/** A route any valid key may call, whatever its permissions (GET /api/v1/me). */
export const ANY_KEY = 'any_key' as const;
