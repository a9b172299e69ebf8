import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { resourceList } from '../resources/index';
import { expectAccessible, headingRules } from './axe';
import { applicantWithApplication, xhr } from './applicants';
import { ADMIN, periodOfItsOwn, signInAnyLanguage, unique } from './helpers';

// Every admin page, in Swedish and English on a phone and in Swedish on a screen: no axe violation (WCAG 2.1 AA, one
// h1 that is not empty), and the page never wider than the window. The phone is where a longer text overflows, and the
// screen's layout (tables instead of lists) is the same in both languages. The settings' forty pages are generated
// from one declaration each by the same components, so they are checked in Swedish, whose words are the longer, on a
// phone and a screen, their forms (one column on either) on a phone (every English list, on both, in
// src/admin/emptyListsTexts.test.tsx). A long name is a phone's question.
const viewports = { phone: { width: 390, height: 844 }, screen: { width: 1280, height: 800 } };
const runs = [
  { locale: 'sv-SE', device: 'phone' },
  { locale: 'en-US', device: 'phone' },
  { locale: 'sv-SE', device: 'screen' },
] as const;

/** The first record of an API list, for the edit pages. */
async function first<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1/${path}${path.includes('?') ? '&' : '?'}per_page=1`);
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()).data.data[0];
}

/**
 * Opens a page, waits for its title (the one h1) and checks it. `within`: reached inside the app, as a link in it
 * goes (the app is not loaded again), which the browser's tab title then shows: the page before must have another.
 */
async function check(page: Page, path: string, { within = false, shown }: { within?: boolean; shown?: string } = {}) {
  if (within) {
    const before = await page.title();
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page, `the title of ${path}`).not.toHaveTitle(before);
  } else await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }), `the h1 of ${path}`).toHaveText(/\S/);
  // What the page loads after its title, measured once it is there.
  if (shown) await expect(page.getByText(shown), `${shown} on ${path}`).toBeVisible();
  await expectAccessible(page, { rules: headingRules });
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `the width of ${path}`).toBeLessThanOrEqual(innerWidth);
}

for (const { locale, device } of runs) {
  test.describe(`admin pages (${locale}, ${device})`, () => {
    test.use({ viewport: viewports[device] });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('locale', l), locale);
      await signInAnyLanguage(page, ADMIN);
    });

    test('dashboard, applications, decision lists, investigations, statistics, notifications, 403 and not found', async ({ page }) => {
      test.setTimeout(120_000);
      const application = await first<{ uuid: string }>(page, 'applications/all');
      const period = await first<{ uuid: string; name: string }>(page, 'periods?sort=start_date&direction=desc');
      // Loaded afresh where the page before has the same tab title, otherwise reached inside the app.
      for (const [path, within] of [
        ['/admin', false],
        ['/admin/applications', true],
        ['/admin/applications/20', false],
        ['/admin/applications/add', true],
        [`/admin/application-form/${application.uuid}`, true],
        ['/admin/decision', true],
        ['/admin/decisioning', true],
        ['/admin/applications/deletions', true],
        [`/admin/decisioning/${period.uuid}/${encodeURIComponent(period.name)}`, true],
        ['/admin/investigations', true],
        ['/admin/statistics', true],
        ['/admin/notifications', true],
        ['/admin/403', true],
        ['/admin/applications/xyz', true],
        ['/admin/finns-inte', false],
      ] as const) {
        await check(page, path, { within });
      }
    });

    test('the log of deleted applications with an entry in it', async ({ page, newPage }) => {
      // An application of a period of the test's own, deleted, so the log shows its table (or list) and not only
      // its empty state.
      const period = await periodOfItsOwn(page.request, `Logg ${unique()}`);
      const { uuid } = await applicantWithApplication((await newPage()).request, 'sv-SE', { first: 'Lo', last: 'Gg' }, 'logg', period);
      const deleted = await page.request.delete(`/api/v1/applications/${uuid}`, { headers: xhr });
      expect(deleted.ok(), await deleted.text()).toBe(true);
      await check(page, '/admin/applications/deletions');
      await expect(page.getByText(period.name).first()).toBeVisible();
    });

    test('a period whose application type has a long name without spaces', async ({ page }) => {
      test.skip(device !== 'phone', 'a screen has room for it');
      // The type's name as its chip in the period's form (cut short) and in the list of types (broken), neither
      // widening a phone's page.
      const typeLabel = `Kulturprojektbidragsansökningsformulärförföreningarochorganisationerikommunen${unique()}`;
      const period = await periodOfItsOwn(page.request, `Lång typ ${unique()}`, { typeLabel });
      await check(page, `/admin/periods/${period.id}`, { shown: typeLabel });
      await check(page, '/admin/application-types', { within: true, shown: typeLabel });
      // Gone again, so that the journeys after this one on the same server list neither.
      const types = await page.request.get(`/api/v1/periods/${period.id}`);
      const typeIds = ((await types.json()).data as { application_type_ids: number[] }).application_type_ids;
      for (const path of [`periods/${period.id}`, ...typeIds.map((id) => `application-types/${id}`)]) {
        const deleted = await page.request.delete(`/api/v1/${path}`, { headers: xhr });
        expect(deleted.ok(), `DELETE ${path}: ${await deleted.text()}`).toBe(true);
      }
    });

    test('settings: the index, each list, create and edit page, and the FAQ order', async ({ page }) => {
      test.skip(locale !== 'sv-SE', 'checked in Swedish, see above');
      test.setTimeout(180_000);
      await check(page, '/admin/settings');
      for (const resource of resourceList) {
        const record = await first<{ id: number }>(page, resource.name);
        // A form is one column on either device; a list is a table on a screen and a list on a phone.
        const forms = device === 'phone' ? [`/admin/${resource.name}/create`, `/admin/${resource.name}/${record.id}`] : [];
        for (const path of [`/admin/${resource.name}`, ...forms]) await check(page, path, { within: true });
      }
      await check(page, '/admin/faqs/order', { within: true });
    });
  });
}
