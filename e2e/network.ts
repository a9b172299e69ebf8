import type { Page } from '@playwright/test';

// What a page has asked the server for and not yet had, so a check can wait until what a screen loads has arrived,
// after a full load or a move within the app alike (Playwright's 'networkidle' is a state of loading the document
// only, and waits half a second to call it so).
const pages = new WeakMap<Page, { pending: number; last: number }>();

/** Starts counting the requests of a page; done for every page the fixtures give. */
export function trackRequests(page: Page) {
  const state = { pending: 0, last: Date.now() };
  pages.set(page, state);
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
