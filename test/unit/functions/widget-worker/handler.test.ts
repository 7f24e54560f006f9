import type { widgetWorkerDependencies } from '#shared/adapters/runtime/widget-worker-dependencies';
import type { RecoveryMode } from '#shared/domain/appointment-texts/scheduler-settings';
import type { SessionRecord } from '#shared/domain/sessions';
import { RECOVERY_DUE } from '#shared/domain/widget/recovery';
import { resumeLinks } from '#shared/domain/widget/resume-token';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { StoredWidgetSession } from '#shared/ports/widget-session-store';
import { session } from '../../../support/factories';
import { CONTEXT, failingPort, fakePort, functionEnvironment, sqsEvent } from '../../../support/handler-harness';
import { InMemoryWidgetSessions, widgetScheduler } from '../../../support/widget-fakes';

type Dependencies = ReturnType<ReturnType<typeof widgetWorkerDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/widget-worker-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/widget-worker-dependencies'),
  widgetWorkerDependencies: () => () => mockDependencies.current,
}));

const MESSAGE = {
  kind: 'drop_off',
  session: { team_id: 1, scheduler_id: 1, started_at: '2026-03-01T12:00:00.000Z', session_id: 'ses_000001' },
};
const ABANDON_AFTER_SECONDS = 1800;
let handler: typeof import('../../../../functions/widget-worker/handler').handler;
beforeAll(async () => {
  functionEnvironment('widget-worker');
  ({ handler } = await import('../../../../functions/widget-worker/handler'));
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A pending widget session of team 1, started an hour ago, last active `idleMinutes` ago. */
function pending(idleMinutes: number, overrides: Partial<SessionRecord> = {}): StoredWidgetSession {
  return {
    session: session({ team_id: 1, scheduler_id: 1, started_at: minutesAgo(60), last_activity_at: minutesAgo(idleMinutes), ...overrides }),
    extras: {
      page_url: null,
      referrer_url: null,
      lead_uuid: null,
      lead_id: null,
      stl_call_id: null,
      manage_nonce: null,
      manage_token_hash: null,
    },
    tokenHash: 'hash',
    placement: { enterpriseId: 1, isTest: false },
    version: 1,
  };
}

const dropOffOf = (stored: StoredWidgetSession) => ({
  kind: 'drop_off',
  session: {
    team_id: stored.session.team_id,
    scheduler_id: stored.session.scheduler_id,
    started_at: stored.session.started_at,
    session_id: stored.session.session_id,
  },
});

/** The worker over sessions in memory, a recording scheduler and team 1's scheduler recovering by `recovery`. */
function worker(sessions: InMemoryWidgetSessions, recovery: RecoveryMode = 'text') {
  const scheduled: Parameters<OneTimeScheduler['scheduleMessage']>[0][] = [];
  let ids = 100;
  const texting = { built: 0 };
  const deps = fakePort<Dependencies>({
    sessions,
    scheduler: fakePort<OneTimeScheduler>({
      scheduleMessage: async (message) => {
        scheduled.push(message);
      },
    }),
    schedulers: fakePort<Dependencies['schedulers']>({
      getScheduler: async (t, s) => (t === 1 && s === 1 ? widgetScheduler(1, 1, { recovery }) : null),
    }),
    leadIds: { nextLeadId: async () => ++ids, nextStlCallId: async () => ++ids },
    resumeLinks: resumeLinks(async () => 'resume-secret-0123456789abcdef0123456789abcdef'),
    abandonAfterSeconds: ABANDON_AFTER_SECONDS,
    followup: async () => {
      texting.built++;
      return fakePort<Awaited<ReturnType<Dependencies['followup']>>>();
    },
  });
  return { deps, scheduled, texting };
}

describe('widget-worker', () => {
  it('drops off a session idle past the limit, its abandonment dated at the deadline', async () => {
    const sessions = new InMemoryWidgetSessions();
    const idle = pending(45);
    await sessions.createSession(idle);
    const { deps, scheduled } = worker(sessions);
    mockDependencies.current = deps;
    const result = await handler(sqsEvent(dropOffOf(idle)), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    const stored = sessions.stored(idle.session.session_id);
    expect(stored?.session.status).toBe('dropped_off');
    const deadline = Date.parse(idle.session.last_activity_at ?? '') + ABANDON_AFTER_SECONDS * 1000;
    expect(stored?.session.events.at(-1)).toEqual({ event_type: 'session_abandoned', created_at: new Date(deadline).toISOString() });
    expect(scheduled).toEqual([]);
    expect(sessions.recoveryLeads).toEqual([]);
  });

  it('plans the recovery of a session dropped off with a phone: its lead and events written with it', async () => {
    const sessions = new InMemoryWidgetSessions();
    const idle = pending(45, {
      customer_info: { name: 'Dana Whitfield', email: null, phone: '(212) 555-0199', address: null },
    });
    await sessions.createSession(idle);
    const { deps } = worker(sessions, 'text');
    mockDependencies.current = deps;
    const result = await handler(sqsEvent(dropOffOf(idle)), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    const stored = sessions.stored(idle.session.session_id);
    expect(stored?.session).toMatchObject({ status: 'dropped_off', qualified_drop_off: true });
    expect(stored?.extras.recovery).toMatchObject({ mode: 'text' });
    expect(sessions.recoveryLeads.map((lead) => ({ team: lead.team_id, phone: lead.customer_phone }))).toEqual([
      { team: 1, phone: '+12125550199' },
    ]);
    expect(sessions.outbox.map((event) => event.type)).toEqual(['lead.created', RECOVERY_DUE]);
  });

  it('sets the next check for a session active since, leaving it pending', async () => {
    const sessions = new InMemoryWidgetSessions();
    const active = pending(5);
    await sessions.createSession(active);
    const { deps, scheduled } = worker(sessions);
    mockDependencies.current = deps;
    const result = await handler(sqsEvent(dropOffOf(active)), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(sessions.stored(active.session.session_id)?.session.status).toBe('pending');
    const deadline = new Date(Date.parse(active.session.last_activity_at ?? '') + ABANDON_AFTER_SECONDS * 1000);
    expect(scheduled).toEqual([
      {
        name: `wdrop-${active.session.session_id}-${deadline.getTime()}`,
        at: deadline,
        queue: 'widget-followups',
        body: dropOffOf(active),
      },
    ]);
  });

  it('reads the session again when the customer acts during the check, and then waits for the new deadline', async () => {
    const sessions = new InMemoryWidgetSessions();
    const idle = pending(45);
    await sessions.createSession(idle);
    const update = sessions.updateSession.bind(sessions);
    let raced = false;
    // The customer's step lands between the check's read and its write.
    sessions.updateSession = async (previous, next, extras) => {
      if (!raced) {
        raced = true;
        await update(previous, { ...previous.session, last_activity_at: new Date().toISOString() });
      }
      return update(previous, next, extras);
    };
    const { deps, scheduled } = worker(sessions);
    mockDependencies.current = deps;
    const result = await handler(sqsEvent(dropOffOf(idle)), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(sessions.stored(idle.session.session_id)?.session.status).toBe('pending');
    expect(scheduled).toHaveLength(1);
  });

  it('does nothing for a session that is no longer pending', async () => {
    const sessions = new InMemoryWidgetSessions();
    const gone = pending(45, { status: 'dropped_off' });
    await sessions.createSession(gone);
    const { deps, scheduled } = worker(sessions);
    mockDependencies.current = deps;
    const result = await handler(sqsEvent(dropOffOf(gone)), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(sessions.stored(gone.session.session_id)?.version).toBe(1);
    expect(scheduled).toEqual([]);
  });

  it('reports a message that does not parse as failed, without reaching its dependencies', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent({ kind: 'drop_off' }), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });

  it('reports the message as failed, so SQS retries it, when its dependencies fail', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });

  it('builds the texting ports with a recovery message, never with a drop-off check', async () => {
    const sessions = new InMemoryWidgetSessions();
    const idle = pending(45);
    await sessions.createSession(idle);
    const { deps, texting } = worker(sessions);
    mockDependencies.current = deps;
    expect((await handler(sqsEvent(dropOffOf(idle)), CONTEXT)).batchItemFailures).toEqual([]);
    expect(texting.built).toBe(0);
    // No recovery planned on the session: the follow-up answers not_planned, with its ports built.
    const recovery = { ...dropOffOf(idle), kind: 'recovery' };
    expect((await handler(sqsEvent(recovery), CONTEXT)).batchItemFailures).toEqual([]);
    expect(texting.built).toBe(1);
  });
});
