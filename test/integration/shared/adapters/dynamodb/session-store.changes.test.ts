import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { toSessionItem } from '#shared/adapters/dynamodb/session-items';
import { DynamoSessionStore, listPartitions } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { SessionRecord } from '#shared/domain/sessions';
import type { ChangeWindow } from '#shared/pagination/change-feed';
import type { SessionListQuery } from '#shared/ports/session-store';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { session } from '../../../../support/factories';

/**
 * The change feeds of the session store (updated_since, ADR 0147): rows by when they last changed,
 * oldest first, in the window each page is given; a walk sees every change, including changes
 * made while it walks.
 */
let dynamo: LocalDynamo;
let store: DynamoSessionStore;
let nextTeam = 5000;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
});
afterAll(() => dynamo.stop());

const T0 = Date.parse('2026-09-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

/** Teams of the same parity share an enterprise (900 + team % 2). */
async function write(rows: readonly { readonly record: SessionRecord; readonly updatedAt: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 25) {
    const items = rows.slice(i, i + 25).map(({ record, updatedAt }) => ({
      PutRequest: { Item: toSessionItem(record, { enterpriseId: 900 + (record.team_id % 2), isTest: false }, updatedAt) },
    }));
    await getDocumentClient().send(new BatchWriteCommand({ RequestItems: { [physicalTableName('sessions')]: items } }));
  }
}

type Scope = Pick<SessionListQuery, 'teamIds' | 'enterprises'>;

/** Walks a feed page by page; `between` runs after each page (the writes made while walking) and returns the next page's window end. */
async function walk(
  scope: Scope,
  since: string,
  limit: number,
  between: (page: number) => Promise<string>,
  list: 'sessions' | 'bookings' = 'sessions',
): Promise<{ id: string; updatedAt: string }[]> {
  const seen: { id: string; updatedAt: string }[] = [];
  let after: string | undefined;
  let until = await between(-1);
  for (let page = 0; page < 500; page++) {
    const changedIn: ChangeWindow = { since, until };
    const q = { ...scope, changedIn, after, limit };
    const rows = list === 'sessions' ? await store.listSessions(q) : await store.listBookings(q);
    const kept = rows.slice(0, limit);
    seen.push(...kept.map((r) => ({ id: r.session.session_id, updatedAt: r.position.slice(0, 24) })));
    if (rows.length <= limit) return seen;
    after = kept[kept.length - 1]?.position;
    until = await between(page);
  }
  throw new Error('the walk did not end');
}

describe('DynamoSessionStore change feeds', () => {
  it('lists the rows changed in (since, until], oldest change first, ties in a stable order', async () => {
    const team = nextTeam++;
    const rows = Array.from({ length: 9 }, (_, i) => ({
      record: session({ session_id: `chg_${i}`, team_id: team, started_at: at(-86_400_000 + i) }),
      // Three rows share each instant: 0, 10, 20 ms.
      updatedAt: at(Math.floor(i / 3) * 10),
    }));
    await write(rows);
    const seen = await walk({ teamIds: [team] }, at(0), 2, async () => at(20));
    // Rows stamped exactly at `since` are not after it; those at `until` are in.
    expect(seen.map((r) => r.id)).toEqual(['chg_3', 'chg_4', 'chg_5', 'chg_6', 'chg_7', 'chg_8']);
    const none = await store.listSessions({ teamIds: [team], changedIn: { since: at(20), until: at(20) }, limit: 5 });
    expect(none).toEqual([]);
  });

  it('sees every change of a walk, changes made while walking included, per team and across an enterprise', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.tuple(fc.nat({ max: 11 }), fc.nat({ max: 3 })), { maxLength: 20 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        async (count, edits, limit, crossTeam) => {
          // Three teams of one enterprise (crossTeam: read through its two shards), or one team.
          nextTeam += 6;
          const teams = [nextTeam - 6, nextTeam - 4, nextTeam - 2];
          const first = teams[0] as number;
          const scope: Scope = crossTeam
            ? { teamIds: teams, enterprises: { ids: [900 + (first % 2)], includeTestTeams: false } }
            : { teamIds: [first] };
          expect(listPartitions(scope).kind).toBe(crossTeam ? 'enterprise' : 'teams');
          const records = Array.from({ length: count }, (_, i) =>
            session({ session_id: `w_${i}`, team_id: teams[crossTeam ? i % 3 : 0] as number, started_at: at(-3_600_000 + i) }),
          );
          const latest = new Map<string, string>();
          const put = async (record: SessionRecord, updatedAt: string) => {
            await write([{ record, updatedAt }]);
            latest.set(record.session_id, updatedAt);
          };
          for (const [i, record] of records.entries()) await put(record, at(1 + (i % 4)));
          // The clock: every page's window ends later, and edits between pages stamp within it.
          let clock = 10;
          const seen = await walk(scope, at(0), limit, async (page) => {
            // The edits are spread over the first three pages (page -1 is before the first).
            for (const [index, moment] of edits.filter((_, e) => e % 3 === page)) {
              const record = records[index % count] as SessionRecord;
              await put(record, at(clock + moment));
            }
            clock += 10;
            return at(clock);
          });
          // No change is missed: each row's last appearance is its latest change.
          const lastSeen = new Map(seen.map((r) => [r.id, r.updatedAt]));
          expect(lastSeen).toEqual(latest);
          // And no change appears twice.
          const keys = seen.map((r) => `${r.id}@${r.updatedAt}`);
          expect(new Set(keys).size).toBe(keys.length);
          // Positions only move forwards.
          const order = seen.map((r) => r.updatedAt);
          expect([...order].sort()).toEqual(order);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('stamps rows written before the feeds with their latest instant when the placement is restamped, keeping stamped rows as they are', async () => {
    const team = nextTeam++;
    const placement = { enterpriseId: 900 + (team % 2), isTest: false };
    const legacy = session({ session_id: 'old_1', team_id: team, started_at: at(1), last_activity_at: at(7) });
    const stamped = session({ session_id: 'new_1', team_id: team, started_at: at(2) });
    const { updated_at: _u, changeSk: _c, ...unstamped } = toSessionItem(legacy, placement);
    await getDocumentClient().send(
      new BatchWriteCommand({
        RequestItems: {
          [physicalTableName('sessions')]: [
            { PutRequest: { Item: unstamped } },
            { PutRequest: { Item: toSessionItem(stamped, placement, at(3)) } },
          ],
        },
      }),
    );
    const window = { since: at(0), until: at(100) };
    expect((await store.listSessions({ teamIds: [team], changedIn: window, limit: 5 })).map((r) => r.session.session_id)).toEqual([
      'new_1',
    ]);
    expect(await store.restampPlacement(team, placement)).toBe(1);
    const rows = await store.listSessions({ teamIds: [team], changedIn: window, limit: 5 });
    expect(rows.map((r) => [r.session.session_id, r.position.slice(0, 24)])).toEqual([
      ['new_1', at(3)],
      ['old_1', at(7)],
    ]);
  });

  it('lists the booked rows only on the bookings feed', async () => {
    const team = nextTeam++;
    const booked = session({ session_id: 'bk_1', team_id: team, status: 'booked', completed_at: at(-10) });
    const pending = session({ session_id: 'pd_1', team_id: team, status: 'pending' });
    await write([
      { record: booked, updatedAt: at(5) },
      { record: pending, updatedAt: at(6) },
    ]);
    const seen = await walk({ teamIds: [team] }, at(0), 1, async () => at(10), 'bookings');
    expect(seen.map((r) => r.id)).toEqual(['bk_1']);
  });
});
