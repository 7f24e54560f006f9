import { readFileSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { findChromium, watchPage } from '../support/chromium';

/**
 * The two pages for people, in a real browser: Debian's Chromium, headless, driven by
 * playwright-core, against `npm start`'s service on the seeded demo data. Each test fails on any
 * console error, uncaught exception, failed request, answer of 400 or more, or request to another
 * origin (watchPage), and checks what is on screen.
 */
process.env.LOG_LEVEL = 'silent';
process.env.CURSOR_SECRET ??= 'pages-browser-test-cursor-secret';

interface DemoKey {
  key: string;
  type: string;
  permissions: string[];
  team_ids: number[];
}

const executablePath = findChromium();
if (!executablePath) {
  // Said out loud, not skipped silently: CI installs Chromium (.ci/run), a developer may not have.
  console.warn(
    'pages-browser.test.ts: SKIPPED: no Chromium found (looked at $CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser); install it with `apt-get install -y chromium`',
  );
}
const describeInBrowser = executablePath ? describe : describe.skip;

describeInBrowser('pages in headless Chromium', () => {
  let service: LocalService;
  let browser: Browser;
  let keys: DemoKey[] = [];

  beforeAll(async () => {
    service = await startLocalService({ port: 0, dataDir: undefined, seed: true });
    if (!service.credentialsPath) throw new Error('the local service wrote no demo credentials');
    keys = (JSON.parse(readFileSync(service.credentialsPath, 'utf8')) as { keys: DemoKey[] }).keys;
    browser = await chromium.launch({ executablePath: executablePath ?? undefined, args: ['--no-sandbox'] });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  async function open(path: string): Promise<{ page: Page; problems: string[]; requests: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watched = watchPage(page, service.url);
    await page.goto(`${service.url}${path}`, { waitUntil: 'load' });
    return { page, ...watched };
  }

  const keyWith = (predicate: (key: DemoKey) => boolean): DemoKey => {
    const key = keys.find(predicate);
    if (!key) throw new Error('no such demo key');
    return key;
  };

  test('the API reference renders the document: title, operations listed, nothing from another origin', async () => {
    const { page, problems, requests } = await open('/api/docs');
    await page.getByText("List a team's scheduling-widget sessions").first().waitFor({ timeout: 30_000 });
    expect(await page.title()).toBe('API reference · Lead, Call and Scheduling Service');
    await expect(page.getByText('Lead, Call and Scheduling Service API').first().isVisible()).resolves.toBe(true);
    await page.getByText('SMS campaigns').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests.some((url) => url.includes('/api/openapi.json'))).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);

  test('the docs script is answered compressed, cached for a year under its hash, with a self-only policy on the page', async () => {
    const { page, problems } = await open('/api/docs');
    const html = await page.content();
    const src = /src="(docs\/assets\/scalar\.js\?v=[0-9a-f]{16})"/.exec(html)?.[1];
    expect(src).toBeDefined();
    const response = await fetch(`${service.url}/api/${src}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const pageAnswer = await fetch(`${service.url}/api/docs`);
    expect(pageAnswer.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(pageAnswer.headers.get('content-security-policy')).toContain("connect-src 'self'");
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);

  test('the console with a pasted key: teams, charts drawn with data, leads, calls with transcripts and coach scores, campaign progress', async () => {
    const full = keyWith((k) => k.type === 'enterprise_all_teams');
    const { page, problems } = await open('/console');
    // Under npm start the demo keys are offered.
    await page.locator('button.demo-key').first().waitFor();
    expect(await page.locator('button.demo-key').count()).toBe(keys.length);

    await page.fill('#key-input', full.key);
    await page.click('#key-form button[type="submit"]');
    await page.waitForSelector('body[data-loaded="true"]', { timeout: 30_000 });

    const teamRows = page.locator('.teams-table tbody tr');
    expect(await teamRows.count()).toBe(full.team_ids.length);
    await expect(teamRows.first().textContent()).resolves.toContain('Summit Plumbing');

    for (const chart of ['#funnel-chart', '#daily-chart']) {
      await page.locator(`${chart} canvas`).waitFor();
      expect(Number(await page.locator(chart).getAttribute('data-total'))).toBeGreaterThan(0);
      expect(await paintedPixels(page, `${chart} canvas`)).toBeGreaterThan(500);
    }
    expect(await page.locator('.utm-table tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('.ads-table tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('.leads-table tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('details.call').count()).toBeGreaterThan(0);
    expect(await page.locator('details.call pre.transcript').count()).toBeGreaterThan(0);
    expect(await page.locator('details.call .score').count()).toBeGreaterThan(0);
    const progress = page.locator('li.campaign progress');
    expect(await progress.count()).toBeGreaterThan(0);
    expect(Number(await progress.first().getAttribute('value'))).toBeGreaterThan(0);

    // The key stays in this tab's storage only (not remembered), and the page shows it nowhere.
    const stored = await page.evaluate(
      "({ session: sessionStorage.getItem('lead-call-console.api-key'), local: localStorage.getItem('lead-call-console.api-key') })",
    );
    expect(stored).toEqual({ session: full.key, local: null });
    expect(await page.locator('body').textContent()).not.toContain(full.key);

    // Another team through the picker: its views load with no error either.
    await page.selectOption('#team-select', String(full.team_ids[1]));
    await page.waitForSelector('.leads-table tbody tr');
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  test('a key without the analytics, calls and outbound permissions makes no call that would be refused', async () => {
    const leadsOnly = keyWith((k) => k.permissions.length === 1 && k.permissions[0] === 'read:leads');
    const { page, problems, requests } = await open('/console');
    await page.fill('#key-input', leadsOnly.key);
    await page.click('#key-form button[type="submit"]');
    await page.waitForSelector('body[data-loaded="true"]', { timeout: 30_000 });
    expect(await page.locator('.leads-table tbody tr').count()).toBeGreaterThan(0);
    for (const absent of ['#analytics', '#calls', '#campaigns']) expect(await page.locator(absent).count()).toBe(0);
    const apiCalls = requests.filter((url) => url.includes('/api/')).map((url) => new URL(url).pathname);
    expect(apiCalls.every((path) => path === '/api/v1/me' || /^\/api\/v1\/teams\/\d+\/leads$/.test(path))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);

  test('a remembered key is used again on the next visit', async () => {
    const full = keyWith((k) => k.type === 'enterprise');
    const { page, problems } = await open('/console');
    await page.fill('#key-input', full.key);
    await page.check('#key-remember');
    await page.click('#key-form button[type="submit"]');
    await page.waitForSelector('body[data-loaded="true"]', { timeout: 30_000 });
    await page.reload();
    await page.waitForSelector('body[data-loaded="true"]', { timeout: 30_000 });
    expect(await page.locator('.teams-table tbody tr').count()).toBe(full.team_ids.length);
    await page.click('#key-forget');
    expect(await page.evaluate("localStorage.getItem('lead-call-console.api-key')")).toBeNull();
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);
});

/** What the page's canvas offers (the tests' TypeScript has no DOM types; the code runs in the page). */
interface PageCanvas {
  readonly width: number;
  readonly height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null;
}

/** How many pixels of a canvas are painted (not transparent): a chart drawn with data has many. */
async function paintedPixels(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((canvas: PageCanvas) => {
    const context = canvas.getContext('2d');
    if (!context) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted++;
    return painted;
  });
}
