import { listAuditLogResponse } from '#shared/contracts/audit-log';
import { newAuditEntry } from '#shared/domain/audit-log/entry';
import { presentAuditLogEntry } from '#shared/presenters/audit-log';

const AT = new Date('2026-05-04T10:00:00.000Z');

function entry(actor: Parameters<typeof newAuditEntry>[0]['actor']) {
  return newAuditEntry(
    {
      enterpriseId: 3,
      teamIds: [7],
      action: 'key.created',
      actor,
      target: { type: 'api_key', id: 'key_0123456789abcdef' },
      detail: { key_type: 'enterprise', scope: 'team', permissions: ['read:leads'] },
    },
    AT,
  );
}

function valid(data: unknown[]) {
  return listAuditLogResponse().safeParse({
    data,
    pagination: { cursor: null, has_more: false, limit: 50 },
    meta: { enterprise_ids: [3] },
  });
}

describe('presentAuditLogEntry', () => {
  it('shows an operator with the OS user, and no key id', () => {
    const data = presentAuditLogEntry(entry({ kind: 'operator', osUser: 'ops' }));

    expect(data).toMatchObject({
      action: 'key.created',
      actor: { type: 'operator', key_id: null, os_user: 'ops' },
      target: { type: 'api_key', id: 'key_0123456789abcdef' },
      enterprise_id: 3,
      team_ids: [7],
      detail: { key_type: 'enterprise', scope: 'team', permissions: ['read:leads'] },
      occurred_at: AT.toISOString(),
    });
    expect(valid([data]).success).toBe(true);
  });

  it('shows a key by its id, and the service itself with neither', () => {
    const byKey = presentAuditLogEntry(entry({ kind: 'key', keyId: 'key_fedcba9876543210' }));
    const bySystem = presentAuditLogEntry(entry({ kind: 'system' }));

    expect(byKey.actor).toEqual({ type: 'key', key_id: 'key_fedcba9876543210', os_user: null });
    expect(bySystem.actor).toEqual({ type: 'system', key_id: null, os_user: null });
    expect(valid([byKey, bySystem]).success).toBe(true);
  });
});
