import { readFileSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { WEEKDAYS } from '#shared/domain/schedulers';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { findChromium } from '../support/chromium';
import { createTenancyFixture } from '../support/tenancy-fixture';
import { bookLatestOpenSlot } from '../support/widget-booking';

/**
 * A visit's manage page as the customer meets it, in headless Chromium at 320 px: the visit is
 * shown, moved with the slot picker, cancelled after one confirmation, and offered as a calendar
 * file; axe-core finds no serious or critical violation; an unknown link says so.
 */
process.env.LOG_LEVEL = 'silent';
process.env.CURSOR_SECRET ??= 'manage-page-browser-test-cursor-secret';

const executablePath = findChromium();
if (!executablePath) console.warn('manage-page-browser.test.ts: SKIPPED: no Chromium found; install it with `apt-get install -y chromium`');
const describeInBrowser = executablePath ? describe : describe.skip;
const SCHEDULER = 21;

describeInBrowser('the manage page in headless Chromium', () => {
  let service: LocalService;
  let browser: Browser;
  let teamId: number;
  let key: string;

  beforeAll(async () => {
    service = await startLocalService({ port: 0, dataDir: undefined, seed: false });
    const fixture = await createTenancyFixture();
    teamId = fixture.teams.own.id;
    key = await fixture.createKey('enterprise', ['read:leads']);
    const hours = Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '00:00', close: '23:59' }]));
    await new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams')).putScheduler(
      teamId,
      SCHEDULER,
      {
        name: 'Acme Heating',
        services: ['Furnace tune-up'],
        job_types: [],
        service_areas: [],
        time_zone: 'America/Chicago',
        hours: hours as never,
        lead_time_minutes: 0,
      },
      new Date(),
    );
    browser = await chromium.launch({ executablePath: executablePath ?? undefined, args: ['--no-sandbox'] });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  async function manageUrlOf(sessionId: string): Promise<string> {
    const response = await fetch(`${service.url}/api/v1/teams/${teamId}/appointments?limit=500`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const body = (await response.json()) as { data: { appointment_id: string; manage_url: string }[] };
    const url = body.data.find((a) => a.appointment_id === sessionId)?.manage_url;
    if (!url) throw new Error('the visit has no manage link on the feed');
    return url;
  }

  async function open(url: string, width = 320): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(url, { waitUntil: 'load' });
    return { page, problems };
  }

  const axeSource = () => readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  async function seriousViolations(page: Page): Promise<{ id: string; impact: string }[]> {
    const found = (await page.evaluate(
      `${axeSource()}; axe.run(document).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact })))`,
    )) as { id: string; impact: string }[];
    return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  }

  test('shows the visit, moves it, cancels it after one confirmation, at 320 px and without an axe violation', async () => {
    const url = await manageUrlOf(await bookLatestOpenSlot(service.url, teamId, SCHEDULER, 'Furnace tune-up'));
    const { page, problems } = await open(url);
    await page.getByRole('button', { name: 'Reschedule' }).waitFor();
    await expect(page.getByText('Acme Heating').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).resolves.toMatch(/\/calendar\.ics$/);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Reschedule' }).click();
    await page.getByText(/^Times are in /).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The last slot offered (a week ahead): beyond the change cut-off whatever the hour now.
    await page.locator('button.slot').last().click();
    await page
      .getByRole('status')
      .filter({ hasText: /moved to/ })
      .waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Cancel visit' }).click();
    await page.getByRole('heading', { name: 'Cancel this visit?' }).waitFor();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /cancelled/ })
      .waitFor({ timeout: 15_000 });
    await expect(page.getByText('This visit can no longer be changed here.').count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Reschedule' }).count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  test('says an unknown link is not valid', async () => {
    const { page } = await open(`${service.url}/widget/manage/ses_unknown.${'A'.repeat(43)}`);
    await page
      .getByRole('alert')
      .filter({ hasText: /not valid/ })
      .waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  }, 60_000);
});
