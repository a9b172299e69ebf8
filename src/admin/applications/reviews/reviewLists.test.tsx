import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ability } from '../../../../resources/abilities';
import { buttonNamed as button, pageText as text, typeInto, waitFor } from '../../../components/testing/dom';
import type { StaffDataProvider } from '../../../providers/dataProvider';
import type { HttpClient } from '../../../providers/httpClient';
import { mountInAdmin, mountStaffAdmin, unmountAdmin } from '../../testing/mountInAdmin';
import { setPhone, unsetPhone } from '../../testing/phone';
import { PeriodReviewersDialog } from './PeriodReviewersButton';
import type { ReviewFigures } from './reviewColumns';

// The review figures on the staff lists (score, spread, reviews in of all; the reviewer's own on their investigations),
// their sorts and filters over the API, and assigning reviewers to a whole period.

afterEach(() => {
  unmountAdmin();
  localStorage.clear();
  unsetPhone();
});

const period = { id: 7, uuid: 'p-7', name: 'Vår 2026' };
const review: ReviewFigures = { score: 8250, spread: 1250, reviews_in: 2, reviews_pending: 1 };
const progress = {
  unhandled: false,
  unread_messages: false,
  followup_at: null,
  followup_sent_in_at: null,
  distribution_mail_sent_at: null,
  decision_changed_after_mail: false,
  finished: false,
  payout: null,
};
const applicationRow = (id: number, figures = review) => ({
  id,
  uuid: `u-${id}`,
  reference: `2026-000${id}`,
  status: 30,
  applicant: { id, name: `Sökande ${id}`, email: `s${id}@exempel.se` },
  org_name: null,
  period,
  period_name: period.name,
  application_type: null,
  money: 100000,
  money_value: 100000,
  approved_money: null,
  sent_in_at: '2026-03-01T10:00:00Z',
  finished: false,
  progress,
  review: figures,
  withheld: null,
});
const investigationRow = (id: number, myReview: string | null, figures = review) => ({
  id,
  uuid: `u-${id}`,
  reference: `2026-000${id}`,
  status: 30,
  applicant: { id, name: `Sökande ${id}`, email: `s${id}@exempel.se` },
  period,
  money_value: 100000,
  sent_in_at: '2026-03-01T10:00:00Z',
  investigation: { status: 10, amount: null, updated_at: '2026-03-02T10:00:00Z' },
  review: figures,
  my_review: myReview,
  withheld: null,
});
const ok = <T,>(data: T) => ({ data: { data }, status: 200, headers: {} });

/** The staff app at `path` over an API whose lists answer `rows`; the parameters of each list call are kept. */
async function render(path: string, endpoint: string, rows: unknown[], abilities: Ability[]) {
  const calls: Record<string, unknown>[] = [];
  const get = vi.fn(async (url: string, options?: { params?: Record<string, unknown> }) => {
    if (url === endpoint) {
      calls.push(options?.params ?? {});
      return ok({ data: rows, total: rows.length });
    }
    if (url === '/periods/decisioning') return ok([{ ...period, start_date: '2026-03-01', end_date: '2026-04-30', state: 'closed' }]);
    return ok({ data: [], total: 0 });
  });
  await mountStaffAdmin(path, get as unknown as HttpClient['get'], { abilities });
  return calls;
}
const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);
const cells = (row: number) => [...document.querySelectorAll('tbody tr')][row].querySelectorAll('td');
const rowText = (row: number) => [...cells(row)].map((td) => (td.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '));
const sortBy = (label: string) =>
  act(async () =>
    [...document.querySelectorAll<HTMLElement>('thead th span[role="button"], thead th button')]
      .find((b) => b.textContent?.includes(label))!
      .click(),
  );

/** Shows the list's columns `names` through its columns button. */
async function chooseColumns(names: string[]) {
  await act(async () => [...document.querySelectorAll<HTMLElement>('button')].find((b) => b.textContent?.includes('Kolumner'))!.click());
  for (const name of names) {
    const toggle = [...document.querySelectorAll<HTMLInputElement>('[role="menu"] input[role="switch"]')].find(
      (input) => input.closest('label')?.textContent?.trim() === name,
    )!;
    await act(async () => toggle.click());
  }
}

const manager: Ability[] = [{ name: 'manage-applications', entity_id: null, entity_type: null }];

// Each mounts the whole staff app: slow on a busy machine.
describe('the review figures on the lists', { timeout: 60_000 }, () => {
  it('offers the review columns on all applications, sorts by the score, and filters by the lowest score and missing reviews', async () => {
    const calls = await render(
      `/applications?filter=${encodeURIComponent(JSON.stringify({ review_score_min: 80, reviews_pending: true }))}`,
      '/applications/all',
      [applicationRow(1), applicationRow(2, { score: null, spread: null, reviews_in: 0, reviews_pending: 0 })],
      manager,
    );
    await waitFor(() => text().includes('2026-0001'), 'the list');
    // The review columns only when chosen with the columns button (a 1280 px screen has no room for them by default).
    expect(headers()).not.toContain('Poäng');
    await chooseColumns(['Poäng', 'Spridning', 'Bedömningar']);
    await waitFor(() => headers().includes('Poäng'), 'the chosen review columns');
    expect(rowText(0)).toEqual(expect.arrayContaining(['82,5 %2 av 3', '12,5 %', '2 av 3']));
    // Without reviewers, nothing rather than "0 av 0".
    expect(rowText(1).join(' ')).not.toContain('0 av 0');
    expect(calls.at(-1)).toMatchObject({ review_score_min: 80, reviews_pending: true });
    expect(text()).toContain('Lägsta poäng (%)');
    expect(text()).toContain('Bedömningar saknas');

    await sortBy('Poäng');
    await waitFor(() => calls.at(-1)?.sort === 'review_score', 'the sort by score');
    // The highest first.
    expect(calls.at(-1)).toMatchObject({ sort: 'review_score', direction: 'desc' });
  });

  it('shows the reviewer their own review, the spread and the reviews on their investigations, sorts by them, narrowed to what is left to do', async () => {
    const calls = await render(
      '/investigations',
      '/applications/userInvestigations',
      [investigationRow(1, 'todo'), investigationRow(2, 'done'), investigationRow(3, 'stood_aside'), investigationRow(4, null)],
      [{ name: 'investigate-applications', entity_id: null, entity_type: null }],
    );
    await waitFor(() => text().includes('2026-0004'), 'the list');
    // The score with the reviews in under it; the spread and the reviews' column once chosen.
    expect(headers()).toEqual(expect.arrayContaining(['Min bedömning', 'Poäng']));
    expect(headers()).not.toContain('Spridning');
    await chooseColumns(['Spridning', 'Bedömningar']);
    await waitFor(() => headers().includes('Spridning'), 'the chosen review columns');
    const mine = headers().indexOf('Min bedömning');
    expect([0, 1, 2, 3].map((row) => rowText(row)[mine])).toEqual(['Att göra', 'Klar', 'Jävig', '']);
    expect(rowText(0)).toEqual(expect.arrayContaining(['82,5 %2 av 3', '12,5 %', '2 av 3']));
    await sortBy('Spridning');
    await waitFor(() => calls.at(-1)?.sort === 'review_spread', 'the sort by spread');
    await sortBy('Bedömningar');
    await waitFor(() => calls.at(-1)?.sort === 'reviews_pending', 'the sort by pending reviews');

    const todo = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((input) =>
      input.closest('label')?.textContent?.includes('Att göra'),
    )!;
    await act(async () => todo.click());
    await waitFor(() => calls.at(-1)?.todo === true, 'the to-do filter');
  });

  it('shows the figures in the compact line on a phone, on a period’s decisioning list', async () => {
    setPhone();
    await render(
      `/decisioning/${period.uuid}/${encodeURIComponent(period.name)}`,
      `/applications/decisioning/${period.uuid}`,
      [applicationRow(1)],
      [...manager, { name: 'investigate-applications', entity_id: null, entity_type: null }],
    );
    await waitFor(() => text().includes('2026-0001'), 'the list');
    expect(text()).toContain('Poäng 82,5 %, bedömningar 2 av 3');
    // Assigning reviewers to the whole period is offered on its page (an icon named by its label on a phone).
    await waitFor(() => !!document.querySelector('button[aria-label="Tilldela granskare för hela perioden"]'), 'the period’s button');
  });
});

describe('assigning reviewers to a whole period', { timeout: 20_000 }, () => {
  it('says how many applications it concerns and assigns the chosen reviewers to them', async () => {
    const getList = vi.fn(async (resource: string) =>
      resource === 'users'
        ? { data: [{ id: 31, first_name: 'Anna', last_name: 'Berg' }], total: 1 }
        : { data: [applicationRow(1)], total: 12 },
    );
    const addPeriodReviewers = vi.fn(async () => ({ applications: 12, added: 11, stood_aside: 0 }));
    const onClose = vi.fn();
    await mountInAdmin(<PeriodReviewersDialog period={period} onClose={onClose} />, {
      getList,
      addPeriodReviewers,
    } as unknown as StaffDataProvider);
    await waitFor(() => text().includes('väntar på beslut: 12 ansökningar'), 'the count');
    // Sent in and not yet decided, in that period.
    expect(getList).toHaveBeenCalledWith('applications', expect.objectContaining({ filter: { period: 7, status: [20, 30] } }));
    expect(button('Tilldela granskare till 12 ansökningar')!.disabled).toBe(true);

    const input = document.querySelector<HTMLInputElement>('[role="dialog"] input')!;
    await typeInto(input, 'Ann');
    await waitFor(() => !!document.querySelector('[role="option"]'), 'the options');
    await act(async () => document.querySelector<HTMLElement>('[role="option"]')!.click());
    await act(async () => button('Tilldela granskare till 12 ansökningar')!.click());
    await waitFor(() => onClose.mock.calls.length > 0, 'the dialog done');
    expect(addPeriodReviewers).toHaveBeenCalledWith('p-7', [31]);
    await waitFor(() => text().includes('Granskarna är tilldelade: 11 nya på 12 ansökningar.'), 'the notice');
    expect(text()).not.toContain('där du anmält jäv');
  });

  it('says how many applications are left to a colleague where the user stood aside', async () => {
    const getList = vi.fn(async (resource: string) =>
      resource === 'users'
        ? { data: [{ id: 31, first_name: 'Anna', last_name: 'Berg' }], total: 1 }
        : { data: [applicationRow(1)], total: 3 },
    );
    const addPeriodReviewers = vi.fn(async () => ({ applications: 2, added: 2, stood_aside: 1 }));
    await mountInAdmin(<PeriodReviewersDialog period={period} onClose={() => {}} />, {
      getList,
      addPeriodReviewers,
    } as unknown as StaffDataProvider);
    await waitFor(() => text().includes('väntar på beslut: 3 ansökningar'), 'the count');
    await typeInto(document.querySelector<HTMLInputElement>('[role="dialog"] input')!, 'Ann');
    await waitFor(() => !!document.querySelector('[role="option"]'), 'the options');
    await act(async () => document.querySelector<HTMLElement>('[role="option"]')!.click());
    await act(async () => button('Tilldela granskare till 3 ansökningar')!.click());
    await waitFor(
      () => text().includes('Granskarna är tilldelade: 2 nya på 2 ansökningar. 1 där du anmält jäv lämnas till en kollega.'),
      'the notice',
    );
  });
});
