import { expect, type Locale } from './fixtures';
import { type APIRequestContext, type Page } from '@playwright/test';
import { applicantWithApplication, xhr } from './applicants';
import { PASSWORD, periodOfItsOwn, unique, type OwnPeriod } from './helpers';

// What the journeys of reviews and board meetings make through the API, where the browser is not what they test: staff
// signed in, a period of the journey's own whose type has review criteria, its applications with reviewers, and
// reviews sent in.

/** The demo's second investigator (Karin) and its board member. */
export const SECOND_INVESTIGATOR = 'ekonomi@demo.se';
export const BOARD_MEMBER = 'styrelse@demo.se';

/** A staff user signed in through the API in a browser of their own: its `request` keeps the session. */
export async function staffApi(newPage: (locale?: Locale) => Promise<Page>, email: string, locale: Locale = 'sv-SE') {
  const { request } = await newPage(locale);
  const login = await request.post('/api/v1/auth/login', { headers: xhr, data: { data: { email, password: PASSWORD } } });
  expect(login.ok(), await login.text()).toBe(true);
  return request;
}

/** A staff user's id and name, found by their address by one who manages users. */
export async function staffUser(admin: APIRequestContext, email: string): Promise<{ id: number; name: string }> {
  const found = await admin.get(`/api/v1/users?search=${encodeURIComponent(email)}`);
  expect(found.ok(), await found.text()).toBe(true);
  const user = ((await found.json()).data.data as { id: number; email: string; first_name: string; last_name: string }[]).find(
    (row) => row.email === email,
  );
  expect(user, email).toBeTruthy();
  return { id: user!.id, name: `${user!.first_name} ${user!.last_name}` };
}

/** The two criteria each journey's type is scored on: what the project will do (weight 2) and its use (weight 1). */
export const criteria = [
  { label_sv: 'Genomförbarhet', label_en: 'Feasibility', scale_max: 5, weight: 2, order: 1 },
  { label_sv: 'Nytta för bygden', label_en: 'Benefit to the community', scale_max: 5, weight: 1, order: 2 },
] as const;

/** A period of the journey's own (see `periodOfItsOwn`) whose application type has `criteria`; their ids in order. */
export async function reviewedPeriod(
  admin: APIRequestContext,
  name: string,
  options: Parameters<typeof periodOfItsOwn>[2] = {},
): Promise<OwnPeriod & { criteria: number[] }> {
  const period = await periodOfItsOwn(admin, name, options);
  const ids = [];
  for (const criterion of criteria) {
    const made = await admin.post('/api/v1/review-criteria', {
      headers: xhr,
      data: { data: { application_type_id: period.typeId, ...criterion } },
    });
    expect(made.ok(), await made.text()).toBe(true);
    ids.push(((await made.json()).data as { id: number }).id);
  }
  return { ...period, criteria: ids };
}

/**
 * An application sent in to `period` by an applicant of the journey's own (in a browser of their own). Several may be
 * made at once: each applicant's address has their first name in it.
 */
export async function applicationIn(
  newPage: (locale?: Locale) => Promise<Page>,
  period: OwnPeriod,
  locale: Locale,
  name: { first: string; last: string },
) {
  const prefix = `bedomning-${name.first.toLowerCase().replace(/[^a-z]/g, '')}-${unique()}`;
  return applicantWithApplication((await newPage(locale)).request, locale, name, prefix, period);
}

/** Puts the staff users `ids` on the application as reviewers. */
export async function addReviewers(admin: APIRequestContext, uuid: string, ids: number[]) {
  const added = await admin.post(`/api/v1/applications/${uuid}/reviewers`, { headers: xhr, data: { data: { user_ids: ids } } });
  expect(added.ok(), await added.text()).toBe(true);
}

/**
 * The caller's review of the application, sent in: no conflict of interest, `scores` in the order of the criteria,
 * and a proposal (a grant of `amount` öre, or a rejection without one).
 */
export async function sendReview(
  reviewer: APIRequestContext,
  uuid: string,
  criterionIds: number[],
  scores: number[],
  proposal: { grant: number } | 'reject',
  comment: string | null = null,
) {
  const sent = await reviewer.put(`/api/v1/applications/${uuid}/reviews/mine`, {
    headers: xhr,
    data: {
      data: {
        conflict_of_interest: false,
        scores: Object.fromEntries(criterionIds.map((id, i) => [String(id), scores[i]])),
        comment,
        ...(proposal === 'reject' ? { status: -10, amount: null } : { status: 20, amount: proposal.grant }),
      },
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
}

/** Nothing on the page is wider than the window: it never scrolls sideways. */
export async function expectNoWiderThanWindow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `the width of ${page.url()}`).toBeLessThanOrEqual(innerWidth);
}
