import fc from 'fast-check';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoEvaluationStore, scoreCover } from '#shared/adapters/dynamodb/coach-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { CoachEvaluation } from '#shared/domain/coach/evaluation';
import { coachEvaluationCompleted } from '#shared/events/coach-events';
import type { EvaluationPageQuery } from '#shared/ports/coach-store';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { dueEvents } from '../../../../support/outbox';
import { countingClient } from '../../../../support/per-team-lists';

/**
 * The coach list on the embedded DynamoDB against an oracle (filter, sort, slice in memory), for
 * random evaluations and random filters and pages; and what a page reads: only the rows it returns
 * plus one (and the keys of the rows it skips), whatever the filters; and the conditional write that
 * keeps one evaluation per call, with its event due in the outbox in the same write.
 */
let dynamo: LocalDynamo;
let store: DynamoEvaluationStore;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoEvaluationStore(getDocumentClient(), physicalTableName('calls'), physicalTableName('outbox'));
});
afterAll(() => dynamo.stop());

const DAY = 86_400_000;
const BASE = Date.parse('2026-10-01T00:00:00.000Z');
let nextTeam = 9000;

function evaluation(teamId: number, i: number, score: number, rubricId: string, minute: number): CoachEvaluation {
  const started = new Date(BASE + minute * 60_000).toISOString();
  return {
    call_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    team_id: teamId,
    call_started_at: started,
    evaluated_at: started,
    rubric_id: rubricId,
    rubric_version: 1,
    score,
    pass_threshold: 70,
    passed: score >= 70,
    criteria: [],
    evaluator: { kind: 'rule_based', model: null },
  };
}

/** What the page must be: the filters applied, newest call first (ties: call id descending), sliced. */
function oracle(all: readonly CoachEvaluation[], q: EvaluationPageQuery): string[] {
  return all
    .filter((e) => q.start === undefined || e.call_started_at >= q.start)
    .filter((e) => q.end === undefined || e.call_started_at < q.end)
    .filter((e) => q.rubricId === undefined || e.rubric_id === q.rubricId)
    .filter((e) => e.score >= (q.minScore ?? 0) && e.score <= (q.maxScore ?? 100))
    .sort((a, b) =>
      a.call_started_at === b.call_started_at ? b.call_id.localeCompare(a.call_id) : b.call_started_at.localeCompare(a.call_started_at),
    )
    .slice(q.offset, q.offset + q.limit + 1)
    .map((e) => e.call_id);
}

const rows = fc.array(
  fc.record({
    score: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom(0, 50, 70, 100)),
    rubric: fc.constantFrom('home-services', 'custom'),
    minute: fc.integer({ min: 0, max: 60 * 24 * 30 }),
  }),
  { minLength: 0, maxLength: 60 },
);

const queries = fc.record({
  start: fc.option(fc.integer({ min: -1, max: 30 }), { nil: undefined }),
  span: fc.option(fc.integer({ min: 1, max: 31 }), { nil: undefined }),
  rubricId: fc.option(fc.constantFrom('home-services', 'custom', 'none'), { nil: undefined }),
  min: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
  width: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
  offset: fc.integer({ min: 0, max: 25 }),
  limit: fc.integer({ min: 1, max: 20 }),
});

describe('DynamoEvaluationStore.putEvaluationOnce', () => {
  it('stores the first copy with its event due in the outbox, and neither the evaluation nor the event of a later copy', async () => {
    const teamId = nextTeam++;
    const first = evaluation(teamId, 1, 80, 'home-services', 0);
    const later = { ...first, score: 40, passed: false, evaluated_at: new Date(BASE + 60_000).toISOString() };
    const mine = () => dueEvents((e) => e.detail.team_id === teamId);

    expect(await store.putEvaluationOnce(first, [coachEvaluationCompleted(first)])).toBe(true);
    expect(await store.putEvaluationOnce(later, [coachEvaluationCompleted(later)])).toBe(false);

    expect(await store.getEvaluation(teamId, first.call_id)).toMatchObject({ score: 80 });
    expect((await mine()).map((e) => e.detail)).toEqual([coachEvaluationCompleted(first).detail]);
  });

  it('needs the outbox table to make an event due', async () => {
    const withoutOutbox = new DynamoEvaluationStore(getDocumentClient(), physicalTableName('calls'));
    const e = evaluation(nextTeam++, 2, 90, 'home-services', 0);
    await expect(withoutOutbox.putEvaluationOnce(e, [coachEvaluationCompleted(e)])).rejects.toThrow('outbox table');
    expect(await store.getEvaluation(e.team_id, e.call_id)).toBeNull();
  });
});

describe('scoreCover', () => {
  it('covers every score range exactly once, with at most 27 partitions', () => {
    for (let min = 0; min <= 100; min++) {
      for (let max = min; max <= 100; max++) {
        const { bands, scores } = scoreCover(min, max);
        const covered = [...bands.flatMap((b) => (b === 10 ? [100] : Array.from({ length: 10 }, (_, i) => b * 10 + i))), ...scores].sort(
          (a, b) => a - b,
        );
        expect(covered).toEqual(Array.from({ length: max - min + 1 }, (_, i) => min + i));
        expect(bands.length + scores.length).toBeLessThanOrEqual(27);
      }
    }
    expect(scoreCover(70, 100)).toEqual({ bands: [7, 8, 9, 10], scores: [] });
    expect(scoreCover(65, 92)).toEqual({ bands: [7, 8], scores: [65, 66, 67, 68, 69, 90, 91, 92] });
  });
});

describe('DynamoEvaluationStore.listEvaluations', () => {
  it('answers what the oracle answers for random evaluations, filters and pages', async () => {
    await fc.assert(
      fc.asyncProperty(rows, fc.array(queries, { minLength: 1, maxLength: 6 }), async (generated, qs) => {
        const teamId = nextTeam++;
        const all = generated.map((r, i) => evaluation(teamId, i, r.score, r.rubric, r.minute));
        await store.putEvaluations(all);
        for (const g of qs) {
          const start = g.start === undefined ? undefined : new Date(BASE + g.start * DAY).toISOString();
          const end = g.span === undefined ? undefined : new Date(BASE + ((g.start ?? 0) + g.span) * DAY).toISOString();
          const q: EvaluationPageQuery = {
            teamId,
            start,
            end,
            rubricId: g.rubricId,
            minScore: g.min,
            maxScore: g.min === undefined || g.width === undefined ? undefined : Math.min(100, g.min + g.width),
            offset: g.offset,
            limit: g.limit,
          };
          expect((await store.listEvaluations(q)).map((e) => e.call_id)).toEqual(oracle(all, q));
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25) },
    );
  });

  it('pages through a score range: every evaluation once, in order', async () => {
    const teamId = nextTeam++;
    const all = Array.from({ length: 57 }, (_, i) =>
      evaluation(teamId, i, (i * 37) % 101, i % 3 === 0 ? 'custom' : 'home-services', i * 7),
    );
    await store.putEvaluations(all);
    const q = { teamId, minScore: 20, maxScore: 80, limit: 7 };
    const seen: string[] = [];
    for (let offset = 0; ; offset += q.limit) {
      const page = await store.listEvaluations({ ...q, offset });
      seen.push(...page.slice(0, q.limit).map((e) => e.call_id));
      if (page.length <= q.limit) break;
    }
    expect(seen).toEqual(oracle(all, { ...q, offset: 0, limit: 1000 }));
  });

  it.each([
    ['no filter', {}],
    ['a rubric', { rubricId: 'home-services' }],
    ['a score range', { minScore: 40, maxScore: 60 }],
    ['a rubric and a score range', { rubricId: 'custom', minScore: 0, maxScore: 99 }],
  ])('reads whole rows only for the page it returns (%s)', async (_name, filters: Partial<EvaluationPageQuery>) => {
    const teamId = nextTeam++;
    // 400 evaluations, most of them outside every filter's page.
    const all = Array.from({ length: 400 }, (_, i) => evaluation(teamId, i, (i * 13) % 101, i % 2 === 0 ? 'custom' : 'home-services', i));
    await store.putEvaluations(all);
    const counting = countingClient(getDocumentClient());
    const counted = new DynamoEvaluationStore(counting.client, physicalTableName('calls'));
    const fullRows = { n: 0 };
    const send = counting.client.send.bind(counting.client);
    (counting.client as { send: unknown }).send = async (command: never) => {
      const result = (await send(command)) as { Items?: Record<string, unknown>[] };
      fullRows.n += (result.Items ?? []).filter((item) => 'evaluation' in item).length;
      return result;
    };

    const q = { teamId, offset: 30, limit: 10, ...filters };
    const page = await counted.listEvaluations(q);
    if (process.env.COACH_READS === '1') console.log(_name, { full: fullRows.n, ...counting.counts });

    expect(page.map((e) => e.call_id)).toEqual(oracle(all, q));
    // Nothing is read and thrown away by a filter: every row read is a key condition's.
    expect(counting.counts.itemsRead).toBe(counting.counts.itemsReturned);
    const cover = filters.minScore !== undefined ? scoreCover(filters.minScore, filters.maxScore ?? 100) : null;
    const partitions = cover ? cover.bands.length + cover.scores.length : 1;
    // Whole rows: the page plus one, and a few read-ahead rows per merged partition (none for one partition).
    expect(fullRows.n).toBeLessThanOrEqual(q.limit + 1 + 3 * (partitions - 1));
    // Keys of the skipped rows, likewise.
    expect(counting.counts.itemsRead).toBeLessThanOrEqual(q.offset + q.limit + 1 + 6 * (partitions - 1));
    expect(partitions).toBeLessThanOrEqual(27);
  });
});
