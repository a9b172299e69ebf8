import { expect, type Page } from '@playwright/test';

/** The demo accounts' password (server/db/seed/demo.ts). Never use a wrong one with these accounts more than once. */
export const PASSWORD = 'demo-2026';
export const ADMIN = 'admin@demo.se';
export const INVESTIGATOR = 'utredare@demo.se';

/** "<screen> – Ansökningsportalen", the browser tab's title. */
export const pageTitle = (screen: string) => `${screen} – Ansökningsportalen`;

/** Opens the staff login page and waits for its form. */
export async function openStaffLogin(page: Page) {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible();
}

/** Fills and sends the Swedish staff login form at /admin/login (the page must be open). */
export async function submitLogin(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord').fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
}

/** Logs a staff user in from /admin/login and waits for the Swedish dashboard. */
export async function loginAs(page: Page, email: string, firstName: string) {
  await openStaffLogin(page);
  await submitLogin(page, email);
  await expect(page.getByRole('heading', { name: `Välkommen, ${firstName}` })).toBeVisible();
}

/** react-admin's LocalesMenuButton: its name is the current language; the menu lists the others. */
export async function switchAdminLanguage(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: from, exact: true }).click();
  await page.getByRole('menuitem', { name: to }).click();
}

/** Signs a staff user in whatever the interface language, and waits for the dashboard. */
export async function signInAnyLanguage(page: Page, email: string, password = PASSWORD) {
  await page.goto('/admin/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  // The login page has an h1 too: wait until the dashboard has replaced it.
  await expect(page).not.toHaveURL(/\/login$/);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}
