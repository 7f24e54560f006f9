import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * The system Chromium the browser tests drive (Debian's `chromium` package; `.ci/run` installs it).
 * CHROMIUM_PATH names another. Playwright's own browser downloads are never used: these machines
 * reach no host but the package registries.
 */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate): candidate is string => candidate !== undefined && candidate !== '' && existsSync(candidate)) ?? null;
}

/**
 * Everything a page did wrong, as a person's browser would show it: console errors (a browser
 * logs every 4xx and 5xx answer and every refused resource there), uncaught exceptions, failed
 * requests, answers of 400 or more, and any request to another origin (refused, so the test
 * never leaves the machine).
 */
export function watchPage(page: Page, origin: string): { problems: string[]; requests: string[] } {
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`answer ${response.status()}: ${response.url()}`);
  });
  void page.route('**/*', (route) => {
    const url = route.request().url();
    requests.push(url);
    if (url.startsWith(`${origin}/`) || url.startsWith('data:')) return route.continue();
    problems.push(`request to another origin: ${url}`);
    return route.abort('blockedbyclient');
  });
  return { problems, requests };
}
