import * as z from 'zod/mini';
import { widgetFollowupSchema } from '#shared/domain/widget/followup-messages';

const session = { team_id: 7, scheduler_id: 3, started_at: '2026-03-01T12:00:00.000Z', session_id: 's-1' };
const change = {
  team_id: 7,
  appointment_id: 'a-1',
  action: 'reschedule',
  change_id: 'e-1',
  occurred_at: '2026-03-01T12:00:00.000Z',
  starts_at: '2026-03-02T09:00:00',
};

/** The first issue's path, or null when the message reads. */
function refusedAt(message: unknown): string | null {
  const parsed = z.safeParse(widgetFollowupSchema, message);
  return parsed.success ? null : (parsed.error.issues[0]?.path.join('.') ?? '');
}

// The members share one schema per kind (ADR 0195): each place a shared schema sits is checked,
// and named, on its own.
describe('widget follow-up messages', () => {
  it('reads each kind with its defaults: first attempt, no waits', () => {
    expect(z.parse(widgetFollowupSchema, { kind: 'field_service_job', session })).toEqual({
      kind: 'field_service_job',
      session,
      attempt: 1,
    });
    expect(z.parse(widgetFollowupSchema, { kind: 'field_service_change', change })).toEqual({
      kind: 'field_service_change',
      change,
      attempt: 1,
      waits: 0,
    });
    expect(refusedAt({ kind: 'drop_off', session })).toBeNull();
    expect(refusedAt({ kind: 'recovery', session })).toBeNull();
  });

  it.each([
    ['session.scheduler_id', { kind: 'drop_off', session: { ...session, scheduler_id: 0 } }],
    ['session.team_id', { kind: 'recovery', session: { ...session, team_id: 1.5 } }],
    ['attempt', { kind: 'field_service_change', change, attempt: 0 }],
    ['attempt', { kind: 'field_service_job', session, attempt: 101 }],
    ['requested_at', { kind: 'field_service_change', change, requested_at: '' }],
    ['requested_at', { kind: 'field_service_job', session, requested_at: 'x'.repeat(41) }],
    ['waits', { kind: 'field_service_change', change, waits: -1 }],
    ['change.change_id', { kind: 'field_service_change', change: { ...change, change_id: '' } }],
    ['change.starts_at', { kind: 'field_service_change', change: { ...change, starts_at: 'x'.repeat(41) } }],
    // Members the session reference and the change share.
    ['change.team_id', { kind: 'field_service_change', change: { ...change, team_id: 0 } }],
    ['change.appointment_id', { kind: 'field_service_change', change: { ...change, appointment_id: 'x'.repeat(65) } }],
    ['session.session_id', { kind: 'drop_off', session: { ...session, session_id: 'x'.repeat(65) } }],
    ['session.session_id', { kind: 'recovery', session: { ...session, session_id: '' } }],
    ['change.occurred_at', { kind: 'field_service_change', change: { ...change, occurred_at: '' } }],
  ])('refuses a malformed %s, naming it', (path, message) => {
    expect(refusedAt(message)).toBe(path);
  });
});
