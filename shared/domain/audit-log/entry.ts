import { randomBytes } from 'node:crypto';

/**
 * The audit log: who changed an enterprise's access or event delivery, what, and when. An entry is
 * written in the same write as the change it records (the stores take it beside the change), so
 * no committed change lacks its entry and no entry exists without its change.
 */

/** Actions recorded today, one per change the service can make. */
export const RECORDED_AUDIT_ACTIONS = [
  'key.created',
  'key.revoked',
  'webhook.created',
  'webhook.deleted',
  'webhook.secret_rotated',
  'webhook.enabled',
  'export.requested',
  'webhook.replayed',
  'data_subject_deletion.requested',
  'data_subject_deletion.completed',
  'retention.changed',
] as const;

/**
 * Actions not recorded yet (the dispatcher's automatic disable):
 * named now so the stored and wire types need no migration when they record their first entry.
 */
export const FUTURE_AUDIT_ACTIONS = [
  // The dispatcher's automatic disable (after 410 or three days of failures): its store does not
  // know the team's enterprise yet; the webhook.disabled event records it meanwhile.
  'webhook.disabled',
] as const;

export const AUDIT_ACTIONS = [...RECORDED_AUDIT_ACTIONS, ...FUTURE_AUDIT_ACTIONS] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = ['api_key', 'webhook', 'export', 'data_subject_deletion', 'team'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * Who made the change: an API key (by its public id), an operator through the admin CLI (with the
 * OS user running it, when the system reports one), or the service itself (keys the demo seed and
 * the local sandbox mint).
 */
export type AuditActor =
  | { readonly kind: 'key'; readonly keyId: string }
  | { readonly kind: 'operator'; readonly osUser: string | null }
  | { readonly kind: 'system' };

/** Small, non-personal facts about the change: ids, types, counts, reasons. Never names, phones or URLs. */
export type AuditDetail = Readonly<Record<string, string | number | boolean | readonly string[]>>;

export interface AuditEntry {
  /** `aud_` + 20 hex. */
  readonly id: string;
  /** The enterprise whose log holds it. */
  readonly enterpriseId: number;
  /** The teams the change touched; a key's list shows entries of its own teams only. */
  readonly teamIds: readonly number[];
  readonly action: AuditAction;
  readonly actor: AuditActor;
  readonly target: { readonly type: AuditTargetType; readonly id: string };
  readonly detail: AuditDetail;
  /** ISO instant of the change. */
  readonly at: string;
}

/** How long an entry is kept: a year, then DynamoDB's TTL removes it. */
export const AUDIT_RETENTION_DAYS = 365;

export function newAuditEntry(fields: Omit<AuditEntry, 'id' | 'at'>, now: Date): AuditEntry {
  return { id: `aud_${randomBytes(10).toString('hex')}`, at: now.toISOString(), ...fields };
}

/** The epoch second after which the entry may be removed. */
export function auditExpiry(entry: Pick<AuditEntry, 'at'>): number {
  return Math.floor(Date.parse(entry.at) / 1000) + AUDIT_RETENTION_DAYS * 86_400;
}

/** The actor an admin CLI run records: `operator`, with the OS user when the system reports one. */
export function operatorActor(osUser: () => string | null): AuditActor {
  let user: string | null;
  try {
    user = osUser();
  } catch {
    // os.userInfo() throws where the process's uid has no passwd entry (some containers).
    user = null;
  }
  return { kind: 'operator', osUser: user === '' ? null : user };
}

/** Whether the entry touches one of the teams a key can reach. */
export function visibleToTeams(entry: Pick<AuditEntry, 'teamIds'>, teamIds: readonly number[]): boolean {
  return entry.teamIds.some((teamId) => teamIds.includes(teamId));
}

/** The actor a route records: the calling key, by its public id. */
export function keyActor(identity: { readonly keyId: string }): AuditActor {
  return { kind: 'key', keyId: identity.keyId };
}
