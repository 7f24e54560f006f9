import type { UtmRow } from '#shared/domain/analytics';

/** The five UTM values of a group ('' for an absent one). */
export interface UtmValues {
  readonly source: string;
  readonly medium: string;
  readonly campaign: string;
  readonly term: string;
  readonly content: string;
}

/**
 * The stored UTM rows of a bucket: indexes into its value table of source, medium, campaign, term
 * and content, then sessions and conversions.
 */
export type StoredUtmRow = [number, number, number, number, number, number, number];

/**
 * utmData groups sessions by their five UTM values: a 90-day answer merges ~32,000 stored rows (a
 * day's few hundred rows, over a few hundred distinct values) into a few thousand groups. Each
 * value is interned once per merge into a small number, so a row's grouping key is five small
 * numbers rather than the joined values, and no object is made for a row whose group exists.
 */
export class UtmGroups {
  private readonly valueIds = new Map<string, number>();
  private readonly values: string[] = [];
  private readonly index = new Map<string, number>();
  /** Five value ids per group. */
  private readonly ids: number[] = [];
  private readonly sessions: number[] = [];
  private readonly conversions: number[] = [];

  get size(): number {
    return this.sessions.length;
  }

  private intern(value: string): number {
    let id = this.valueIds.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.valueIds.set(value, id);
      this.values.push(value);
    }
    return id;
  }

  private addIds(a: number, b: number, c: number, d: number, e: number, sessions: number, conversions: number): void {
    const key = `${a},${b},${c},${d},${e}`;
    const i = this.index.get(key);
    if (i === undefined) {
      this.index.set(key, this.sessions.length);
      this.ids.push(a, b, c, d, e);
      this.sessions.push(sessions);
      this.conversions.push(conversions);
    } else {
      this.sessions[i] = (this.sessions[i] as number) + sessions;
      this.conversions[i] = (this.conversions[i] as number) + conversions;
    }
  }

  add(v: UtmValues, sessions: number, conversions: number): void {
    const at = (value: string) => this.intern(value);
    this.addIds(at(v.source), at(v.medium), at(v.campaign), at(v.term), at(v.content), sessions, conversions);
  }

  /** Adds a stored form (encode's output) in. */
  addStored(table: readonly string[], rows: readonly StoredUtmRow[]): void {
    const local = table.map((value) => this.intern(value));
    const id = (i: number) => local[i] as number;
    for (const [i0, i1, i2, i3, i4, sessions, conversions] of rows) {
      this.addIds(id(i0), id(i1), id(i2), id(i3), id(i4), sessions, conversions);
    }
  }

  /** The stored form: the values the groups use, each once, and the groups by their indexes. */
  encode(): { t: string[]; u: StoredUtmRow[] } {
    const table = new Map<number, number>();
    const t: string[] = [];
    const at = (id: number): number => {
      let i = table.get(id);
      if (i === undefined) {
        i = t.length;
        table.set(id, i);
        t.push(this.values[id] as string);
      }
      return i;
    };
    const u: StoredUtmRow[] = [];
    for (let g = 0; g < this.sessions.length; g++) {
      const id = (n: number) => at(this.ids[g * 5 + n] as number);
      u.push([id(0), id(1), id(2), id(3), id(4), this.sessions[g] as number, this.conversions[g] as number]);
    }
    return { t, u };
  }

  /** The groups as answer rows. */
  *rows(): Generator<UtmRow> {
    const value = (k: number) => this.values[this.ids[k] as number] as string;
    for (let g = 0; g < this.sessions.length; g++) {
      const k = g * 5;
      yield {
        source: value(k),
        medium: value(k + 1),
        campaign: value(k + 2),
        term: value(k + 3),
        content: value(k + 4),
        sessions: this.sessions[g] as number,
        conversions: this.conversions[g] as number,
      };
    }
  }
}
