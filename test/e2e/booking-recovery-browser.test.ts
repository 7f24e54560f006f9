import { readFileSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { MIN_DWELL_MS } from '#shared/domain/widget/widget-sessions';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { findChromium } from '../support/chromium';
import { bookLatestOpenSlot } from '../support/widget-booking';

/**
 * Booking recovery as a customer meets it, in headless Chromium: a customer picks a service and a
 * slot, fills valid details and closes the page; after SESSION_ABANDON_AFTER_SECONDS the session
 * is dropped_off, its recovery lead exists with lead.created, and one recovery text is on the
 * outbound feed (or deferred to the next allowed window, with send_at and rule). Opening the
 * text's link shows the session at the step it was left (the details, on the slot picked) with the
 * details filled; booking from it makes the session booked and recovered, on the same lead.
 */
process.env.LOG_LEVEL = 'silent';
process.env.CURSOR_SECRET ??= 'recovery-browser-test-cursor-secret';
process.env.SESSION_ABANDON_AFTER_SECONDS = '2';

type Row = Record<string, unknown>;
interface DemoKey {
  key: string;
  permissions: string[];
  team_ids: number[];
}

const executablePath = findChromium();
if (!executablePath) console.warn('booking-recovery-browser.test.ts: SKIPPED: no Chromium found');
const describeInBrowser = executablePath ? describe : describe.skip;

async function until<T>(read: () => Promise<T | null>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describeInBrowser('booking recovery in headless Chromium', () => {
  let service: LocalService;
  let browser: Browser;
  let key: DemoKey;
  let teamId: number;

  const api = async (path: string) => {
    const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as { data: Row[] };
  };

  beforeAll(async () => {
    service = await startLocalService({ port: 0, dataDir: undefined, seed: true });
    if (!service.credentialsPath) throw new Error('the local service wrote no demo credentials');
    const keys = (JSON.parse(readFileSync(service.credentialsPath, 'utf8')) as { keys: DemoKey[] }).keys;
    const found = keys.find((k) => ['read:scheduler_analytics', 'read:leads', 'read:outbound'].every((p) => k.permissions.includes(p)));
    if (!found) throw new Error('no demo key reads sessions, leads and outbound texts');
    key = found;
    teamId = found.team_ids[0] as number;
    browser = await chromium.launch({ executablePath: executablePath ?? undefined, args: ['--no-sandbox'] });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  test('a customer who leaves after giving details gets one text whose link resumes and books the same session', async () => {
    const schedulerId = teamId * 10 + 1;
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${service.url}/widget/${teamId}/${schedulerId}`, { waitUntil: 'load' });
    const service0 = (await page.locator('button.choice').first().textContent()) ?? '';
    await page.locator('button.choice').first().click();
    const slotLabel = (await page.locator('button.slot').first().textContent()) ?? '';
    await page.locator('button.slot').first().click();
    await page.getByText(/may call or text you about this request/).waitFor();
    await page.getByLabel('Name').fill('Jordan Avery');
    await page.getByLabel('Phone').fill('(312) 555-0177');
    await page.getByLabel('Email').fill('jordan.avery@example.com');
    await page.getByLabel('Address').fill('2200 W Belmont Ave, Chicago, IL 60618');
    await page.getByLabel('Name').focus();
    // The details are kept as soon as they are complete; then the customer closes the page.
    const kept = await until(async () => {
      const rows = (await api(`/api/v1/teams/${teamId}/sessions?limit=50`)).data;
      return rows.find((s) => (s.customer_info as Row).phone === '+13125550177') ?? null;
    }, 'the details on the session');
    const sessionId = kept.session_id as string;
    // The slot picked is kept with the step, before any booking.
    expect(kept.selected_date).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    expect(kept.selected_time).toEqual(expect.stringMatching(/^\d{2}:\d{2}$/));
    await context.close();

    await until(
      async () =>
        (await api(`/api/v1/teams/${teamId}/sessions?status=dropped_off&limit=50`)).data.find((s) => s.session_id === sessionId) ?? null,
      'the drop-off',
      30_000,
    );
    const lead = await until(
      async () => (await api(`/api/v1/teams/${teamId}/leads?limit=100`)).data.find((l) => l.external_id === sessionId) ?? null,
      'the recovery lead',
    );
    expect(lead).toMatchObject({ type: 'scheduling_widget' });
    const text = await until(async () => {
      const rows = (await api(`/api/v1/teams/${teamId}/outbound/texts?limit=100`)).data.filter(
        (t) => t.purpose === 'booking_recovery' && t.recipient === '+13125550177',
      );
      return rows.find((t) => t.status === 'sent' || t.status === 'deferred') ?? null;
    }, 'the recovery text');
    expect(text).toMatchObject({ campaign_id: null });
    if (text.status === 'deferred') {
      expect(typeof text.send_at).toBe('string');
      expect(typeof text.rule).toBe('string');
      return;
    }
    const url = /(http:\/\/\S+\?resume=\S+)/.exec(String(text.body))?.[1] ?? '';
    expect(url).toContain(`/widget/${teamId}/${schedulerId}?resume=`);

    const again = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const resumed = await again.newPage();
    const answer = resumed.waitForResponse((r) => r.url().endsWith('/widget/api/sessions/resume'));
    await resumed.goto(url, { waitUntil: 'load' });
    const body = (await (await answer).json()) as { step: string; slot: Row | null };
    expect(body.step).toBe('customer_info_completed');
    expect(body.slot).toMatchObject({ date: kept.selected_date, time: kept.selected_time, label: slotLabel });
    // Reopened on the details of the slot picked, not on the list of times.
    await resumed.getByRole('heading', { name: 'Your details' }).waitFor();
    expect(await resumed.locator('button.slot').count()).toBe(0);
    await expect(resumed.locator('p.summary').textContent()).resolves.toContain(`${service0}, `);
    await expect(resumed.locator('p.summary').textContent()).resolves.toContain(` at ${slotLabel} `);
    await expect(resumed.getByLabel('Name').inputValue()).resolves.toBe('Jordan Avery');
    await expect(resumed.getByLabel('Phone').inputValue()).resolves.toBe('+13125550177');
    await expect(resumed.getByLabel('Email').inputValue()).resolves.toBe('jordan.avery@example.com');
    await expect(resumed.getByLabel('Address').inputValue()).resolves.toBe('2200 W Belmont Ave, Chicago, IL 60618');
    await expect(resumed.getByRole('button', { name: `Book ${slotLabel} visit` }).isVisible()).resolves.toBe(true);
    // A customer back from the link books at least the widget's dwell after the session started
    // (here, with a drop-off after two seconds, the whole way back can take less).
    const dwellLeft = Date.parse(kept.started_at as string) + MIN_DWELL_MS - Date.now();
    if (dwellLeft > 0) await new Promise((resolve) => setTimeout(resolve, dwellLeft));
    const bookingAnswer = resumed.waitForResponse((r) => r.url().endsWith('/widget/api/session/booking'));
    await resumed.getByRole('button', { name: /^Book/ }).click();
    expect((await bookingAnswer).status()).toBe(200);
    await resumed
      .getByRole('status')
      .filter({ hasText: /Your visit is booked/ })
      .waitFor({ timeout: 15_000 });
    await again.close();

    const booked = await until(
      async () =>
        (await api(`/api/v1/teams/${teamId}/sessions?status=booked&limit=50`)).data.find((s) => s.session_id === sessionId) ?? null,
      'the booking',
    );
    expect(booked).toMatchObject({
      recovered: true,
      issue_type: service0,
      selected_date: kept.selected_date,
      selected_time: kept.selected_time,
    });
    expect((await api(`/api/v1/teams/${teamId}/leads?limit=100`)).data.filter((l) => l.external_id === sessionId)).toHaveLength(1);
  }, 180_000);

  test('a link whose slot was taken meanwhile reopens on the open times, saying so, the details kept', async () => {
    const schedulerId = teamId * 10 + 1;
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${service.url}/widget/${teamId}/${schedulerId}`, { waitUntil: 'load' });
    const service0 = (await page.locator('button.choice').first().textContent()) ?? '';
    await page.locator('button.choice').first().click();
    const picked = page.locator('button.slot').last();
    const places = Number(/\((\d+) places? left\)/.exec((await picked.getAttribute('title')) ?? '')?.[1] ?? '1');
    await picked.click();
    await page.getByLabel('Name').fill('Casey Lin');
    await page.getByLabel('Phone').fill('(312) 555-0178');
    await page.getByLabel('Email').fill('casey.lin@example.com');
    await page.getByLabel('Address').fill('1800 N Clark St, Chicago, IL 60614');
    await page.getByLabel('Name').focus();
    const kept = await until(async () => {
      const rows = (await api(`/api/v1/teams/${teamId}/sessions?limit=50`)).data;
      return rows.find((s) => (s.customer_info as Row).phone === '+13125550178') ?? null;
    }, 'the details on the session');
    await context.close();
    // Other customers take every place of the slot before the link is opened.
    const slot = { date: String(kept.selected_date), time: String(kept.selected_time) };
    await Promise.all(Array.from({ length: places }, () => bookLatestOpenSlot(service.url, teamId, schedulerId, service0, slot)));

    const text = await until(async () => {
      const rows = (await api(`/api/v1/teams/${teamId}/outbound/texts?limit=100`)).data;
      return rows.find((t) => t.purpose === 'booking_recovery' && t.recipient === '+13125550178' && t.status !== 'sending') ?? null;
    }, 'the recovery text');
    if (text.status === 'deferred') return;
    const url = /(http:\/\/\S+\?resume=\S+)/.exec(String(text.body))?.[1] ?? '';
    const again = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const resumed = await again.newPage();
    const answer = resumed.waitForResponse((r) => r.url().endsWith('/widget/api/sessions/resume'));
    await resumed.goto(url, { waitUntil: 'load' });
    const body = (await (await answer).json()) as { step: string; slot: Row | null };
    expect(body).toMatchObject({ step: 'customer_info_completed', slot: null });
    await resumed
      .getByRole('alert')
      .filter({ hasText: /has been taken meanwhile/ })
      .waitFor();
    expect(await resumed.locator('button.slot').count()).toBeGreaterThan(0);
    await resumed.locator('button.slot').first().click();
    await expect(resumed.getByLabel('Name').inputValue()).resolves.toBe('Casey Lin');
    await expect(resumed.getByLabel('Address').inputValue()).resolves.toBe('1800 N Clark St, Chicago, IL 60614');
    await again.close();
  }, 120_000);
});
