import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type FrameLocator, type Page } from 'playwright-core';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { findChromium } from '../support/chromium';

/**
 * The scheduling widget as a customer meets it: a plain page on a second local origin embeds the
 * scheduler's embed code (with UTM parameters and a gclid in its address), a customer books in
 * headless Chromium, and the read API then shows the session, the booking, the lead, the funnel
 * and the booking request. An axe-core scan of the widget finds no serious or critical violation.
 */
process.env.LOG_LEVEL = 'silent';
process.env.CURSOR_SECRET ??= 'widget-browser-test-cursor-secret';

interface DemoKey {
  key: string;
  permissions: string[];
  team_ids: number[];
}

const executablePath = findChromium();
if (!executablePath) {
  console.warn('widget-browser.test.ts: SKIPPED: no Chromium found; install it with `apt-get install -y chromium`');
}
const describeInBrowser = executablePath ? describe : describe.skip;

const LANDING_QUERY =
  'utm_source=google&utm_medium=cpc&utm_campaign=spring-tuneup&utm_term=ac+repair&utm_content=ad-a&gclid=EAIaIQobChMI-widget-test';

describeInBrowser('the scheduling widget embedded in a business page, in headless Chromium', () => {
  let service: LocalService;
  let browser: Browser;
  let host: Server;
  let hostUrl: string;
  let key: DemoKey;
  let teamId: number;
  let scheduler: { scheduler_id: number; services: string[]; booking_page_url: string; embed_code: string; time_zone: string };

  const api = async (path: string) => {
    const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown> & { data: Record<string, unknown>[] };
  };

  beforeAll(async () => {
    service = await startLocalService({ port: 0, dataDir: undefined, seed: true });
    if (!service.credentialsPath) throw new Error('the local service wrote no demo credentials');
    const keys = (JSON.parse(readFileSync(service.credentialsPath, 'utf8')) as { keys: DemoKey[] }).keys;
    const found = keys.find(
      (k) => k.team_ids.length === 1 && ['read:scheduler_analytics', 'read:leads'].every((p) => k.permissions.includes(p)),
    );
    if (!found) throw new Error('no one-team demo key reads scheduler analytics and leads');
    key = found;
    teamId = found.team_ids[0] as number;
    const schedulers = await api(`/api/v1/teams/${teamId}/schedulers`);
    scheduler = schedulers.data.find((s) => s.scheduler_id === teamId * 10 + 1) as typeof scheduler;
    host = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Heating</title></head><body><main><h1>Acme Heating</h1><p>Book online:</p>${scheduler.embed_code}</main></body></html>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: executablePath ?? undefined, args: ['--no-sandbox'] });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => host?.close(resolve));
    await service?.stop();
  });

  async function openLanding(width = 390): Promise<{ page: Page; widget: FrameLocator; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(`${hostUrl}/landing?${LANDING_QUERY}`, { waitUntil: 'load' });
    return { page, widget: page.frameLocator('iframe[title="Book a visit"]'), problems };
  }

  test('lists a booking page URL and an embed code for each scheduler', () => {
    expect(scheduler.booking_page_url).toBe(`${service.url}/widget/${teamId}/${scheduler.scheduler_id}`);
    expect(scheduler.embed_code).toContain(`${service.url}/widget/assets/embed.js`);
  });

  test('a customer books on a phone-width screen, and every read route shows the booking', async () => {
    const funnelNow = async () =>
      ((await api(`/api/v1/teams/${teamId}/analytics/funnel`)) as unknown as { data: { sessions: number; booking_completed: number } })
        .data;
    const before = await funnelNow();
    const { page, widget, problems } = await openLanding();
    const opened = Date.now();
    const service0 = scheduler.services[0] as string;
    await widget.getByRole('button', { name: service0, exact: true }).click();
    await widget.getByText(/^Times are in /).waitFor();
    const firstSlot = widget.locator('button.slot').first();
    const slotName = (await firstSlot.textContent()) ?? '';
    expect(slotName).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    await firstSlot.click();
    await widget.getByLabel('Name').fill('Jordan Avery');
    await widget.getByLabel('Phone').fill('(312) 555-0188');
    await widget.getByLabel('Email').fill('jordan.avery@example.com');
    await widget.getByLabel('Address').fill('2200 W Belmont Ave, Chicago, IL 60618');
    // A person takes seconds; the widget refuses a booking faster than its minimum dwell.
    await page.waitForTimeout(Math.max(0, 3_500 - (Date.now() - opened)));
    await widget.getByRole('button', { name: /^Book/ }).click();
    await expect(widget.getByRole('status').textContent({ timeout: 15_000 })).resolves.toBeDefined();
    await widget
      .getByRole('status')
      .filter({ hasText: /Your visit is booked/ })
      .waitFor({ timeout: 15_000 });
    expect(problems).toEqual([]);

    const sessions = await api(`/api/v1/teams/${teamId}/sessions?status=booked&limit=20`);
    const session = sessions.data.find((s) => (s.google_ads as { gclid: string | null }).gclid === 'EAIaIQobChMI-widget-test');
    expect(session).toMatchObject({
      status: 'booked',
      scheduler_id: scheduler.scheduler_id,
      issue_type: service0,
      customer_info: { name: 'Jordan Avery', phone: '+13125550188', email: 'jordan.avery@example.com' },
      utm: { source: 'google', medium: 'cpc', campaign: 'spring-tuneup', term: 'ac repair', content: 'ad-a' },
    });
    const events = ((session?.events ?? []) as { event_type: string }[]).map((e) => e.event_type);
    expect(events).toEqual(['session_started', 'issue_selected', 'booking_started', 'customer_info_completed', 'booking_completed']);
    const sessionId = session?.session_id as string;

    const bookings = await api(`/api/v1/bookings?team_id=${teamId}&limit=20`);
    expect(bookings.data.map((b) => b.session_id)).toContain(sessionId);

    const leads = await api(`/api/v1/teams/${teamId}/leads?limit=20`);
    const lead = leads.data.find((l) => l.external_id === sessionId);
    expect(lead).toMatchObject({ type: 'scheduling_widget', attribution: { gclid: 'EAIaIQobChMI-widget-test', utm_source: 'google' } });

    // The job is made by the widget-followups worker in the sandbox; its id comes back on the request and the session.
    await service.settle();
    const requests = await api(`/api/v1/teams/${teamId}/booking-requests?limit=20`);
    const request = requests.data.find((r) => r.session_id === sessionId);
    expect(request).toMatchObject({ attempt: 1, status: 'succeeded', st_job_id: expect.any(Number) });
    const jobs = service.fieldServiceJobs();
    expect(jobs.filter((job) => job.external_id === sessionId).map((job) => job.job_id)).toEqual([request?.st_job_id]);
    const again = await api(`/api/v1/teams/${teamId}/sessions?status=booked&limit=20`);
    expect(again.data.find((s) => s.session_id === sessionId)?.st_job_id).toBe(request?.st_job_id);

    // The funnel is kept from the sessions stream: it shows the booking within its freshness (2 s locally).
    let after = await funnelNow();
    for (let waited = 0; after.booking_completed === before.booking_completed && waited < 5_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await funnelNow();
    }
    expect(after.booking_completed).toBe(before.booking_completed + 1);
    expect(after.sessions).toBe(before.sessions + 1);
    await page.context().close();
  }, 120_000);

  test('axe-core finds no serious or critical violation in the widget', async () => {
    const { page, widget } = await openLanding(1024);
    await widget.getByRole('button', { name: scheduler.services[0] as string, exact: true }).waitFor();
    const frame = page.frames().find((f) => f.url().startsWith(`${service.url}/widget/`));
    if (!frame) throw new Error('the widget frame is missing');
    const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    const scan = async () =>
      (await frame.evaluate(`${axeSource}; axe.run(document).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact })))`)) as {
        id: string;
        impact: string;
      }[];
    const serious = (found: { impact: string }[]) => found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious(await scan())).toEqual([]);
    await widget.getByRole('button', { name: scheduler.services[0] as string, exact: true }).click();
    await widget.locator('button.slot').first().click();
    await widget.getByLabel('Name').waitFor();
    expect(serious(await scan())).toEqual([]);
    await page.context().close();
  }, 90_000);
});
