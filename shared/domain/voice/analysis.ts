/**
 * The provider's call analysis, read liberally. What an assistant's analysis plan produces is the
 * business's choice (Vapi's `structuredData` follows whatever schema the assistant defines), so a
 * report is never refused over it: booleans are read from "yes"/"true"/1, urgency from words or
 * numbers, keys in camelCase or snake_case; a value that cannot be read is null, with a warning
 * that names the member and says what was sent, and the raw analysis is kept beside the reading.
 */

export type UrgencyLevel = 'low' | 'standard' | 'high' | 'urgent' | 'emergency';

export interface CallAnalysis {
  readonly callReason: string | null;
  readonly sentiment: string | null;
  readonly bookingIntent: boolean | null;
  /** One of UrgencyLevel when read, null when absent or unreadable. */
  readonly urgency: UrgencyLevel | null;
}

export interface AnalysisReading {
  readonly analysis: CallAnalysis;
  /** What could not be read, each naming the member ("message.analysis.structuredData.urgency: ..."). */
  readonly warnings: string[];
}

/** Where each analysis member may be found: `analysis.<key>` first, then each structured source in order. */
export interface AnalysisSources {
  readonly top: Readonly<Record<string, unknown>> | null;
  readonly structured: readonly { readonly path: string; readonly data: Readonly<Record<string, unknown>> }[];
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', 'si', 'sí', '1', 'booked', 'requested', 'wants appointment']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'none', 'not requested']);

/** The analysis' own words for urgency, mapped onto the five levels the responder reasons with. */
const URGENCY_WORDS: ReadonlyMap<string, UrgencyLevel> = new Map([
  ['low', 'low'],
  ['minor', 'low'],
  ['none', 'standard'],
  ['normal', 'standard'],
  ['standard', 'standard'],
  ['routine', 'standard'],
  ['medium', 'standard'],
  ['moderate', 'standard'],
  ['regular', 'standard'],
  ['high', 'high'],
  ['elevated', 'high'],
  ['important', 'high'],
  ['urgent', 'urgent'],
  ['very high', 'urgent'],
  ['asap', 'urgent'],
  ['same day', 'urgent'],
  ['immediate', 'emergency'],
  ['critical', 'emergency'],
  ['emergency', 'emergency'],
  ['life safety', 'emergency'],
]);

/** A 1–5 scale (5 the most urgent); 6–10 read as a 1–10 scale halved. */
const URGENCY_SCALE: readonly UrgencyLevel[] = ['low', 'standard', 'high', 'urgent', 'emergency'];

const MEMBER_KEYS = {
  callReason: ['callreason', 'reason', 'callpurpose', 'intent'],
  sentiment: ['sentiment', 'customersentiment', 'callersentiment'],
  bookingIntent: ['bookingintent', 'appointmentrequested', 'wantsappointment', 'bookingrequested'],
  urgency: ['urgency', 'urgencylevel', 'priority'],
} as const satisfies Record<keyof CallAnalysis, readonly string[]>;

/** A key without case, dashes, underscores or spaces: `booking_intent`, `BookingIntent` → `bookingintent`. */
const squash = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

function find(data: Readonly<Record<string, unknown>>, keys: readonly string[]): { key: string; value: unknown } | null {
  for (const wanted of keys) {
    for (const [key, value] of Object.entries(data)) {
      if (squash(key) === wanted && value !== undefined && value !== null && value !== '') return { key, value };
    }
  }
  return null;
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

export function readBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : null;
  if (typeof value !== 'string') return null;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

export function readUrgency(value: unknown): UrgencyLevel | null {
  if (typeof value === 'boolean') return value ? 'urgent' : 'standard';
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value > 10) return null;
    const onFive = value > 5 ? value / 2 : value;
    return URGENCY_SCALE[Math.min(4, Math.max(0, Math.ceil(onFive) - 1))] ?? null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase().replace(/[_-]+/g, ' ');
  if (/^\d+(\.\d+)?$/.test(text)) return readUrgency(Number(text));
  const direct = URGENCY_WORDS.get(text);
  if (direct) return direct;
  // "High - water on the floor": the first word that names a level.
  for (const word of text.split(/[^a-z]+/)) {
    const level = URGENCY_WORDS.get(word);
    if (level && word !== 'none') return level;
  }
  return null;
}

function readText(value: unknown, max: number): string | null {
  if (typeof value === 'string') return value.trim().slice(0, max) || null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ').slice(0, max) || null;
  return null;
}

const READERS: { [K in keyof CallAnalysis]: (value: unknown) => CallAnalysis[K] } = {
  callReason: (v) => readText(v, 500),
  sentiment: (v) => readText(v, 100),
  bookingIntent: readBoolean,
  urgency: readUrgency,
};

const EXPECTED: Record<keyof CallAnalysis, string> = {
  callReason: 'text',
  sentiment: 'text',
  bookingIntent: 'a yes/no (true, false, "yes", "no", 1, 0)',
  urgency: 'an urgency word (low, standard, high, urgent, emergency) or a number from 1 to 5 (or 10)',
};

/**
 * Reads each member from the first source that has it. A value found but not readable gives a
 * warning and the next source is tried, so one odd field never hides a readable one.
 */
export function readAnalysis(sources: AnalysisSources): AnalysisReading {
  const warnings: string[] = [];
  const all = [...(sources.top ? [{ path: 'message.analysis', data: sources.top }] : []), ...sources.structured];
  const read = <K extends keyof CallAnalysis>(member: K): CallAnalysis[K] => {
    for (const source of all) {
      const found = find(source.data, MEMBER_KEYS[member]);
      if (!found) continue;
      const value = READERS[member](found.value);
      if (value !== null) return value;
      warnings.push(`${source.path}.${found.key}: ${shown(found.value)} was not read (expected ${EXPECTED[member]})`);
    }
    return null as CallAnalysis[K];
  };
  return {
    analysis: {
      callReason: read('callReason'),
      sentiment: read('sentiment'),
      bookingIntent: read('bookingIntent'),
      urgency: read('urgency'),
    },
    warnings,
  };
}

/** A plain object (not an array, not null), as the analysis members must be to be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The structured sources of an analysis: `structuredData`, then each entry of `structuredDataMulti`
 * (an entry's `result` when it has one, else the entry itself). Non-objects give a warning.
 */
export function structuredSources(analysis: Readonly<Record<string, unknown>>, warnings: string[]): AnalysisSources['structured'] {
  const out: { path: string; data: Record<string, unknown> }[] = [];
  const structured = analysis.structuredData;
  if (isRecord(structured)) out.push({ path: 'message.analysis.structuredData', data: structured });
  else if (structured !== undefined && structured !== null && structured !== '')
    warnings.push(`message.analysis.structuredData: ${shown(structured)} was not read (expected an object)`);
  const multi = analysis.structuredDataMulti;
  if (Array.isArray(multi)) {
    multi.forEach((entry, i) => {
      const data = isRecord(entry) && isRecord(entry.result) ? entry.result : entry;
      const path = `message.analysis.structuredDataMulti.${i}${isRecord(entry) && isRecord(entry.result) ? '.result' : ''}`;
      if (isRecord(data)) out.push({ path, data });
    });
  } else if (multi !== undefined && multi !== null) {
    warnings.push(`message.analysis.structuredDataMulti: ${shown(multi)} was not read (expected an array)`);
  }
  return out;
}
