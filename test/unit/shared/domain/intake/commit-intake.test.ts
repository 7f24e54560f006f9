import { commitIntake } from '#shared/domain/intake/commit-intake';
import { type PreparedIntake, prepareIntake } from '#shared/domain/intake/prepare-intake';
import { ConflictError, ServiceUnavailableError } from '#shared/errors';
import { ANCHOR, basic, FOREIGN, NOW, rejection, SIBLING, singleTeamKey } from '../../../../support/ingest-harness';
import {
  InMemoryIntakeConfigs,
  InMemoryIntakeStore,
  RecordingEventBus,
  RecordingQueue,
  RecordingScheduler,
  tenancyOf,
} from '../../../../support/intake-fakes';

/**
 * commitIntake, the writing half of an intake: ids, the stored lead and its guards, the first
 * call queued or scheduled, lead.created, the dispatch recorded; and what a repeat of a request
 * that did not finish (a 503, a crash) finds. Each test prepares its lead first, as the intake does.
 */

process.env.LOG_LEVEL = 'silent';

function world() {
  // The events go out through the outbox: the store makes them due with its write and hands them to the bus.
  const bus = new RecordingEventBus();
  const deps = {
    intake: new InMemoryIntakeStore(bus),
    outreachQueue: new RecordingQueue(),
    scheduler: new RecordingScheduler(),
  };
  const prepare = (payload: Record<string, unknown>, now: Date = NOW): Promise<PreparedIntake> =>
    prepareIntake(
      { tenancy: tenancyOf([ANCHOR, SIBLING, FOREIGN]), configs: new InMemoryIntakeConfigs(), intake: deps.intake },
      { identity: singleTeamKey, payload, now },
    );
  return { deps, bus, prepare };
}

const secondsAfter = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('commitIntake', () => {
  it('stores the lead under fresh ids, queues its first call, emits lead.created and records the dispatch', async () => {
    const { deps, bus, prepare } = world();
    const created = await commitIntake(deps, await prepare(basic), NOW);

    expect(created).toMatchObject({ kind: 'created', leadId: 1, stlCallId: 1 });
    expect(created.recovered).toBeUndefined();
    expect(deps.intake.leads.get(1)).toMatchObject({ lead_id: 1, team_id: ANCHOR.id, customer_phone: '+12125550199' });
    expect(deps.outreachQueue.sent).toEqual([{ body: { stl_call_id: 1, attempt: 1 } }]);
    expect(bus.types()).toEqual(['lead.created']);
    expect(deps.intake.outreachOf(1)).toMatchObject({ status: 'queued', dispatched: true });
  });

  it('schedules, rather than queues, a first call that is due later', async () => {
    const { deps, prepare } = world();
    const prepared = await prepare(basic);
    const later = {
      ...prepared,
      decision: { ...prepared.decision, outreach: { ...prepared.decision.outreach, dueAt: secondsAfter(3_600) } },
    };
    await commitIntake(deps, later, NOW);
    expect(deps.outreachQueue.sent).toEqual([]);
    expect(deps.scheduler.scheduled).toEqual([expect.objectContaining({ name: 'stl-1-attempt-1', at: secondsAfter(3_600) })]);
  });

  it('stores a lead it cannot call and reports it created and completed, calling nobody', async () => {
    const { deps, bus, prepare } = world();
    const created = await commitIntake(deps, await prepare({ name: 'Dana', phone: 'not a number' }), NOW);
    expect(created.decision.outreach.status).toBe('not_placed');
    expect(deps.outreachQueue.sent).toEqual([]);
    expect(deps.scheduler.scheduled).toEqual([]);
    expect(bus.types()).toEqual(['lead.created', 'lead.completed']);
    expect(deps.intake.outreachOf(created.stlCallId)).toMatchObject({ status: 'completed', outcome: 'failed' });
  });

  it('answers a repeat of a finished request with a 409 naming what matched and the existing lead, storing nothing more', async () => {
    const { deps, prepare } = world();
    await commitIntake(deps, await prepare({ ...basic, external_id: 'crm-1' }), NOW);
    const error = await rejection(commitIntake(deps, await prepare({ ...basic, external_id: 'crm-1' }), secondsAfter(60)));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toContain('external_id "crm-1" (lead_id 1)');
    expect(error.details).toEqual({ lead_id: 1 });
    expect(deps.intake.leads.size).toBe(1);
    expect(deps.outreachQueue.sent).toHaveLength(1);
  });

  it('marks the outreach dispatch_failed and answers 503 with the ids when the queue is down; lead.created is due with the lead', async () => {
    const { deps, bus, prepare } = world();
    deps.outreachQueue.failure = new Error('queue unavailable');
    const error = await rejection(commitIntake(deps, await prepare(basic), NOW));
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error.details).toEqual({ lead_id: 1, stl_call_id: 1 });
    expect(deps.intake.outreachOf(1)).toMatchObject({ status: 'dispatch_failed', dispatched: false });
    // The repeat request makes its 'queued' true; the event was written with the lead, as the outbox does.
    expect(bus.types()).toEqual(['lead.created']);
  });

  it('finishes a request that crashed after storing the lead when it is repeated after the request limit: same ids, one call, one lead.created', async () => {
    const { deps, bus, prepare } = world();
    deps.outreachQueue.hang = true;
    // The first request stores the lead, then its process dies while sending the call.
    void commitIntake(deps, await prepare({ ...basic, external_id: 'crm-crash' }), NOW);
    await new Promise((resolve) => setImmediate(resolve));
    expect(deps.intake.outreachOf(1)).toMatchObject({ status: 'queued', dispatched: false });

    deps.outreachQueue.hang = false;
    const early = await rejection(commitIntake(deps, await prepare({ ...basic, external_id: 'crm-crash' }), secondsAfter(5)));
    const repeated = await commitIntake(deps, await prepare({ ...basic, external_id: 'crm-crash' }, secondsAfter(31)), secondsAfter(31));

    // Within the limit the first request may still be running: a plain duplicate.
    expect(early).toBeInstanceOf(ConflictError);
    expect(repeated).toMatchObject({ kind: 'created', leadId: 1, stlCallId: 1, recovered: true });
    expect(deps.outreachQueue.sent).toEqual([{ body: { stl_call_id: 1, attempt: 1 } }]);
    expect(bus.types()).toEqual(['lead.created']);
    expect(deps.intake.outreachOf(1)).toMatchObject({ dispatched: true });
    // Once finished, a repeat is an ordinary duplicate again.
    await expect(commitIntake(deps, await prepare({ ...basic, external_id: 'crm-crash' }), secondsAfter(90))).rejects.toBeInstanceOf(
      ConflictError,
    );
  });

  it('answers created when the event bus is down: the lead and its call are what the client asked for', async () => {
    const { deps, bus, prepare } = world();
    bus.publish = () => Promise.reject(new Error('bus unavailable'));
    const created = await commitIntake(deps, await prepare(basic), NOW);
    expect(created.kind).toBe('created');
    expect(deps.outreachQueue.sent).toHaveLength(1);
    expect(deps.intake.outreachOf(created.stlCallId)).toMatchObject({ dispatched: true });
  });
});
