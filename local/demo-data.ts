import { DateTime } from 'luxon';
import type { CallRecord } from '../shared/domain/calls';
import type { IntakeConfigInput } from '../shared/domain/intake/intake-config';
import { type Attribution, LEAD_TYPES, type LeadRecord, type LeadType } from '../shared/domain/leads';
import type { CustomerInfo, SessionRecord, SessionStatus } from '../shared/domain/sessions';

/**
 * Deterministic demo data for the local service, the seed and the benchmarks: plumbing, HVAC and
 * home-services sessions, leads of every channel, AI-answered calls, and the teams' speed-to-lead
 * intake configurations. The same options (seed and
 * `now` included) always give the same records. Phone numbers use the 555-01XX range reserved for
 * fiction and e-mail addresses use example.* domains, so nothing here reaches a real person.
 */

// ---------------------------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------------------------

/** mulberry32: a tiny, fast 32-bit PRNG; plenty for demo data (not for anything secret). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from any mix of strings and numbers (FNV-1a), e.g. seedFrom('sessions', teamId). */
export function seedFrom(...parts: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** In [0, 1). */
  float(): number {
    return this.next();
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks a value with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length)
      out += Math.floor(this.next() * 0x10000)
        .toString(16)
        .padStart(4, '0');
    return out.slice(0, length);
  }

  /** Characters from an alphabet, e.g. for click ids. */
  chars(length: number, alphabet: string): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  /** A string shaped like a version-4 UUID (crypto.randomUUID cannot be seeded). */
  uuid(): string {
    const h = this.hex(32).split('');
    h[12] = '4';
    h[16] = '89ab'[this.int(0, 3)] as string;
    const s = h.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// The trades, markets and people the data is drawn from
// ---------------------------------------------------------------------------------------------

export type Trade = 'plumbing' | 'hvac' | 'home_services';

export const JOB_TYPES = ['Repair', 'Maintenance', 'Installation', 'Inspection', 'Emergency service', 'Estimate'] as const;
export type JobType = (typeof JOB_TYPES)[number];

interface IssueSpec {
  readonly issue: string;
  readonly job: JobType;
  /** Typical job value in dollars when booked. */
  readonly value: readonly [number, number];
  readonly weight: number;
  /** Doubled in its season, halved out of it. */
  readonly season?: 'heating' | 'cooling';
}

const PLUMBING_ISSUES: readonly IssueSpec[] = [
  { issue: 'Water heater repair', job: 'Repair', value: [250, 900], weight: 14 },
  { issue: 'Drain clog', job: 'Repair', value: [150, 450], weight: 18 },
  { issue: 'Leak detection', job: 'Inspection', value: [200, 650], weight: 12 },
  { issue: 'Toilet repair', job: 'Repair', value: [150, 400], weight: 9 },
  { issue: 'Sewer line inspection', job: 'Inspection', value: [250, 600], weight: 6 },
  { issue: 'Water heater installation', job: 'Installation', value: [1400, 2500], weight: 6 },
  { issue: 'Burst pipe', job: 'Emergency service', value: [400, 1500], weight: 5, season: 'heating' },
  { issue: 'Garbage disposal replacement', job: 'Installation', value: [300, 700], weight: 5 },
  { issue: 'Sump pump repair', job: 'Repair', value: [300, 1100], weight: 4 },
  { issue: 'Low water pressure', job: 'Inspection', value: [150, 500], weight: 5 },
];

const HVAC_ISSUES: readonly IssueSpec[] = [
  { issue: 'AC not cooling', job: 'Repair', value: [250, 1200], weight: 16, season: 'cooling' },
  { issue: 'Furnace tune-up', job: 'Maintenance', value: [150, 250], weight: 12, season: 'heating' },
  { issue: 'AC tune-up', job: 'Maintenance', value: [150, 250], weight: 10, season: 'cooling' },
  { issue: 'No heat', job: 'Emergency service', value: [300, 1400], weight: 10, season: 'heating' },
  { issue: 'Heat pump repair', job: 'Repair', value: [300, 1300], weight: 7 },
  { issue: 'Thermostat installation', job: 'Installation', value: [200, 500], weight: 6 },
  { issue: 'New AC system estimate', job: 'Estimate', value: [1800, 2500], weight: 5, season: 'cooling' },
  { issue: 'Furnace replacement estimate', job: 'Estimate', value: [1800, 2500], weight: 4, season: 'heating' },
  { issue: 'Duct cleaning', job: 'Maintenance', value: [300, 700], weight: 5 },
  { issue: 'Strange noise from unit', job: 'Inspection', value: [150, 450], weight: 6 },
];

function issuesFor(trade: Trade): readonly IssueSpec[] {
  if (trade === 'plumbing') return PLUMBING_ISSUES;
  if (trade === 'hvac') return HVAC_ISSUES;
  return [...PLUMBING_ISSUES, ...HVAC_ISSUES];
}

/** Issue types a trade's widget offers (handy for tests and docs). */
export function issueTypesFor(trade: Trade): string[] {
  return issuesFor(trade).map((i) => i.issue);
}

function pickIssue(rng: Random, trade: Trade, at: LocalInstant): IssueSpec {
  const heatingSeason = at.month >= 10 || at.month <= 3;
  const coolingSeason = at.month >= 5 && at.month <= 9;
  return rng.weighted(
    issuesFor(trade).map((spec) => {
      const inSeason = (spec.season === 'heating' && heatingSeason) || (spec.season === 'cooling' && coolingSeason);
      const factor = spec.season === undefined ? 1 : inSeason ? 2 : 0.5;
      return [spec, spec.weight * factor] as const;
    }),
  );
}

export interface ServiceArea {
  readonly city: string;
  readonly state: string;
  readonly zips: readonly string[];
  readonly areaCodes: readonly string[];
}

/** Service areas per market, keyed by the team's time zone (a team serves the area around it). */
export const SERVICE_AREAS: Readonly<Record<string, readonly ServiceArea[]>> = {
  'America/New_York': [
    { city: 'Brooklyn', state: 'NY', zips: ['11201', '11215', '11217', '11238'], areaCodes: ['718', '347'] },
    { city: 'Queens', state: 'NY', zips: ['11101', '11354', '11375'], areaCodes: ['718', '929'] },
    { city: 'Yonkers', state: 'NY', zips: ['10701', '10704', '10710'], areaCodes: ['914'] },
    { city: 'Jersey City', state: 'NJ', zips: ['07302', '07306', '07310'], areaCodes: ['201', '551'] },
    { city: 'Hoboken', state: 'NJ', zips: ['07030'], areaCodes: ['201'] },
    { city: 'Stamford', state: 'CT', zips: ['06901', '06902', '06905'], areaCodes: ['203'] },
  ],
  'America/Chicago': [
    { city: 'Chicago', state: 'IL', zips: ['60614', '60618', '60625', '60657'], areaCodes: ['312', '773'] },
    { city: 'Evanston', state: 'IL', zips: ['60201', '60202'], areaCodes: ['847'] },
    { city: 'Oak Park', state: 'IL', zips: ['60302', '60304'], areaCodes: ['708'] },
    { city: 'Naperville', state: 'IL', zips: ['60540', '60563', '60565'], areaCodes: ['630', '331'] },
    { city: 'Schaumburg', state: 'IL', zips: ['60193', '60194'], areaCodes: ['847', '224'] },
  ],
  'America/Los_Angeles': [
    { city: 'Los Angeles', state: 'CA', zips: ['90019', '90026', '90034', '90066'], areaCodes: ['213', '323', '310'] },
    { city: 'Santa Monica', state: 'CA', zips: ['90401', '90403', '90405'], areaCodes: ['310', '424'] },
    { city: 'Pasadena', state: 'CA', zips: ['91101', '91104', '91107'], areaCodes: ['626'] },
    { city: 'Long Beach', state: 'CA', zips: ['90803', '90804', '90815'], areaCodes: ['562'] },
    { city: 'Burbank', state: 'CA', zips: ['91501', '91505'], areaCodes: ['818', '747'] },
  ],
  'America/Denver': [
    { city: 'Denver', state: 'CO', zips: ['80205', '80210', '80218', '80220'], areaCodes: ['303', '720'] },
    { city: 'Aurora', state: 'CO', zips: ['80010', '80012', '80015'], areaCodes: ['303', '720'] },
    { city: 'Lakewood', state: 'CO', zips: ['80226', '80227'], areaCodes: ['303'] },
    { city: 'Boulder', state: 'CO', zips: ['80302', '80304'], areaCodes: ['303', '720'] },
    { city: 'Littleton', state: 'CO', zips: ['80120', '80123'], areaCodes: ['303', '720'] },
  ],
};

const FALLBACK_AREAS = SERVICE_AREAS['America/New_York'] as readonly ServiceArea[];

export function serviceAreasFor(timezone: string): readonly ServiceArea[] {
  return SERVICE_AREAS[timezone] ?? FALLBACK_AREAS;
}

const FIRST_NAMES = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Michael',
  'Patricia',
  'David',
  'Jennifer',
  'William',
  'Elizabeth',
  'Carlos',
  'Aisha',
  'Daniel',
  'Sarah',
  'Wei',
  'Priya',
  'Thomas',
  'Karen',
  'Luis',
  'Nancy',
  'Kevin',
  'Emily',
  'Andre',
  'Sofia',
  'Brian',
  'Grace',
  'Jamal',
  'Megan',
  'Hiroshi',
  'Olivia',
  'Marcus',
  'Rachel',
  'Diego',
  'Hannah',
  'Samuel',
  'Fatima',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Garcia',
  'Brown',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Wilson',
  'Anderson',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Nguyen',
  'Patel',
  'Kim',
  'Chen',
  'Okafor',
  'Rivera',
  "O'Brien",
  'Kowalski',
  'Schmidt',
  'Rossi',
  'Cohen',
  'Murphy',
  'Brooks',
  'Sanders',
  'Price',
  'Bennett',
];
const STREETS = [
  'Oak',
  'Maple',
  'Cedar',
  'Elm',
  'Pine',
  'Washington',
  'Lincoln',
  'Park',
  'Lake',
  'Hillcrest',
  'Sunset',
  'Highland',
  'Main',
  'Church',
  'Willow',
];
const STREET_SUFFIXES = ['St', 'Ave', 'Rd', 'Dr', 'Ln', 'Blvd', 'Ct', 'Pl'];
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];

interface Person {
  readonly name: string;
  readonly email: string;
  /** E.164, US, in the 555-01XX range reserved for fiction. */
  readonly phone: string;
  readonly address: string;
}

function person(rng: Random, area: ServiceArea): Person {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
  const email = `${local}${rng.chance(0.5) ? rng.int(1, 99) : ''}@${rng.pick(EMAIL_DOMAINS)}`;
  const phone = `+1${rng.pick(area.areaCodes)}55501${String(rng.int(0, 99)).padStart(2, '0')}`;
  const address = `${rng.int(12, 9899)} ${rng.pick(STREETS)} ${rng.pick(STREET_SUFFIXES)}, ${area.city}, ${area.state} ${rng.pick(area.zips)}`;
  return { name: `${first} ${last}`, email, phone, address };
}

// ---------------------------------------------------------------------------------------------
// When things happen
// ---------------------------------------------------------------------------------------------

/** Relative traffic by local hour: quiet nights, a morning peak and an evening peak after work. */
const HOUR_WEIGHTS: readonly (readonly [number, number])[] = [
  0.3, 0.2, 0.15, 0.1, 0.1, 0.2, 0.6, 1.4, 2.4, 2.8, 2.9, 2.7, 2.5, 2.4, 2.3, 2.2, 2.1, 2.3, 2.6, 2.7, 2.4, 1.8, 1.1, 0.6,
].map((weight, hour) => [hour, weight] as const);

/** Nothing is generated closer to `now` than this, so every event of a session lies in the past. */
const QUIET_BEFORE_NOW_MS = 2 * 60 * 60 * 1000;

/** An instant with its local calendar facts in the team's zone. */
interface LocalInstant {
  readonly ms: number;
  /** Local calendar date, yyyy-mm-dd. */
  readonly date: string;
  readonly hour: number;
  /** 1 = Monday … 7 = Sunday. */
  readonly weekday: number;
  readonly month: number;
}

/**
 * The last `days` local calendar days of a zone with the UTC instant of each local hour, computed
 * once with luxon (DST included: a skipped hour maps to the next one), so drawing thousands of
 * instants needs no further time-zone arithmetic.
 */
class LocalCalendar {
  private readonly days: { date: string; weekday: number; month: number; hourStarts: number[] }[] = [];
  private readonly earliest: number;
  private readonly latest: number;

  constructor(now: Date, zone: string, days: number) {
    const local = DateTime.fromJSDate(now, { zone });
    if (!local.isValid) throw new Error(`invalid time zone ${zone}`);
    this.earliest = now.getTime() - days * 24 * 60 * 60 * 1000;
    this.latest = now.getTime() - QUIET_BEFORE_NOW_MS;
    let nextDayStart = local.startOf('day').plus({ days: 1 });
    for (let offset = 0; offset <= days; offset++) {
      const day = nextDayStart.minus({ days: 1 });
      // A day without an offset change is 24 plain hours; only DST days need luxon for each hour.
      const plain = day.offset === nextDayStart.offset;
      const start = day.toMillis();
      this.days.push({
        date: day.toISODate() as string,
        weekday: day.weekday,
        month: day.month,
        hourStarts: Array.from({ length: 24 }, (_, hour) => (plain ? start + hour * 3_600_000 : day.set({ hour }).toMillis())),
      });
      nextDayStart = day;
    }
  }

  /**
   * A start instant within the last `days` days, at a realistic local hour (weekends a little
   * quieter), no later than two hours before `now`.
   */
  pick(rng: Random): LocalInstant {
    for (let attempt = 0; attempt < 50; attempt++) {
      const day = rng.pick(this.days);
      if (day.weekday >= 6 && !rng.chance(0.75)) continue;
      const hour = rng.weighted(HOUR_WEIGHTS);
      const ms = (day.hourStarts[hour] as number) + rng.int(0, 59) * 60_000 + rng.int(0, 59) * 1000 + rng.int(0, 999);
      if (ms >= this.earliest && ms <= this.latest) return { ms, date: day.date, hour, weekday: day.weekday, month: day.month };
    }
    const fallback = this.days[0] as (typeof this.days)[number];
    return { ms: this.latest, date: fallback.date, hour: 0, weekday: fallback.weekday, month: fallback.month };
  }
}

/** Calendar arithmetic on yyyy-mm-dd dates (no zone involved). */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 1 = Monday … 7 = Sunday. */
function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00.000Z`).getUTCDay() || 7;
}

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const iso = (ms: number): string => new Date(ms).toISOString();

/** 'Drain clog' → 'drain clog', but 'AC not cooling' stays as it is. */
const inSentence = (issue: string): string => (/^[A-Z][a-z]/.test(issue) ? issue[0]?.toLowerCase() + issue.slice(1) : issue);

// ---------------------------------------------------------------------------------------------
// Attribution
// ---------------------------------------------------------------------------------------------

interface UtmMix {
  readonly source: string | null;
  readonly medium: string | null;
  readonly campaigns: readonly string[];
  /** Paid search: carries terms, ad content and Google Ads click ids. */
  readonly paidSearch?: boolean;
  readonly googleAds?: boolean;
  readonly contents?: readonly string[];
}

function utmMixes(trade: Trade): readonly (readonly [UtmMix, number])[] {
  const slug = trade === 'home_services' ? 'home_services' : trade;
  return [
    [
      {
        source: 'google',
        medium: 'cpc',
        campaigns: [`${slug}_search_nonbrand`, `${slug}_search_brand`, `emergency_${slug}`, 'pmax_home_services'],
        paidSearch: true,
        googleAds: true,
        contents: ['rsa_1', 'rsa_2', 'call_ext'],
      },
      34,
    ],
    [
      {
        source: 'facebook',
        medium: 'paid',
        campaigns: ['seasonal_tuneup_promo', 'water_heater_special', 'retargeting_site_visitors'],
        contents: ['carousel_1', 'video_15s', 'single_image_b'],
      },
      11,
    ],
    [{ source: null, medium: null, campaigns: [] }, 24],
    [{ source: 'google', medium: 'organic', campaigns: [] }, 12],
    [
      {
        source: 'newsletter',
        medium: 'email',
        campaigns: ['monthly_newsletter', 'maintenance_club_reminder'],
        contents: ['header_cta', 'footer_link'],
      },
      6,
    ],
    [{ source: 'yelp', medium: 'referral', campaigns: [] }, 5],
    [{ source: 'nextdoor', medium: 'social', campaigns: ['neighborhood_favorite'] }, 4],
    [{ source: 'bing', medium: 'cpc', campaigns: [`${slug}_search_nonbrand`], paidSearch: true }, 4],
  ];
}

const CLICK_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function attributionFor(rng: Random, trade: Trade, issue: IssueSpec) {
  const mix = rng.weighted(utmMixes(trade));
  const utm = {
    source: mix.source,
    medium: mix.medium,
    campaign: mix.campaigns.length > 0 ? rng.pick(mix.campaigns) : null,
    term: mix.paidSearch ? `${issue.issue.toLowerCase()} ${rng.pick(['near me', 'cost', 'same day', '24 hour', ''])}`.trim() : null,
    content: mix.contents ? rng.pick(mix.contents) : null,
  };
  const google_ads = { gclid: null as string | null, wbraid: null as string | null, gbraid: null as string | null };
  if (mix.googleAds) {
    const roll = rng.float();
    // Most clicks carry a gclid; iOS app/web traffic carries wbraid or gbraid instead.
    if (roll < 0.78) google_ads.gclid = `Cj0KCQiA${rng.chars(72, CLICK_ID_ALPHABET)}_BwE`;
    else if (roll < 0.9) google_ads.wbraid = `CjkKCQiA${rng.chars(40, CLICK_ID_ALPHABET)}`;
    else google_ads.gbraid = `0AAAAA${rng.chars(26, CLICK_ID_ALPHABET)}`;
  }
  return { utm, google_ads };
}

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

export interface GeneratorOptions {
  readonly teamId: number;
  /** IANA zone of the team: hours of day and calendar days are local to it. */
  readonly timezone: string;
  readonly count: number;
  /** Records spread over the last `days` days before `now`. */
  readonly days: number;
  readonly seed: number;
  /** @default new Date() — pass a fixed instant for reproducible output. */
  readonly now?: Date;
  /** @default 'home_services' */
  readonly trade?: Trade;
  /** @default serviceAreasFor(timezone) */
  readonly serviceAreas?: readonly ServiceArea[];
}

/** Funnel stages in order; a session reaches a prefix of them. */
const FUNNEL = ['session_started', 'issue_selected', 'booking_started', 'customer_info_completed', 'booking_completed'] as const;

const STATUS_MIX: readonly (readonly [SessionStatus, number])[] = [
  ['booked', 35],
  ['dropped_off', 45],
  ['pending', 20],
];

/** The last funnel stage (index into FUNNEL) reached by sessions that did not book. */
const DROPPED_STAGE_MIX: readonly (readonly [number, number])[] = [
  [0, 30],
  [1, 35],
  [2, 20],
  [3, 15],
];
const PENDING_STAGE_MIX: readonly (readonly [number, number])[] = [
  [0, 15],
  [1, 30],
  [2, 30],
  [3, 25],
];

/** Seconds from the previous event to each stage. */
const STAGE_GAP_SECONDS: readonly (readonly [number, number])[] = [
  [0, 0],
  [5, 90],
  [20, 240],
  [30, 300],
  [3, 60],
];

/** The widget marks a session abandoned after 30 minutes without activity. */
const ABANDON_AFTER_SECONDS = 30 * 60;

const SLOT_TIMES = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];

/**
 * Sessions of one team, oldest first. Status mix ≈ 35 % booked, 45 % dropped_off, 20 % pending.
 * Events follow the funnel with increasing instants: booked sessions reach booking_completed
 * (completed_at is its instant); dropped_off sessions stop at an earlier stage and end with
 * session_abandoned 30 minutes later; pending sessions stop at an earlier stage with nothing after.
 * last_activity_at is the customer's last event (the abandonment is the widget's, not theirs).
 */
export function generateSessions(options: GeneratorOptions): SessionRecord[] {
  const rng = new Random(options.seed);
  const trade = options.trade ?? 'home_services';
  const areas = options.serviceAreas ?? serviceAreasFor(options.timezone);
  const calendar = new LocalCalendar(options.now ?? new Date(), options.timezone, options.days);
  const sessions: SessionRecord[] = [];

  for (let i = 0; i < options.count; i++) {
    const start = calendar.pick(rng);
    const status = rng.weighted(STATUS_MIX);
    const reached = status === 'booked' ? 4 : rng.weighted(status === 'dropped_off' ? DROPPED_STAGE_MIX : PENDING_STAGE_MIX);
    const issue = pickIssue(rng, trade, start);
    const area = rng.pick(areas);
    const customer = person(rng, area);

    const events: { event_type: string; created_at: string }[] = [];
    let t = start.ms;
    for (let stage = 0; stage <= reached; stage++) {
      const [min, max] = STAGE_GAP_SECONDS[stage] as readonly [number, number];
      if (stage > 0) t += rng.int(min, max) * 1000 + rng.int(0, 999);
      events.push({ event_type: FUNNEL[stage] as string, created_at: iso(t) });
    }
    const lastCustomerActivity = t;
    if (status === 'dropped_off') {
      t += (ABANDON_AFTER_SECONDS + rng.int(0, 59)) * 1000 + rng.int(0, 999);
      events.push({ event_type: 'session_abandoned', created_at: iso(t) });
    }

    let customer_info: CustomerInfo = { name: null, email: null, phone: null, address: null };
    if (reached >= 3) {
      customer_info = {
        name: customer.name,
        email: rng.chance(0.93) ? customer.email : null,
        phone: customer.phone,
        address: customer.address,
      };
    } else if (reached === 2 && rng.chance(0.4)) {
      // Started the contact form, left before finishing it.
      customer_info = { name: customer.name, email: null, phone: customer.phone, address: null };
    }

    let selected_date: string | null = null;
    let selected_time: string | null = null;
    if (reached >= 2) {
      const urgent = issue.job === 'Emergency service';
      let day = addDays(start.date, urgent ? rng.int(0, 1) : rng.int(start.hour < 12 ? 0 : 1, 7));
      if (weekdayOf(day) === 7 && !urgent) day = addDays(day, 1);
      selected_date = day;
      const earliestSlot = day === start.date ? start.hour + 2 : 0;
      const slots = SLOT_TIMES.filter((s) => Number(s.slice(0, 2)) >= earliestSlot);
      selected_time = slots.length > 0 ? rng.pick(slots) : '16:00';
    }

    const { utm, google_ads } = attributionFor(rng, trade, issue);
    const booked = status === 'booked';
    const [low, high] = issue.value;
    sessions.push({
      session_id: `ses_${rng.hex(24)}`,
      team_id: options.teamId,
      scheduler_id: options.teamId * 10 + (rng.chance(0.85) ? 1 : 2),
      status,
      customer_info,
      issue_type: reached >= 1 ? issue.issue : null,
      job_type: reached >= 1 ? issue.job : null,
      selected_date,
      selected_time,
      utm,
      google_ads,
      st_job_id: booked && rng.chance(0.6) ? rng.int(48_000_000, 49_999_999) : null,
      started_at: iso(start.ms),
      completed_at: booked ? iso(t) : null,
      last_activity_at: iso(lastCustomerActivity),
      events,
      service_area: reached >= 1 ? area.city : null,
      conversion_value: booked ? Math.round((low + rng.float() * (high - low)) / 5) * 5 : null,
    });
  }
  return sessions.sort((a, b) => (a.started_at < b.started_at ? -1 : a.started_at > b.started_at ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------
// Leads
// ---------------------------------------------------------------------------------------------

export interface LeadGeneratorOptions extends GeneratorOptions {
  /** Host of the team's website, for referrer URLs. @default `team<id>.example.com` */
  readonly siteHost?: string;
}

const LEAD_TYPE_MIX: readonly (readonly [LeadType, number])[] = [
  ['call', 35],
  ['scheduling_widget', 25],
  ['web_chat', 15],
  ['text', 12],
  ['google_lsa', 13],
];

const LEAD_STATUS_MIX: readonly (readonly [string, number])[] = [
  ['new', 20],
  ['contacted', 30],
  ['booked', 30],
  ['completed', 10],
  ['lost', 10],
];

const LEAD_AGENT: Record<LeadType, string> = {
  call: 'AI Receptionist',
  scheduling_widget: 'Scheduling widget',
  web_chat: 'Web chat assistant',
  text: 'SMS assistant',
  google_lsa: 'Google Local Services',
};

const LEAD_SOURCE: Record<LeadType, string> = {
  call: 'Phone',
  scheduling_widget: 'Website scheduler',
  web_chat: 'Website chat',
  text: 'Text message',
  google_lsa: 'Google Local Services',
};

/**
 * Leads of one team, oldest first. The first five are one of each LEAD_TYPES value, so every type
 * is present whenever count ≥ 5; the rest follow a realistic channel mix.
 */
export function generateLeads(options: LeadGeneratorOptions): LeadRecord[] {
  const rng = new Random(options.seed);
  const trade = options.trade ?? 'home_services';
  const areas = options.serviceAreas ?? serviceAreasFor(options.timezone);
  const calendar = new LocalCalendar(options.now ?? new Date(), options.timezone, options.days);
  const site = options.siteHost ?? `team${options.teamId}.example.com`;
  const leads: LeadRecord[] = [];

  for (let i = 0; i < options.count; i++) {
    const type = i < LEAD_TYPES.length ? (LEAD_TYPES[i] as LeadType) : rng.weighted(LEAD_TYPE_MIX);
    const at = calendar.pick(rng);
    const issue = pickIssue(rng, trade, at);
    const area = rng.pick(areas);
    const customer = person(rng, area);
    const status = rng.weighted(LEAD_STATUS_MIX);

    let attribution: Attribution;
    if (type === 'google_lsa') {
      attribution = { utm_source: 'google', utm_medium: 'lsa', utm_campaign: null, utm_term: null, utm_content: null, gclid: null };
    } else {
      const { utm, google_ads } = attributionFor(rng, trade, issue);
      attribution = {
        utm_source: utm.source,
        utm_medium: utm.medium,
        utm_campaign: utm.campaign,
        utm_term: utm.term,
        utm_content: utm.content,
        gclid: google_ads.gclid,
      };
    }

    const appointment =
      status === 'booked' || status === 'completed'
        ? {
            date: addDays(at.date, rng.int(0, 5)),
            time: rng.pick(SLOT_TIMES),
            job_type: issue.job,
          }
        : null;

    leads.push({
      id: rng.uuid(),
      lead_id: null,
      team_id: options.teamId,
      type,
      datetime: iso(at.ms),
      status,
      customer_name: customer.name,
      customer_phone: customer.phone,
      customer_email: type === 'call' || type === 'text' ? (rng.chance(0.3) ? customer.email : null) : customer.email,
      lead_content: leadContent(rng, type, issue, customer, area),
      agent: LEAD_AGENT[type],
      referrer_url: referrerFor(rng, type, site),
      attribution,
      external_id: type === 'google_lsa' ? `lsa_${rng.int(100_000_000, 999_999_999)}` : null,
      source: LEAD_SOURCE[type],
      outreach: null,
      appointment,
    });
  }
  return leads.sort((a, b) => (a.datetime < b.datetime ? -1 : a.datetime > b.datetime ? 1 : 0));
}

function referrerFor(rng: Random, type: LeadType, site: string): string | null {
  switch (type) {
    case 'scheduling_widget':
      return `https://${site}${rng.pick(['/', '/book-online', '/services/water-heaters', '/services/ac-repair', '/contact'])}`;
    case 'web_chat':
      return `https://${site}${rng.pick(['/', '/pricing', '/service-areas', '/reviews'])}`;
    case 'google_lsa':
      return 'https://www.google.com/localservices/prolist';
    default:
      return null;
  }
}

function leadContent(rng: Random, type: LeadType, issue: IssueSpec, customer: Person, area: ServiceArea): Record<string, unknown> {
  const problem = inSentence(issue.issue);
  switch (type) {
    case 'call':
      return {
        call_duration_seconds: rng.int(45, 540),
        call_summary: `Caller reported ${problem} at their home in ${area.city} and asked about the earliest availability.`,
        caller_name: customer.name,
      };
    case 'scheduling_widget':
      return {
        issue_type: issue.issue,
        job_type: issue.job,
        zip: customer.address.slice(-5),
        notes: rng.chance(0.4) ? 'Gate code 1234, dog in the yard' : null,
      };
    case 'web_chat':
      return {
        first_message: `Hi, I need help with ${problem}. How soon can someone come out?`,
        messages: [
          { from: 'customer', text: `Hi, I need help with ${problem}. How soon can someone come out?` },
          {
            from: 'assistant',
            text: `Sorry to hear that! We have technicians in ${area.city}. Can I get your name and number to book a visit?`,
          },
          { from: 'customer', text: `${customer.name}, ${customer.phone}` },
        ],
      };
    case 'text':
      return { message: `Hello, do you service ${area.city}? We have ${problem} and need someone this week.`, channel: 'sms' };
    case 'google_lsa':
      return {
        lead_type: rng.pick(['phone_call', 'message', 'booking']),
        category: issue.job === 'Maintenance' || issue.issue.includes('AC') || issue.issue.includes('urnace') ? 'HVAC' : 'Plumber',
        job_type: issue.issue,
        location: `${area.city}, ${area.state}`,
        charge_status: rng.pick(['charged', 'not_charged', 'credited']),
      };
  }
}

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

export interface CallGeneratorOptions extends GeneratorOptions {
  /** Spoken by the AI receptionist in transcripts. @default 'our team' */
  readonly businessName?: string;
}

const ENDED_REASONS: readonly (readonly [string, number])[] = [
  ['customer-ended-call', 60],
  ['assistant-ended-call', 30],
  ['silence-timed-out', 5],
  ['assistant-forwarded-call', 5],
];

/** Inbound calls answered by the AI receptionist, oldest first, with transcript, summary and analysis. */
export function generateCalls(options: CallGeneratorOptions): CallRecord[] {
  const rng = new Random(options.seed);
  const trade = options.trade ?? 'home_services';
  const areas = options.serviceAreas ?? serviceAreasFor(options.timezone);
  const calendar = new LocalCalendar(options.now ?? new Date(), options.timezone, options.days);
  const business = options.businessName ?? 'our team';
  const calls: CallRecord[] = [];

  for (let i = 0; i < options.count; i++) {
    const start = calendar.pick(rng);
    const issue = pickIssue(rng, trade, start);
    const area = rng.pick(areas);
    const customer = person(rng, area);
    const urgency = issue.job === 'Emergency service' ? 'emergency' : rng.chance(0.2) ? 'urgent' : 'standard';
    const bookingIntent = rng.chance(0.7);
    const booked = bookingIntent && rng.chance(0.7);
    const sentiment = booked
      ? rng.weighted([
          ['positive', 7],
          ['neutral', 3],
        ] as const)
      : rng.weighted([
          ['neutral', 5],
          ['negative', 2],
          ['positive', 3],
        ] as const);
    const duration = rng.int(45, 540);
    const providerCallId = rng.uuid();
    const firstName = customer.name.split(' ')[0] ?? customer.name;
    const slot = `${WEEKDAY_NAMES[weekdayOf(addDays(start.date, rng.int(1, 3))) - 1]} at ${rng.pick(['8', '10', '1', '3'])} ${rng.pick(['AM', 'PM'])}`;
    const problem = inSentence(issue.issue);

    const lines = [
      `AI: Thanks for calling ${business}, this is Ava. How can I help you today?`,
      `User: Hi, this is ${customer.name}. We have a problem — ${problem}.`,
      `AI: I'm sorry to hear that, ${firstName}. Can you tell me a little more about what's going on?`,
      `User: ${rng.pick(['It started yesterday.', 'It has been getting worse all week.', 'It just happened this morning.'])} We're in ${area.city}.`,
      `AI: Thanks. We do serve ${area.city}. ${bookingIntent ? `I can get a technician out on ${slot}. Does that work?` : 'Would you like me to have a technician call you back with pricing?'}`,
      booked
        ? 'User: Yes, that works. Please book it.'
        : bookingIntent
          ? 'User: Let me check with my spouse and call back.'
          : 'User: Just looking for a price for now.',
      booked
        ? `AI: You're all set for ${slot}. You'll get a text confirmation at this number. Anything else?`
        : 'AI: No problem. I have noted your details and someone will follow up. Anything else?',
      'User: No, that is all. Thank you.',
    ];
    const summary = booked
      ? `${customer.name} called about ${problem} in ${area.city}. Appointment booked for ${slot}.`
      : `${customer.name} called about ${problem} in ${area.city}. ${bookingIntent ? 'Wants to book but needs to confirm a time.' : 'Asked about pricing; no booking yet.'}`;

    const startMs = start.ms;
    const endMs = startMs + duration * 1000 + rng.int(0, 999);
    calls.push({
      call_id: rng.uuid(),
      team_id: options.teamId,
      provider_call_id: providerCallId,
      type: 'inboundPhoneCall',
      direction: 'inbound',
      customer: { name: customer.name, phone: customer.phone },
      started_at: iso(startMs),
      ended_at: iso(endMs),
      duration_seconds: duration,
      transcript: lines.join('\n'),
      summary,
      recording_url: `https://recordings.example.com/calls/${providerCallId}.wav`,
      analysis: { call_reason: issue.issue, sentiment, booking_intent: bookingIntent, urgency },
      ended_reason: rng.weighted(booked ? ENDED_REASONS.slice(0, 2) : ENDED_REASONS),
      cost: Math.round((duration / 60) * 0.11 * 100) / 100,
      appointment_id: booked ? `apt_${rng.hex(12)}` : null,
      ticket_id: !booked && rng.chance(0.5) ? `tkt_${rng.hex(12)}` : null,
      lead_id: null,
      stl_call_id: null,
      created_at: iso(endMs),
    });
  }
  return calls.sort((a, b) => (a.started_at < b.started_at ? -1 : a.started_at > b.started_at ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------
// Speed-to-lead intake configuration
// ---------------------------------------------------------------------------------------------

/** The demo teams whose intake configuration is seeded (Bayside Plumbing keeps the defaults). */
export interface DemoIntakeTeamIds {
  /** The anchor of every demo key: routing rules, default aliases, two call attempts. */
  readonly summitPlumbing: number;
  /** Nested field mapping, business hours. */
  readonly summitHvac: number;
  /** Custom windows, one of them overnight. */
  readonly summitQa: number;
  /** After hours. */
  readonly baysideHeatingAir: number;
}

/** The payload field the Summit anchor team routes on. */
export const DEMO_ROUTING_FIELD = 'brand';

/**
 * The demo's intake configurations, in their input form (intakeConfigSchema fills the defaults):
 * - Summit Plumbing (anchor of the demo keys): default aliases, lead sources, scheduling always,
 *   two call attempts 15 minutes apart, and enterprise routing on `brand` (summit hvac → Summit
 *   HVAC, summit plumbing → Summit Plumbing, summit qa → Summit QA; anything else → Summit
 *   Plumbing, the default team).
 * - Summit HVAC: a CRM-shaped nested mapping (contact.phones[0].number, contact.first +
 *   contact.last, crm.lead_ref, notes from job.description + job.access_notes), its own lead
 *   sources, business hours Mon–Fri 08:00–17:00.
 * - Summit QA: custom windows, Friday 22:00–06:00 (overnight) and weekend mornings.
 * - Bayside Heating & Air: after hours (calls only outside Mon–Fri 07:00–18:00, Sat 08:00–12:00).
 */
export function demoIntakeConfigs(ids: DemoIntakeTeamIds): { readonly teamId: number; readonly config: IntakeConfigInput }[] {
  const weekdays = (start: string, end: string) =>
    Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [day, [{ start, end }]]));
  return [
    {
      teamId: ids.summitPlumbing,
      config: {
        lead_sources: ['Google Ads', 'Facebook', 'Website', 'Google Local Services', 'Phone'],
        default_lead_source: 'Website',
        scheduling: { mode: 'always' },
        outreach: { max_attempts: 2, retry_spacing_minutes: 15 },
        routing: {
          rules: [
            { field: DEMO_ROUTING_FIELD, equals: ['summit hvac', 'summit heating & cooling'], team_id: ids.summitHvac },
            { field: DEMO_ROUTING_FIELD, equals: ['summit plumbing', 'summit'], team_id: ids.summitPlumbing },
            { field: DEMO_ROUTING_FIELD, equals: ['summit qa'], team_id: ids.summitQa },
          ],
          default_team_id: ids.summitPlumbing,
        },
      },
    },
    {
      teamId: ids.summitHvac,
      config: {
        field_mapping: {
          fields: {
            phone_number: ['contact.phones[0].number', 'contact.phone', 'phone'],
            first_name: ['contact.first'],
            last_name: ['contact.last'],
            email: ['contact.email'],
            street: ['contact.address.street'],
            city: ['contact.address.city'],
            state: ['contact.address.state'],
            zip: ['contact.address.zip'],
            service_type: ['job.type'],
            appointment_datetime: ['job.preferred_time'],
            lead_source: ['crm.source', 'source'],
            external_id: ['crm.lead_ref'],
          },
          notes_combine: ['job.description', 'job.access_notes'],
        },
        lead_sources: ['Google Ads', 'Facebook', 'Website', 'Angi'],
        default_lead_source: 'Website',
        scheduling: { mode: 'business_hours', business_hours: weekdays('08:00', '17:00') },
      },
    },
    {
      teamId: ids.summitQa,
      config: {
        scheduling: {
          mode: 'custom',
          custom_windows: {
            friday: [{ start: '22:00', end: '06:00' }],
            saturday: [{ start: '09:00', end: '13:00' }],
            sunday: [{ start: '09:00', end: '13:00' }],
          },
        },
      },
    },
    {
      teamId: ids.baysideHeatingAir,
      config: {
        scheduling: {
          mode: 'after_hours',
          business_hours: { ...weekdays('07:00', '18:00'), saturday: [{ start: '08:00', end: '12:00' }] },
        },
      },
    },
  ];
}
