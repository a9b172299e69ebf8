import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, PASSWORD, loginAs, pageTitle, submitLogin } from './helpers';
import { caughtMail } from './mail';

const period = `Ansökningsomgång ${new Date().getFullYear()}`;
const rows = (page: Page) => page.locator('tbody tr');

/** Chooses a period in one of the user form's period fields (an autocomplete of many). */
async function choosePeriod(page: Page, field: string, name: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name }).click();
  await page.keyboard.press('Escape');
}

test('the admin grants a new investigator one period’s applications; they handle that period’s applications alone', async ({ page }) => {
  const email = `periodansvarig-${Date.now()}@test.se`;
  await loginAs(page, ADMIN, 'Anna');
  await page.goto('/admin/users/create');
  await expect(page).toHaveTitle(pageTitle('Skapa användare'));
  await page.getByLabel('Förnamn').fill('Pia');
  await page.getByLabel('Efternamn').fill('Periodsson');
  await page.getByRole('textbox', { name: /^E-postadress/ }).fill(email);
  await page.getByRole('combobox', { name: 'Roll' }).click();
  await page.getByRole('option', { name: 'Utredare' }).click();
  await expect(
    page.getByText('Utöver rollen: användaren hanterar, beslutar om och ser statistik för ansökningarna i de valda perioderna.'),
  ).toBeVisible();
  await choosePeriod(page, 'Hanterar ansökningar i perioderna', period);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByText('Objektet har skapats')).toBeVisible();

  // The new user chooses a password through the welcome mail's link, then signs in.
  const link = /http:\/\/\S+\/admin\/reset-password\/\S+/.exec((await caughtMail(email, /Välkommen till/)).text)?.[0];
  expect(link).toBeTruthy();
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link!);
  await page.getByLabel('Nytt lösenord').fill(PASSWORD);
  await page.getByLabel('Upprepa lösenordet').fill(PASSWORD);
  await page.getByRole('button', { name: 'Spara lösenord' }).click();
  await page.getByRole('link', { name: 'Logga in' }).click();
  await submitLogin(page, email);
  await expect(page.getByRole('heading', { name: 'Välkommen, Pia' })).toBeVisible();

  // Applications and statistics open, for that period only; settings stay closed.
  const menu = page.getByRole('navigation').or(page.locator('.RaSidebar-fixed'));
  await expect(menu.getByRole('menuitem', { name: 'Ansökningar' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Statistik' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Inställningar' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Ansökningar' }).click();
  await expect(page).toHaveTitle(pageTitle('Ansökningar'));
  await expect(rows(page).first()).toBeVisible();
  await expect(rows(page).filter({ hasNotText: period })).toHaveCount(0);
  await expectAccessible(page);

  // An application of the period opens, with what a manager may do to it.
  await rows(page).first().locator('td').first().click();
  const dialog = page.getByRole('dialog', { name: /^Ansökan / });
  await expect(dialog.getByRole('heading', { name: 'Historik' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Stäng' }).click();

  await menu.getByRole('menuitem', { name: 'Statistik' }).click();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveText('Alla mina perioder');
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Åtkomst nekad', level: 1 })).toBeVisible();
});
