import type { SessionRecord } from '#shared/domain/sessions';

/**
 * googleAdsData groups sessions by their click ids, and nearly every click id is its own group
 * (tens of thousands in a busy team's quarter, most with one session). A 90-day answer merges
 * every group of every day bucket (a click id may recur on other days, and the ranking by sessions
 * must see every group), so both the stored form and the merge are built for that volume:
 * - a group key is one string, tagged by which ids it has (`g<gclid>`, `w<wbraid>`, `b<gbraid>`,
 *   or `j` + the JSON of all three when more than one is set), so the usual single-id group needs
 *   no joining, splitting or escaping, and keys of different ids can never collide;
 * - groups are merged into a Map from key to an index in parallel count arrays: no object per
 *   group, and rows are shaped only when the answer asks for them;
 * - the stored form lists keys under their (sessions, conversions) pair, which almost every group
 *   shares, packed in a text JSON never escapes (see PACKED_MARK); buckets written before it hold
 *   `[[sessions, conversions, key, key, …], …]` and are read as they are.
 */
/** One row of googleAdsData: a group of sessions by click ids, with its counts. */
export type AdsRow = { gclid: string; wbraid: string; gbraid: string; sessions: number; conversions: number };

/** The group key of a session's click ids, or null when it has none (the raw computation groups by the same ids). */
export function adGroupKey(g: SessionRecord['google_ads']): string | null {
  const gclid = g.gclid ?? '';
  const wbraid = g.wbraid ?? '';
  const gbraid = g.gbraid ?? '';
  if (wbraid === '' && gbraid === '') return gclid === '' ? null : `g${gclid}`;
  if (gclid === '' && gbraid === '') return `w${wbraid}`;
  if (gclid === '' && wbraid === '') return `b${gbraid}`;
  return `j${JSON.stringify([gclid, wbraid, gbraid])}`;
}

function idsOfKey(key: string): [string, string, string] {
  const rest = key.slice(1);
  switch (key[0]) {
    case 'g':
      return [rest, '', ''];
    case 'w':
      return ['', rest, ''];
    case 'b':
      return ['', '', rest];
    default:
      return JSON.parse(rest) as [string, string, string];
  }
}

type StoredGroups = [number, number, ...string[]][];

/**
 * The stored form starts `p<length>:` and the length of its JSON part. Click ids are random text
 * (~34,000 of ~80 characters in the bench team's 90 days): written as JSON strings, each carried
 * two quotes that every JSON text they travel in escapes again (the item in the emulator, the
 * response, the SDK), and the slow paths of parsing and printing JSON strings. Packed, the text
 * holds no character JSON escapes, and sorting lets each key skip the prefix it shares with the
 * one before (the click-id kinds start alike).
 */
const PACKED_MARK = 'p';
const GROUP_SEPARATOR = '|';
const KEY_SEPARATOR = ' ';
/**
 * Shared-prefix lengths are written as one character from '0' (48) to '?' (63), none of them
 * escaped in JSON: click ids of one kind start alike for up to ~12 characters (`Cj0KCQiA`,
 * `EAIaIQobChMI`), past which ids are random and rarely share more.
 */
const SHARED_BASE = 48;
const MAX_SHARED = 15;
/** Keys that cannot be packed: a separator, or a character JSON escapes or that DynamoDB's UTF-8 could not keep as is. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the test is for
const UNPACKABLE = /[| "\\\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]/;

export class AdGroups {
  private readonly index = new Map<string, number>();
  private readonly keys: string[] = [];
  private readonly sessions: number[] = [];
  private readonly conversions: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  add(key: string, sessions: number, conversions: number): void {
    const i = this.index.get(key);
    if (i === undefined) {
      this.index.set(key, this.keys.length);
      this.keys.push(key);
      this.sessions.push(sessions);
      this.conversions.push(conversions);
    } else {
      this.sessions[i] = (this.sessions[i] as number) + sessions;
      this.conversions[i] = (this.conversions[i] as number) + conversions;
    }
  }

  /** Adds a stored form in: encode's, or the JSON form of buckets written before it (read as they are, no rebuild). */
  addEncoded(text: string): void {
    if (!text.startsWith(PACKED_MARK)) {
      this.addJson(text);
      return;
    }
    const colon = text.indexOf(':');
    const jsonEnd = colon + 1 + Number(text.slice(PACKED_MARK.length, colon));
    if (jsonEnd > colon + 1) this.addJson(text.slice(colon + 1, jsonEnd));
    for (const group of text.slice(jsonEnd).split(GROUP_SEPARATOR)) {
      if (group === '') continue;
      const c1 = group.indexOf(',');
      const c2 = group.indexOf(',', c1 + 1);
      const sessions = Number(group.slice(0, c1));
      const conversions = Number(group.slice(c1 + 1, c2));
      let previous = '';
      for (const entry of group.slice(c2 + 1).split(KEY_SEPARATOR)) {
        const shared = entry.charCodeAt(0) - SHARED_BASE;
        const key = shared === 0 ? entry.slice(1) : previous.slice(0, shared) + entry.slice(1);
        this.add(key, sessions, conversions);
        previous = key;
      }
    }
  }

  /** `[[sessions, conversions, key, key, …], …]`. */
  private addJson(text: string): void {
    for (const group of JSON.parse(text) as StoredGroups) {
      const [sessions, conversions] = group;
      for (let i = 2; i < group.length; i++) this.add(group[i] as string, sessions, conversions);
    }
  }

  /**
   * The stored form (see PACKED_MARK): keys listed under their (sessions, conversions) pair,
   * sorted, each written as how many leading characters it shares with the key before it (one
   * character) and the rest; keys that hold a separator or a character JSON escapes go to a
   * leading JSON part instead.
   */
  encode(): string {
    const packed = new Map<string, string[]>();
    const json = new Map<string, [number, number, ...string[]]>();
    for (let i = 0; i < this.keys.length; i++) {
      const [sessions, conversions, key] = [this.sessions[i] as number, this.conversions[i] as number, this.keys[i] as string];
      const pair = `${sessions},${conversions}`;
      if (UNPACKABLE.test(key)) {
        const group = json.get(pair);
        if (group) group.push(key);
        else json.set(pair, [sessions, conversions, key]);
      } else {
        const keys = packed.get(pair);
        if (keys) keys.push(key);
        else packed.set(pair, [key]);
      }
    }
    const jsonText = json.size === 0 ? '' : JSON.stringify([...json.values()]);
    const groups = [...packed].map(([pair, keys]) => {
      keys.sort(compareText);
      let previous = '';
      const entries = keys.map((key) => {
        let shared = 0;
        while (shared < MAX_SHARED && shared < key.length - 1 && key.charCodeAt(shared) === previous.charCodeAt(shared)) shared++;
        previous = key;
        return String.fromCharCode(SHARED_BASE + shared) + key.slice(shared);
      });
      return `${pair},${entries.join(KEY_SEPARATOR)}`;
    });
    return `${PACKED_MARK}${jsonText.length}:${jsonText}${groups.join(GROUP_SEPARATOR)}`;
  }

  private row(i: number): AdsRow {
    const [gclid, wbraid, gbraid] = idsOfKey(this.keys[i] as string);
    return { gclid, wbraid, gbraid, sessions: this.sessions[i] as number, conversions: this.conversions[i] as number };
  }

  /** The groups as answer rows, shaped one at a time. */
  *rows(): Generator<AdsRow> {
    for (let i = 0; i < this.keys.length; i++) yield this.row(i);
  }

  /**
   * The `k` leading groups in the block's order (adsOrder) and how many groups there are, as
   * leadingBySessions ranks rows, but over the count arrays: a group gets a name only when its
   * sessions tie with the last group kept, and a row only when it is among the `k` returned.
   */
  leading(k: number): { rows: AdsRow[]; total: number } {
    const names: (string | undefined)[] = [];
    const nameOf = (i: number): string => {
      let name = names[i];
      if (name === undefined) {
        name = nameOfKey(this.keys[i] as string);
        names[i] = name;
      }
      return name;
    };
    /** Negative when group `a` comes first. */
    const compare = (a: number, b: number): number =>
      (this.sessions[b] as number) - (this.sessions[a] as number) ||
      compareText(nameOf(a), nameOf(b)) ||
      compareText(this.keys[a] as string, this.keys[b] as string);
    const heap = new BoundedHeap(k, compare);
    for (let i = 0; i < this.keys.length; i++) {
      const worst = heap.worst();
      if (worst === undefined || (this.sessions[i] as number) >= (this.sessions[worst] as number)) heap.offer(i);
    }
    return { rows: heap.sorted().map((i) => this.row(i)), total: this.keys.length };
  }
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The name googleAdsData ranks a group by (its ids joined by '/'), built from its key without the row. */
function nameOfKey(key: string): string {
  const rest = key.slice(1);
  switch (key[0]) {
    case 'g':
      return `${rest}//`;
    case 'w':
      return `/${rest}/`;
    case 'b':
      return `//${rest}`;
    default:
      return (JSON.parse(rest) as [string, string, string]).join('/');
  }
}

/** The `size` first of the items offered, in `compare` order (negative: the first comes first); the root is the last kept. */
class BoundedHeap {
  private readonly items: number[] = [];

  constructor(
    private readonly size: number,
    private readonly compare: (a: number, b: number) => number,
  ) {}

  /** The last item kept, once the heap is full. */
  worst(): number | undefined {
    return this.items.length < this.size ? undefined : this.items[0];
  }

  offer(item: number): void {
    const items = this.items;
    if (this.size <= 0) return;
    if (items.length < this.size) {
      items.push(item);
      let i = items.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.compare(items[i] as number, items[parent] as number) <= 0) break;
        [items[i], items[parent]] = [items[parent] as number, items[i] as number];
        i = parent;
      }
      return;
    }
    if (this.compare(item, items[0] as number) >= 0) return;
    items[0] = item;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      let last = i;
      if (l < items.length && this.compare(items[l] as number, items[last] as number) > 0) last = l;
      if (l + 1 < items.length && this.compare(items[l + 1] as number, items[last] as number) > 0) last = l + 1;
      if (last === i) return;
      [items[i], items[last]] = [items[last] as number, items[i] as number];
      i = last;
    }
  }

  sorted(): number[] {
    return [...this.items].sort(this.compare);
  }
}
