import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageText as plain, waitFor } from '../../components/testing/dom';
import type { HttpClient } from '../../providers/httpClient';
import { mountStaffAdmin, unmountAdmin } from '../testing/mountInAdmin';

// A search matching more than the server counts (1 000): the list says "more than 1 000", pages on, and goes to its
// last page, which the server finds counting from the end (page=-1).

afterEach(() => {
  unmountAdmin();
  localStorage.clear();
});

const row = (id: number) => ({
  id,
  uuid: `u-${id}`,
  reference: `2026-${String(id).padStart(4, '0')}`,
  status: 20,
  applicant: { id, name: 'Anna Lindberg', email: 'anna@exempel.se' },
  org_name: null,
  period: { id: 1, uuid: 'p-1', name: 'Vår 2026' },
  period_name: 'Vår 2026',
  application_type: null,
  money: 100000,
  money_value: 100000,
  approved_money: null,
  sent_in_at: '2026-03-01T10:00:00Z',
  finished: false,
  review: { score: null, spread: null, reviews_in: 0, reviews_pending: 0 },
  progress: {
    unhandled: true,
    unread_messages: false,
    followup_at: null,
    followup_sent_in_at: null,
    distribution_mail_sent_at: null,
    decision_changed_after_mail: false,
    finished: false,
    payout: null,
  },
  withheld: null,
});
const ok = <T,>(data: T) => ({ data: { data }, status: 200, headers: {} });

/** How many the search matches in truth; the server counts 1 000 of them. */
const matches = 12_345;

async function render(path: string, locale: string) {
  const pages: unknown[] = [];
  const get = vi.fn(async (url: string, options?: { params?: Record<string, unknown> }) => {
    if (url === '/applications/all') {
      // As the API answers: page -k holds the k-th 50 from the end, in the list's order.
      const page = Number(options?.params?.page ?? 1);
      pages.push(page);
      const first = page > 0 ? (page - 1) * 50 + 1 : matches + page * 50 + 1;
      const data = Array.from({ length: 50 }, (_, i) => row(first + i));
      const around =
        page > 0
          ? { last_page: page + 1, has_next_page: true, has_previous_page: page > 1 }
          : { last_page: -1, has_next_page: page < -1, has_previous_page: true };
      return ok({ data, total: 1_000, current_page: page, per_page: 50, total_exact: false, ...around });
    }
    return ok({ data: [], total: 0 });
  });
  await mountStaffAdmin(path, get as unknown as HttpClient['get'], {
    abilities: [{ name: 'manage-applications', entity_id: null, entity_type: null }],
    locale,
  });
  return pages;
}

/** The pagination's button of that name (Swedish or English). */
const button = (name: string) => {
  const found = document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
  if (!found) throw new Error(`no button ${name}: ${plain()}`);
  return found;
};
const [first, previous, next, last] = ['Gå till första sidan', 'Gå till föregående sida', 'Gå till nästa sida', 'Gå till sista sidan'];
/** Which of first, previous, next, last can be pressed, each reachable by Tab when it can. */
const enabled = () =>
  [first, previous, next, last].map((name) => {
    const b = button(name);
    if (!b.disabled) expect(b.tabIndex).toBe(0);
    return !b.disabled;
  });

// Each mounts the whole staff app over the API, with its ten thousand applications: slow on a busy machine, so the
// first page is given longer to come.
const FIRST_PAGE_MS = 20_000;
describe('a list counted only up to 1 000', { timeout: 60_000 }, () => {
  it('goes to the last page and back through previous, next and first', async () => {
    const pages = await render('/applications?filter=%7B%22search%22%3A%22Lindberg%22%7D', 'sv-SE');
    await waitFor(() => plain().includes('1–50 av fler än 1 000'), 'the first page', FIRST_PAGE_MS);
    expect(enabled()).toEqual([false, false, true, true]);

    await act(async () => button(last).click());
    // The range says the page at once; its rows follow the answer.
    await waitFor(() => plain().includes('de sista 50 av fler än 1 000') && plain().includes('2026-12345'), 'the last page');
    expect(pages.at(-1)).toBe(-1);
    // The last 50 of the 12 345, in the list's order.
    expect(plain()).toContain('2026-12296');
    expect(plain().indexOf('2026-12296')).toBeLessThan(plain().indexOf('2026-12345'));
    expect(enabled()).toEqual([true, true, false, false]);

    await act(async () => button(previous).click());
    await waitFor(() => plain().includes('51–100 från slutet av fler än 1 000') && plain().includes('2026-12246'), 'the page before');
    expect(pages.at(-1)).toBe(-2);
    expect(plain()).not.toContain('2026-12345');
    expect(enabled()).toEqual([true, true, true, true]);

    await act(async () => button(next).click());
    await waitFor(() => plain().includes('de sista 50 av fler än 1 000') && plain().includes('2026-12345'), 'the last page again');
    expect(pages.at(-1)).toBe(-1);

    await act(async () => button(first).click());
    await waitFor(() => plain().includes('1–50 av fler än 1 000') && plain().includes('2026-0001'), 'the first page again');
    expect(pages.at(-1)).toBe(1);
  });

  it('says "fler än 1 000" and still goes to the next page', async () => {
    const pages = await render('/applications?filter=%7B%22search%22%3A%22Lindberg%22%7D', 'sv-SE');
    await waitFor(() => plain().includes('1–50 av fler än 1 000'), 'the range with "more than"', FIRST_PAGE_MS);
    const next = document.querySelector<HTMLButtonElement>('button[aria-label="Gå till nästa sida"], button[aria-label="Go to next page"]');
    expect(next).not.toBeNull();
    await act(async () => next!.click());
    await waitFor(() => plain().includes('51–100 av fler än 1 000'), 'the next page');
    expect(pages).toContain(2);
  });

  it('says "more than 1,000" in English', async () => {
    await render('/applications?filter=%7B%22search%22%3A%22Lindberg%22%7D', 'en-US');
    await waitFor(() => plain().includes('1–50 of more than 1,000'), 'the range in English', FIRST_PAGE_MS);
    await act(async () => document.querySelector<HTMLButtonElement>('button[aria-label="Go to last page"]')!.click());
    await waitFor(() => plain().includes('the last 50 of more than 1,000') && plain().includes('2026-12345'), 'the last page in English');
    await act(async () => document.querySelector<HTMLButtonElement>('button[aria-label="Go to previous page"]')!.click());
    await waitFor(() => plain().includes('51–100 from the end of more than 1,000') && plain().includes('2026-12246'), 'the page before');
  });
});
