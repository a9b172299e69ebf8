import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { signInInBrowser } from './applicants';
import { ADMIN, signInAnyLanguage } from './helpers';

// Every page this issue builds, scanned with axe in Swedish and English.
const publicPages = [
  '/register',
  '/integritet',
  '/finns-inte',
  '/403',
  '/admin/login',
  '/admin/forgot-password',
  '/admin/reset-password/ingen-token',
];

for (const locale of ['sv-SE', 'en-US']) {
  test.describe(`accessibility (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('locale', l), locale);
    });

    for (const path of publicPages) {
      test(`${path} has no WCAG 2.1 AA violations`, async ({ page }) => {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await expectAccessible(page);
      });
    }

    test('My data and its deletion dialog have no violations', async ({ page }) => {
      const sv = locale === 'sv-SE';
      await signInInBrowser(page, 'maria.nilsson@demo.se', sv ? 'Fortsätt' : 'Continue');
      await page.goto('/mina-uppgifter');
      await expect(
        // The demo applicant's approvals are her association's: they stay with it.
        page.getByRole('heading', {
          name: sv ? 'Ansökningar som stannar hos organisationen' : 'Applications that stay with the organisation',
        }),
      ).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: sv ? 'Radera mitt konto …' : 'Delete my account …' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      // Scanned once it has faded in: half faded, its text has too little contrast.
      await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
      await expectAccessible(page);
    });

    // In Swedish, e2e/admin-accessibility.spec.ts checks every admin page, these among them, on a phone and a screen.
    if (locale === 'sv-SE') return;

    test('the dashboard, settings and 403 pages of a signed-in admin have no violations', async ({ page }) => {
      await signInAnyLanguage(page, ADMIN);
      await expectAccessible(page);
      for (const path of ['/admin/settings', '/admin/403', '/admin/finns-inte']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await expectAccessible(page);
      }
    });

    test('the generated settings screens (list, create, edit) have no violations', async ({ page }) => {
      await signInAnyLanguage(page, ADMIN);
      // The title is in the app bar before the data has come: wait for the list's rows or the form's fields.
      const screens: [string, (page: Page) => Promise<void>][] = [
        ['/admin/categories', (p) => expect(p.locator('.RaDataTable-tbody tr').first()).toBeVisible()],
        ['/admin/categories/create', (p) => expect(p.locator('main form input[name="label"]')).toBeVisible()],
        ['/admin/contacts/1', (p) => expect(p.locator('main form input[name="last_name"]')).not.toHaveValue('')],
      ];
      for (const [path, ready] of screens) {
        await page.goto(path);
        await ready(page);
        await expectAccessible(page);
      }
    });
  });
}
