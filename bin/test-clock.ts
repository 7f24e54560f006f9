/**
 * Runs test suites with the machine's clock moved far from today, so a test that holds only on the
 * day it was written (a fixed instant read back through a default range, "tomorrow" computed by hand,
 * a weekday or an hour assumed) fails here instead of on some later morning in CI.
 *
 *   npm run test:clock                        # every clock below, unit and integration suites
 *   npm run test:clock -- sunday              # one or more clocks, by name
 *   npm run test:clock -- --e2e year-end      # the end-to-end suites too (the service runs in process)
 *
 * The clock is moved with Debian's libfaketime (`apt-get install -y faketime`), which every child
 * process inherits: jest, its workers, the local service, the embedded DynamoDB and Chromium all see
 * the same moved clock. The monotonic clock moves by the same offset and keeps its pace, so timers
 * and time-outs are unaffected; leaving it unmoved (FAKETIME_DONT_FAKE_MONOTONIC) hangs Chromium.
 */
import { spawnSync } from 'node:child_process';

interface ShiftedClock {
  readonly name: string;
  /** What faketime is given: a `date -d` expression, relative or absolute (always with its zone). */
  readonly faketime: string;
  /** The machine's zone for the run (`TZ`): UTC as on Lambda, or a zone whose local day differs. */
  readonly tz: string;
  readonly why: string;
}

const CLOCKS: readonly ShiftedClock[] = [
  { name: 'far-ahead', faketime: '+400 days', tz: 'UTC', why: 'fixtures written today are over a year old' },
  { name: 'sunday', faketime: '2027-02-07 18:00:00 UTC', tz: 'UTC', why: 'a Sunday, when businesses are closed' },
  {
    name: 'spring-forward-eve',
    faketime: '2027-03-14 04:00:00 UTC',
    tz: 'America/New_York',
    why: '23:00 in New York the night before the clocks go forward: "tomorrow" is 23 hours long',
  },
  {
    name: 'year-end',
    faketime: '2027-01-01 04:30:00 UTC',
    tz: 'America/New_York',
    why: '23:30 on New Year’s Eve in New York, already next year in UTC',
  },
];

const UNIT_AND_INTEGRATION = ['test/unit', 'test/integration'];

function chosenClocks(names: readonly string[]): readonly ShiftedClock[] {
  if (names.length === 0) return CLOCKS;
  const unknown = names.filter((name) => !CLOCKS.some((clock) => clock.name === name));
  if (unknown.length > 0) {
    throw new Error(`Unknown clock ${unknown.join(', ')}: choose from ${CLOCKS.map((clock) => clock.name).join(', ')}`);
  }
  return CLOCKS.filter((clock) => names.includes(clock.name));
}

function hasFaketime(): boolean {
  return spawnSync('faketime', ['--version'], { stdio: 'ignore' }).error === undefined;
}

function main(argv: readonly string[]): number {
  if (!hasFaketime()) {
    console.error('faketime is not installed: apt-get install -y faketime (Debian) moves the clock for these runs.');
    return 1;
  }
  const withEndToEnd = argv.includes('--e2e');
  const clocks = chosenClocks(argv.filter((arg) => arg !== '--e2e'));
  const suites = withEndToEnd ? [...UNIT_AND_INTEGRATION, 'test/e2e'] : UNIT_AND_INTEGRATION;
  const failed: string[] = [];
  for (const clock of clocks) {
    console.log(`\n> clock ${clock.name} (${clock.faketime}, TZ=${clock.tz}): ${clock.why}`);
    const run = spawnSync('faketime', [clock.faketime, 'npx', 'jest', ...suites], {
      stdio: 'inherit',
      env: { ...process.env, TZ: clock.tz },
    });
    if (run.status !== 0) failed.push(clock.name);
  }
  console.log(
    failed.length === 0 ? `\nEvery clock passed: ${clocks.map((c) => c.name).join(', ')}` : `\nFailed under: ${failed.join(', ')}`,
  );
  return failed.length === 0 ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
