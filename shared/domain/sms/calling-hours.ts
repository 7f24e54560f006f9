import { atLoad } from '#shared/lazy';
import { type HolidayCalendar, holidayOn } from './holidays';
import { atHour, inZone, isoDate, plusDays, startOfDay, weekday, type Zoned } from './zoned-time';

/**
 * When a text may go out: the calling-hours rules table (federal and state telephone-solicitation
 * hours, closed days and frequency caps, each beside its source), the state a number presumably
 * belongs to (its area code), and the first instant a text may be sent under every rule that binds
 * it. The one place these rules live: the planner (preflight and create) and the sender use it.
 *
 * Hours are the recipient's local time in every zone its area code spans (the strictest wins).
 * Where a statute presumes the state from the area code (Fla. Stat. § 501.059(8)(b) as amended in
 * 2021, Conn. Gen. Stat. § 42-288(c)), that is exact; elsewhere the area code is the best
 * evidence a number carries.
 */

/** A local window in hours, end exclusive (20 = texts stop at 20:00). */
export interface Window {
  readonly start: number;
  readonly end: number;
}

export interface CallingRule {
  /** Two-letter state, or `federal`. */
  readonly jurisdiction: string;
  /** The window per ISO weekday (1 = Monday … 7 = Sunday); null: no texts that day. */
  readonly days: readonly [Window | null, Window | null, Window | null, Window | null, Window | null, Window | null, Window | null];
  /** Legal holidays with no texts. */
  readonly holidays: HolidayCalendar | null;
  /** At most `messages` solicitations to a number in any `hours` hours. */
  readonly cap: { readonly messages: number; readonly hours: number } | null;
  readonly source: string;
}

const every = (w: Window | null) => [w, w, w, w, w, w, w] as const;
const exceptSunday = (w: Window) => [w, w, w, w, w, w, null] as const;

/** 47 CFR 64.1200(c)(1): no telephone solicitation before 8:00 or after 21:00 at the called party's location. */
export const FEDERAL_RULE: CallingRule = {
  jurisdiction: 'federal',
  days: every({ start: 8, end: 21 }),
  holidays: null,
  cap: null,
  source: '47 CFR 64.1200(c)(1)',
};

/** State rules stricter than the federal one (see docs/sms-compliance.md for what was confirmed and how). */
export const STATE_RULES: Readonly<Record<string, CallingRule>> = {
  /** Fla. Stat. § 501.616(6)(a) 8:00–20:00; (6)(b) at most 3 per 24 hours on the same subject (2021 c. 2021-185). */
  FL: {
    jurisdiction: 'FL',
    days: every({ start: 8, end: 20 }),
    holidays: null,
    cap: { messages: 3, hours: 24 },
    source: 'Fla. Stat. § 501.616(6)',
  },
  /** Okla. Stat. tit. 15 § 775C.4 (Telephone Solicitation Act of 2022): 8:00–20:00, at most 3 per 24 hours on the same subject. */
  OK: {
    jurisdiction: 'OK',
    days: every({ start: 8, end: 20 }),
    holidays: null,
    cap: { messages: 3, hours: 24 },
    source: 'Okla. Stat. tit. 15 § 775C.4',
  },
  /** Md. Code, Com. Law § 14-4503 (Stop the Spam Calls Act of 2023, from 1 Jan 2024): 8:00–20:00, at most 3 per 24 hours on the same subject. */
  MD: {
    jurisdiction: 'MD',
    days: every({ start: 8, end: 20 }),
    holidays: null,
    cap: { messages: 3, hours: 24 },
    source: 'Md. Code, Com. Law § 14-4503',
  },
  /** Tex. Bus. & Com. Code § 301.051: Mon–Sat 9:00–21:00, Sunday 12:00–21:00; texts are telephone solicitations since SB 140 (2025), 1 Sept 2025. */
  TX: {
    jurisdiction: 'TX',
    days: [
      { start: 9, end: 21 },
      { start: 9, end: 21 },
      { start: 9, end: 21 },
      { start: 9, end: 21 },
      { start: 9, end: 21 },
      { start: 9, end: 21 },
      { start: 12, end: 21 },
    ],
    holidays: null,
    cap: null,
    source: 'Tex. Bus. & Com. Code § 301.051; SB 140 (2025)',
  },
  /** Conn. Gen. Stat. § 42-288a as amended by P.A. 23-98 (texts included): 9:00–20:00. */
  CT: {
    jurisdiction: 'CT',
    days: every({ start: 9, end: 20 }),
    holidays: null,
    cap: null,
    source: 'Conn. Gen. Stat. § 42-288a (P.A. 23-98)',
  },
  /** Ala. Admin. Code r. 770-X-5-.16 (Ala. Code § 8-19A): 8:00–20:00, no Sundays or state legal holidays (§ 1-3-8). */
  AL: {
    jurisdiction: 'AL',
    days: exceptSunday({ start: 8, end: 20 }),
    holidays: 'AL',
    cap: null,
    source: 'Ala. Admin. Code r. 770-X-5-.16; Ala. Code § 1-3-8',
  },
  /** La. R.S. 45:811 and the LPSC Do Not Call rules (R.S. 45:844.11 et seq.): 8:00–20:00 Mon–Sat, no Sundays or legal holidays (R.S. 1:55). */
  LA: {
    jurisdiction: 'LA',
    days: exceptSunday({ start: 8, end: 20 }),
    holidays: 'LA',
    cap: null,
    source: 'La. R.S. 45:811, 45:844.11 et seq.; La. R.S. 1:55',
  },
  /** Miss. Code § 77-3-723(1): 8:00–20:00, no Sundays (the legal-holiday ban went with the PSC rules repealed in 2024). */
  MS: { jurisdiction: 'MS', days: exceptSunday({ start: 8, end: 20 }), holidays: null, cap: null, source: 'Miss. Code § 77-3-723(1)' },
};

/** Area codes in service (2026) of the states with their own rules; an overlay belongs to its state. */
const AREA_CODES: Readonly<Record<string, readonly string[]>> = {
  FL: [
    '239',
    '305',
    '321',
    '324',
    '352',
    '386',
    '407',
    '448',
    '561',
    '645',
    '656',
    '689',
    '727',
    '728',
    '754',
    '772',
    '786',
    '813',
    '850',
    '863',
    '904',
    '941',
    '954',
  ],
  OK: ['405', '539', '572', '580', '918'],
  MD: ['227', '240', '301', '410', '443', '667'],
  TX: [
    '210',
    '214',
    '254',
    '281',
    '325',
    '346',
    '361',
    '409',
    '430',
    '432',
    '469',
    '512',
    '682',
    '713',
    '726',
    '737',
    '806',
    '817',
    '830',
    '832',
    '903',
    '915',
    '936',
    '940',
    '945',
    '956',
    '972',
    '979',
  ],
  CT: ['203', '475', '860', '959'],
  AL: ['205', '251', '256', '334', '483', '659', '938'],
  LA: ['225', '318', '337', '457', '504', '985'],
  MS: ['228', '601', '662', '769'],
};

// atLoad (shared/lazy.ts): a function that imports this module without reading a number's rules drops the table.
const STATES_BY_AREA_CODE = /* @__PURE__ */ atLoad(() => {
  const states = new Map<string, string[]>();
  for (const [state, codes] of Object.entries(AREA_CODES)) {
    for (const code of codes) states.set(code, [...(states.get(code) ?? []), state]);
  }
  return states;
});

/** The states with their own rules a NANP number's area code presumes (several where it spans states). */
export function statesOf(e164: string): string[] {
  if (!e164.startsWith('+1') || e164.length !== 12) return [];
  return STATES_BY_AREA_CODE.get(e164.slice(2, 5)) ?? [];
}

/** The rules binding a text to this number: the federal rule and its states' (solicitations only). */
export function rulesFor(e164: string): CallingRule[] {
  return [FEDERAL_RULE, ...statesOf(e164).flatMap((s) => (STATE_RULES[s] ? [STATE_RULES[s]] : []))];
}

/** The strictest frequency cap among rules (fewest messages per window), or null. */
export function capFor(rules: readonly CallingRule[]): { messages: number; hours: number; jurisdiction: string } | null {
  let strictest: { messages: number; hours: number; jurisdiction: string } | null = null;
  for (const r of rules) {
    if (r.cap && (!strictest || r.cap.messages / r.cap.hours < strictest.messages / strictest.hours)) {
      strictest = { ...r.cap, jurisdiction: r.jurisdiction };
    }
  }
  return strictest;
}

/** The team's own window (operator setting), every day. */
export function teamRule(window: Window): CallingRule {
  return { jurisdiction: 'team', days: every(window), holidays: null, cap: null, source: 'the team’s quiet hours (messaging quiet-hours)' };
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const hh = (h: number) => `${h}:00`;

/** The window of a rule on a local day, null when the day is closed (Sunday, holiday). */
function windowOn(rule: CallingRule, day: Zoned): Window | null {
  if (rule.holidays && holidayOn(rule.holidays, isoDate(day))) return null;
  return rule.days[weekday(day) - 1] ?? null;
}

/** The first instant at or after `ms` inside the rule's window in this zone, within two weeks. */
function nextOpen(rule: CallingRule, zone: string, ms: number): { at: number; window: Window; day: Zoned } | null {
  const today = startOfDay(inZone(ms, zone));
  for (let d = 0; d < 14; d++) {
    const day = plusDays(today, d);
    const window = windowOn(rule, day);
    if (!window) continue;
    const open = atHour(day, window.start).ts;
    const close = window.end >= 24 ? plusDays(day, 1).ts : atHour(day, window.end).ts;
    if (ms < close) return { at: Math.max(ms, open), window, day };
  }
  return null;
}

export interface SendTime {
  /** The first instant the text may go out. */
  readonly sendAt: Date;
  /** Which rule set it, e.g. `TX Sunday 12:00` (a wait for that opening) or `federal Tuesday 8:00–21:00` (open at once). */
  readonly rule: string;
}

/**
 * The first instant at or after `from` when every rule allows a text in every candidate zone of
 * the number. Never drops a recipient: rules whose windows never meet in two weeks (not a case
 * within NANP) give the latest opening found.
 */
export function firstSendTime(rules: readonly CallingRule[], zones: readonly string[], from: Date): SendTime {
  let ms = from.getTime();
  let binding: { rule: CallingRule; window: Window; day: Zoned; waited: boolean } | null = null;
  for (let round = 0; round < 20; round++) {
    let latest: { at: number; rule: CallingRule; window: Window; day: Zoned } | null = null;
    for (const rule of rules) {
      for (const zone of zones) {
        const open = nextOpen(rule, zone, ms);
        if (!open) continue;
        // On a tie the later rule (a state's over the federal one, over the team's) names the wait.
        if (!latest || open.at >= latest.at) latest = { ...open, rule };
      }
    }
    if (!latest || latest.at === ms) {
      if (!binding) {
        // Open at once: name the strictest rule in force (the last one listed: state over federal).
        const rule = rules.at(-1);
        const open = rule ? nextOpen(rule, zones[0] ?? 'UTC', ms) : null;
        if (rule && open) binding = { rule, window: open.window, day: open.day, waited: false };
      }
      break;
    }
    binding = { rule: latest.rule, window: latest.window, day: latest.day, waited: true };
    ms = latest.at;
  }
  if (!binding) return { sendAt: new Date(ms), rule: 'none' };
  const day = WEEKDAYS[weekday(binding.day) - 1];
  const label = binding.waited
    ? `${binding.rule.jurisdiction} ${day} ${hh(binding.window.start)}`
    : `${binding.rule.jurisdiction} ${day} ${hh(binding.window.start)}–${hh(binding.window.end)}`;
  return { sendAt: new Date(ms), rule: label };
}
