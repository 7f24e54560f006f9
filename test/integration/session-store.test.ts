import fc from 'fast-check';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { SessionRecord } from '#shared/domain/sessions';
import type { LocalDynamo } from '../../local/dynamodb';
import { startEmulator } from '../support/emulator';
import { session } from '../support/factories';

let dynamo: LocalDynamo;
let store: DynamoSessionStore;
let nextTeam = 1000;

/** Each test team stands alone in an enterprise of the same id. */
function placed(rows: readonly SessionRecord[]): Promise<void> {
  const placements = new Map(rows.map((r) => [r.team_id, { enterpriseId: r.team_id, isTest: false }]));
  return store.putSessions(rows, placements);
}

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
});
afterAll(() => dynamo.stop());

async function pageThrough(
  read: (after: string | undefined, limit: number) => Promise<{ session: SessionRecord; position: string }[]>,
  limit: number,
): Promise<string[]> {
  const seen: string[] = [];
  let after: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const rows = await read(after, limit);
    const page = rows.slice(0, limit);
    seen.push(...page.map((r) => r.session.session_id));
    if (rows.length <= limit) return seen;
    after = page[page.length - 1]?.position;
  }
  throw new Error('paging did not end');
}

const instants = ['2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z', '2026-03-02T08:30:00.000Z', '2026-03-03T23:59:59.999Z'];

describe('DynamoSessionStore', () => {
  it('pages every matching session exactly once, newest first, with any limit, even when many share an instant', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ at: fc.constantFrom(...instants), team: fc.integer({ min: 0, max: 2 }), booked: fc.boolean() }), {
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 7 }),
        async (specs, limit) => {
          const teams = [nextTeam++, nextTeam++, nextTeam++];
          const rows = specs.map((spec, i) =>
            session({
              session_id: `ses_${String(i).padStart(4, '0')}`,
              team_id: teams[spec.team] as number,
              started_at: spec.at,
              status: spec.booked ? 'booked' : 'pending',
              completed_at: spec.booked ? spec.at : null,
            }),
          );
          await placed(rows);
          const seen = await pageThrough((after, l) => store.listSessions({ teamIds: teams, after, limit: l }), limit);
          const expected = [...rows]
            .sort((a, b) => {
              const ka = `${a.started_at}#${String(a.team_id).padStart(10, '0')}#${a.session_id}`;
              const kb = `${b.started_at}#${String(b.team_id).padStart(10, '0')}#${b.session_id}`;
              return ka < kb ? 1 : -1;
            })
            .map((r) => r.session_id);
          expect(seen).toEqual(expected);
          const bookings = await pageThrough((after, l) => store.listBookings({ teamIds: teams, after, limit: l }), limit);
          expect(bookings.sort()).toEqual(
            rows
              .filter((r) => r.status === 'booked')
              .map((r) => r.session_id)
              .sort(),
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('includes start_date and excludes end_date', async () => {
    const team = nextTeam++;
    await placed([
      session({ session_id: 'at-start', team_id: team, started_at: '2026-04-01T00:00:00.000Z' }),
      session({ session_id: 'inside', team_id: team, started_at: '2026-04-01T12:00:00.000Z' }),
      session({ session_id: 'at-end', team_id: team, started_at: '2026-04-02T00:00:00.000Z' }),
    ]);
    const rows = await store.listSessions({
      teamIds: [team],
      start: '2026-04-01T00:00:00.000Z',
      end: '2026-04-02T00:00:00.000Z',
      limit: 10,
    });
    expect(rows.map((r) => r.session.session_id)).toEqual(['inside', 'at-start']);
    const analytics = await store.readSessionsStartedIn(team, { start: '2026-04-01T00:00:00.000Z', end: '2026-04-02T00:00:00.000Z' });
    expect(analytics.map((s) => s.session_id).sort()).toEqual(['at-start', 'inside']);
  });

  it('filters by status through the status index and by scheduler with a filter that still fills the page', async () => {
    const team = nextTeam++;
    const rows = Array.from({ length: 30 }, (_, i) =>
      session({
        session_id: `s${String(i).padStart(2, '0')}`,
        team_id: team,
        started_at: `2026-05-01T00:00:${String(i).padStart(2, '0')}.000Z`,
        status: i % 3 === 0 ? 'booked' : 'dropped_off',
        scheduler_id: i % 5 === 0 ? 2 : 1,
      }),
    );
    await placed(rows);
    const booked = await store.listSessions({ teamIds: [team], status: 'booked', limit: 100 });
    expect(booked).toHaveLength(10);
    // limit + 1 rows come back so the caller can tell there is a next page.
    const scheduler2 = await store.listSessions({ teamIds: [team], schedulerId: 2, limit: 3 });
    expect(scheduler2.map((r) => r.session.session_id)).toEqual(['s25', 's20', 's15', 's10']);
  });

  it('never returns another team’s sessions', async () => {
    const mine = nextTeam++;
    const theirs = nextTeam++;
    await placed([session({ session_id: 'mine', team_id: mine }), session({ session_id: 'theirs', team_id: theirs })]);
    const rows = await store.listSessions({ teamIds: [mine], limit: 10 });
    expect(rows.map((r) => r.session.session_id)).toEqual(['mine']);
  });
});
