import { act } from 'react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ability } from '../../../../resources/abilities';
import { enums } from '../../../../resources/enums';
import { buttonNamed as button, pageText as text, typeInto, waitFor } from '../../../components/testing/dom';
import type { StaffDataProvider } from '../../../providers/dataProvider';
import type { MyReviewInput, ReviewsView, StaffApplication } from '../../../providers/staffMethods';
import { mountInAdmin, unmountAdmin } from '../../testing/mountInAdmin';
import { ShownApplicationDialog } from '../ShownApplicationDialog';

// The application dialog's Review tab: a reviewer declares a conflict of interest or none before seeing anything of the
// application, then scores each criterion and reads the others' reviews; a manager reads them all and assigns reviewers.

const uuid = 'app-1';
const application = {
  uuid,
  reference: '2026-0042',
  status: enums.application_status.received,
  applicant: { id: 3, name: 'Lina Öberg', email: 'lina@example.se' },
  period: { id: 7, uuid: 'p7', name: 'Våren 2026' },
  progress: { unread_messages: false },
} as unknown as StaffApplication;

const criteria: ReviewsView['criteria'] = [
  { id: 1, label: 'Relevans', guidance: 'Hur väl svarar projektet mot stiftelsens syfte?', scale_max: 5, weight: 2 },
  { id: 2, label: 'Genomförbarhet', guidance: null, scale_max: 4, weight: 1 },
];
const applicant = { reference: '2026-0042', name: 'Lina Öberg', organisation: 'Öbergs idrottsförening' };
const blankMine: NonNullable<ReviewsView['mine']> = {
  conflict_of_interest: null,
  scores: {},
  comment: null,
  amount: null,
  status: enums.investigation_status.no_proposal,
  reviewed_at: null,
};
const view = (mine: ReviewsView['mine'], others = false): ReviewsView => ({
  criteria,
  applicant,
  mine,
  reviews: others
    ? [
        {
          user_id: 21,
          name: 'Karin Granskare',
          conflict_of_interest: false,
          scores: { 1: 5, 2: 3 },
          comment: 'Ett starkt projekt.',
          amount: 40_000_00,
          status: enums.investigation_status.grant,
          reviewed_at: '2026-05-02T10:00:00Z',
          weighted_score: 8250,
        },
        {
          user_id: 22,
          name: 'Per Väntar',
          conflict_of_interest: false,
          scores: {},
          comment: null,
          amount: null,
          status: enums.investigation_status.no_proposal,
          reviewed_at: null,
          weighted_score: null,
        },
        {
          user_id: 23,
          name: 'Olle Jävig',
          conflict_of_interest: true,
          scores: {},
          comment: null,
          amount: null,
          status: enums.investigation_status.no_proposal,
          reviewed_at: null,
          weighted_score: null,
        },
      ]
    : null,
  summary: others
    ? { score: 8250, spread: 1250, reviews_in: 2, reviews_pending: 1, stood_aside: [{ user_id: 23, name: 'Olle Jävig' }] }
    : null,
});

const reviewer: Ability[] = [{ name: 'investigate-applications', entity_type: 'periods', entity_id: 7 }];
const manager: Ability[] = [{ name: 'manage-applications', entity_type: null, entity_id: null }];
const users = [
  { id: 21, first_name: 'Karin', last_name: 'Granskare' },
  { id: 31, first_name: 'Anna', last_name: 'Berg' },
  { id: 32, first_name: 'Bo', last_name: 'Dahl' },
];

const render = (methods: Partial<StaffDataProvider>, abilities: Ability[] = reviewer, tab = 'review') =>
  mountInAdmin(
    // A reviewer opens it from their own investigations, a manager from the applications list.
    <ShownApplicationDialog mode={abilities === manager ? 'manage' : 'investigate'} />,
    {
      getApplication: async () => application,
      getList: async () => ({ data: users, total: users.length }),
      ...methods,
    } as unknown as StaffDataProvider,
    `/investigations?show=${uuid}&tab=${tab}`,
    abilities,
  );
const tabs = () => [...document.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent);
const lastButton = (name: string) => [...document.querySelectorAll('button')].filter((b) => b.textContent === name).at(-1)!;
const radio = (criterion: number, score: number) =>
  document.querySelector<HTMLInputElement>(`#review-criterion-${criterion} input[value="${score}"]`)!;
/** The server's refusal of everything but the review until the reviewer has declared. */
const mustDeclare = () => Promise.reject(new HttpError('Ange först om du är jävig i förhållande till den sökande.', 403, {}));

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

describe('the review tab', { timeout: 20_000 }, () => {
  it('asks a reviewer first whether they have a conflict, showing only who applied; "No" opens the application and the scores', async () => {
    let mine: NonNullable<ReviewsView['mine']> = blankMine;
    const putMyReview = vi.fn(async (_uuid: string, review: MyReviewInput) => {
      mine = { ...blankMine, conflict_of_interest: review.conflict_of_interest };
      return view(mine);
    });
    await render(
      {
        getApplication: () => (mine.conflict_of_interest === false ? Promise.resolve(application) : mustDeclare()),
        getReviews: async () => view(mine),
        putMyReview,
      },
      reviewer,
      // The address asks for the application; an undeclared reviewer is shown the question instead.
      'application',
    );
    await waitFor(() => text().includes('Är du jävig i förhållande till den sökande?'), 'the question');
    expect(tabs()).toEqual(['Bedömning']);
    expect(text()).toContain('Öbergs idrottsförening');
    expect(text()).toContain('2026-0042');
    expect(text()).toContain('närstående');
    expect(text()).not.toContain('Relevans');

    await act(async () => button('Nej, jag är inte jävig')!.click());
    await waitFor(() => text().includes('Relevans') && !!button('Skicka in bedömningen'), 'the scores');
    expect(putMyReview).toHaveBeenCalledWith(uuid, { conflict_of_interest: false });
    await waitFor(() => tabs().includes('Ansökan'), 'the other tabs');
    expect(tabs()).toContain('Bedömning');
    expect(text()).toContain('De andra granskarnas bedömningar visas när du har skickat in din egen.');
  });

  it('stands a reviewer aside only once confirmed, after which the tab says so and nothing else is shown', async () => {
    let mine: NonNullable<ReviewsView['mine']> = blankMine;
    const putMyReview = vi.fn(async (_uuid: string, review: MyReviewInput) => {
      mine = { ...blankMine, conflict_of_interest: review.conflict_of_interest };
      return view(mine);
    });
    await render({
      getApplication: () =>
        mine.conflict_of_interest ? Promise.reject(new HttpError('Du har anmält jäv och kan inte läsa ansökan.', 403, {})) : mustDeclare(),
      getReviews: async () => view(mine),
      putMyReview,
    });
    await waitFor(() => !!button('Ja, jag är jävig och avstår'), 'the question');
    await act(async () => button('Ja, jag är jävig och avstår')!.click());
    await waitFor(() => text().includes('Det går inte att ångra'), 'the confirmation');
    expect(text()).toContain('avstår från att bedöma ansökan 2026-0042');
    expect(putMyReview).not.toHaveBeenCalled();
    await act(async () => lastButton('Anmäl jäv och avstå').click());

    await waitFor(() => text().includes('Du har anmält jäv och avstår från att bedöma den här ansökan.'), 'standing aside');
    expect(putMyReview).toHaveBeenCalledWith(uuid, { conflict_of_interest: true });
    expect(tabs()).toEqual(['Bedömning']);
    expect(button('Nej, jag är inte jävig')).toBeUndefined();
    expect(button('Skicka in bedömningen')).toBeUndefined();
    // No failure with a retry: standing aside is a state.
    expect(button('Försök igen')).toBeUndefined();
  });

  it('lists the missing scores, each leading to its criterion; keeps what was typed through a failure; then shows the others’ reviews', async () => {
    let sent = false;
    const mine = { ...blankMine, conflict_of_interest: false };
    let fail = true;
    const putMyReview = vi.fn(async () => {
      if (fail) throw new HttpError('Något gick fel. Försök igen om en stund.', 500, {});
      sent = true;
      return view({ ...mine, reviewed_at: '2026-05-03T09:00:00Z' }, true);
    });
    await render({
      getReviews: async () => (sent ? view({ ...mine, reviewed_at: '2026-05-03T09:00:00Z' }, true) : view(mine)),
      putMyReview,
    });
    await waitFor(() => !!radio(1, 5), 'the scores');
    // The scale runs to each criterion's own maximum, its buttons named by number, grouped under the criterion.
    expect(radio(1, 5)).toBeTruthy();
    expect(radio(2, 5)).toBeNull();
    const group = document.querySelector('#review-criterion-1 [role="radiogroup"]')!;
    expect(document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent).toBe('Relevans');
    expect(text()).toContain('Hur väl svarar projektet mot stiftelsens syfte?');

    await act(async () => radio(1, 4).click());
    await act(async () => button('Skicka in bedömningen')!.click());
    await waitFor(() => text().includes('Poäng saknas för ett kriterium:'), 'the missing score');
    expect(putMyReview).not.toHaveBeenCalled();
    const missing = [...document.querySelectorAll('[role="alert"] button')].find((b) => b.textContent === 'Genomförbarhet')!;
    await act(async () => (missing as HTMLButtonElement).click());
    expect(document.activeElement).toBe(radio(2, 1));

    await act(async () => radio(2, 3).click());
    await waitFor(() => !text().includes('Poäng saknas'), 'the list gone');
    await act(async () => document.querySelector<HTMLInputElement>('input[value="20"]')!.click());
    const comment = document.querySelector<HTMLTextAreaElement>('textarea:not([aria-hidden])')!;
    await typeInto(comment, 'Väl förankrat i bygden.');
    await act(async () => button('Skicka in bedömningen')!.click());
    await waitFor(() => text().includes('Något gick fel'), 'the failure');
    expect(radio(1, 4).checked).toBe(true);
    expect(radio(2, 3).checked).toBe(true);
    expect(comment.value).toBe('Väl förankrat i bygden.');

    fail = false;
    await act(async () => button('Skicka in bedömningen')!.click());
    await waitFor(() => text().includes('Karin Granskare'), 'the others’ reviews');
    expect(putMyReview).toHaveBeenLastCalledWith(uuid, {
      conflict_of_interest: false,
      scores: { 1: 4, 2: 3 },
      comment: 'Väl förankrat i bygden.',
      amount: null,
      status: enums.investigation_status.grant,
    });
    const rows = [...document.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows[0]).toEqual(
      ['Karin Granskare', '5', '3', '82,5 %', 'Bevilja, 40 000 kr', 'Ett starkt projekt.'].map((s) =>
        expect.stringMatching(s.replace(/ /g, '\\s')),
      ),
    );
    expect(rows[1][0]).toBe('Per Väntar');
    expect(rows[1]).toContain('Inte inskickad');
    // Who stood aside is named in the summary, not among the reviews.
    expect(rows.map((row) => row[0])).not.toContain('Olle Jävig');
    expect(text()).toContain('Olle Jävig');
    expect(text()).toContain('12,5 %');
    expect(text()).toContain('2 av 3');
    // What was sent stays on the screen.
    expect(radio(1, 4).checked).toBe(true);
  });

  it('lets a manager read every review and assign several reviewers at once', async () => {
    const addReviewers = vi.fn(async () => []);
    await render({ getReviews: async () => view(null, true), addReviewers }, manager);
    await waitFor(() => text().includes('Karin Granskare') && text().includes('Tilldela granskare'), 'the reviews');
    expect(button('Skicka in bedömningen')).toBeUndefined();
    expect(text()).toContain('Viktat medelvärde');

    const input = document.querySelector<HTMLInputElement>('#reviewers-heading ~ div input')!;
    for (const name of ['Anna Berg', 'Bo Dahl']) {
      await typeInto(input, name.slice(0, 3));
      await waitFor(() => [...document.querySelectorAll('[role="option"]')].some((o) => o.textContent === name), `the option ${name}`);
      // One already reviewing is not offered.
      expect([...document.querySelectorAll('[role="option"]')].map((o) => o.textContent)).not.toContain('Karin Granskare');
      const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === name)!;
      await act(async () => option.click());
    }
    await act(async () => button('Lägg till granskare')!.click());
    await waitFor(() => addReviewers.mock.calls.length > 0, 'the assignment');
    expect(addReviewers).toHaveBeenCalledWith(uuid, [31, 32]);
    await waitFor(() => text().includes('2 granskare är tillagda.'), 'the notice');
  });

  it('is not shown where the application’s type has no criteria', async () => {
    await render({ getReviews: async () => ({ ...view(null), criteria: [] }) }, manager);
    await waitFor(() => text().includes('Lina Öberg') && tabs().includes('Ansökan'), 'the dialog');
    expect(tabs()).not.toContain('Bedömning');
  });
});
