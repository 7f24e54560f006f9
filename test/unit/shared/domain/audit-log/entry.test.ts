import {
  AUDIT_ACTIONS,
  auditExpiry,
  FUTURE_AUDIT_ACTIONS,
  keyActor,
  newAuditEntry,
  operatorActor,
  RECORDED_AUDIT_ACTIONS,
  visibleToTeams,
} from '#shared/domain/audit-log/entry';

const AT = new Date('2026-03-08T06:30:00.000Z');

function entry(teamIds: number[]) {
  return newAuditEntry(
    {
      enterpriseId: 7,
      teamIds,
      action: 'webhook.created',
      actor: keyActor({ keyId: 'key_0123456789abcdef' }),
      target: { type: 'webhook', id: 'wh_1' },
      detail: {},
    },
    AT,
  );
}

describe('newAuditEntry', () => {
  it('stamps the change instant and a fresh aud_ id', () => {
    const a = entry([1]);
    const b = entry([1]);
    expect(a.at).toBe(AT.toISOString());
    expect(a.id).toMatch(/^aud_[0-9a-f]{20}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.actor).toEqual({ kind: 'key', keyId: 'key_0123456789abcdef' });
  });
});

describe('auditExpiry', () => {
  it('keeps an entry 365 days after its change', () => {
    expect(auditExpiry(entry([1]))).toBe(Date.parse('2027-03-08T06:30:00.000Z') / 1000);
  });
});

describe('operatorActor', () => {
  it('records the OS user running the CLI', () => {
    expect(operatorActor(() => 'deploy')).toEqual({ kind: 'operator', osUser: 'deploy' });
  });

  it('records operator alone when the system names no user', () => {
    expect(operatorActor(() => '')).toEqual({ kind: 'operator', osUser: null });
    expect(
      operatorActor(() => {
        throw new Error('no passwd entry');
      }),
    ).toEqual({ kind: 'operator', osUser: null });
  });
});

describe('visibleToTeams', () => {
  it('shows an entry to a key reaching one of its teams, and hides it from the others', () => {
    expect(visibleToTeams(entry([1, 2]), [2, 3])).toBe(true);
    expect(visibleToTeams(entry([1]), [2, 3])).toBe(false);
  });
});

describe('actions', () => {
  it('names the future features apart from what is recorded today, each once', () => {
    expect(FUTURE_AUDIT_ACTIONS).toEqual(['webhook.disabled']);
    expect(RECORDED_AUDIT_ACTIONS).toEqual(
      expect.arrayContaining([
        'export.requested',
        'webhook.replayed',
        'data_subject_deletion.requested',
        'data_subject_deletion.completed',
        'retention.changed',
      ]),
    );
    expect(RECORDED_AUDIT_ACTIONS.filter((a) => (FUTURE_AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual([]);
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});
