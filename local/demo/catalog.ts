import type { LocalInstant } from './calendar';
import type { Random } from './random';

/**
 * Deterministic demo data for the local service, the seed and the benchmarks (local/demo/*.ts):
 * plumbing, HVAC and home-services sessions, leads of every channel, AI-answered calls, and the
 * teams' speed-to-lead intake configurations. The same options (seed and `now` included) always
 * give the same records. Phone numbers use the 555-01XX range reserved for fiction and e-mail
 * addresses use example.* domains, so nothing here reaches a real person.
 *
 * This module: the trades, markets and people the data is drawn from.
 */

export type Trade = 'plumbing' | 'hvac' | 'home_services';

export const JOB_TYPES = ['Repair', 'Maintenance', 'Installation', 'Inspection', 'Emergency service', 'Estimate'] as const;
export type JobType = (typeof JOB_TYPES)[number];

export interface IssueSpec {
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

/** Job types a trade's issues map to, in JOB_TYPES order (a scheduler's job types). */
export function jobTypesFor(trade: Trade): string[] {
  const used = new Set(issuesFor(trade).map((i) => i.job));
  return JOB_TYPES.filter((job) => used.has(job));
}

/** Issue types a trade's widget offers (handy for tests and docs). */
export function issueTypesFor(trade: Trade): string[] {
  return issuesFor(trade).map((i) => i.issue);
}

export function pickIssue(rng: Random, trade: Trade, at: LocalInstant): IssueSpec {
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

export interface Person {
  readonly name: string;
  readonly email: string;
  /** E.164, US, in the 555-01XX range reserved for fiction. */
  readonly phone: string;
  readonly address: string;
}

export function person(rng: Random, area: ServiceArea): Person {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
  const email = `${local}${rng.chance(0.5) ? rng.int(1, 99) : ''}@${rng.pick(EMAIL_DOMAINS)}`;
  const phone = `+1${rng.pick(area.areaCodes)}55501${String(rng.int(0, 99)).padStart(2, '0')}`;
  const address = `${rng.int(12, 9899)} ${rng.pick(STREETS)} ${rng.pick(STREET_SUFFIXES)}, ${area.city}, ${area.state} ${rng.pick(area.zips)}`;
  return { name: `${first} ${last}`, email, phone, address };
}
