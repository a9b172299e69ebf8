import type { Page } from '@playwright/test';

// What a page has asked the server for and not yet had, so a check can wait until what a screen loads has arrived,
// after a full load or a move within the app alike (Playwright's 'networkidle' is a state of loading the document
// only, and waits half a second to call it so).
const pages = new WeakMap<Page, { pending: number; last: number; refused: string[] }>();

/** Starts counting the requests of a page; done for every page the fixtures give. */
export function trackRequests(page: Page) {
  const state = { pending: 0, last: Date.now(), refused: [] as string[] };
  pages.set(page, state);
  // The API's refusals and failures, told when the journey fails (whatFailed).
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().includes('/api/'))
      state.refused.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`);
  });
  const done = () => {
    state.pending = Math.max(0, state.pending - 1);
    state.last = Date.now();
  };
  page.on('request', () => {
    state.pending++;
    state.last = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** Waits until the page has had no request under way for `quietMs`. */
export async function settled(page: Page, quietMs = 250, timeoutMs = 10_000) {
  const state = pages.get(page);
  if (!state) return page.waitForLoadState('networkidle');
  const until = Date.now() + timeoutMs;
  while (state.pending > 0 || Date.now() - state.last < quietMs) {
    if (Date.now() > until) throw new Error(`requests still under way on ${page.url()} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * What a failed journey's page showed: its address, the API calls refused or failed on it, and its accessibility tree
 * (shortened), so a failure seen only in a log can be read without its screenshots.
 */
export async function whatFailed(page: Page): Promise<string> {
  if (page.isClosed()) return '';
  const refused = pages.get(page)?.refused ?? [];
  const tree = await page
    .locator('body')
    .ariaSnapshot({ timeout: 2_000 })
    .catch((error: Error) => `(no accessibility tree: ${error.message})`);
  return [`page ${page.url()}`, `refused: ${refused.slice(-10).join('; ') || 'none'}`, tree.slice(0, 6_000)].join('\n');
}
