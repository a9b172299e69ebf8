import { expect, test, type Page } from '@playwright/test';
import { pageTitle } from './helpers';
import { expectAccessible } from './axe';

/** The newest login link mailed to an address, read from the development mailbox. */
async function linkFromMailbox(page: Page, email: string): Promise<string> {
  await page.goto('/dev/mailbox');
  const mail = page.locator('article', { hasText: `To ${email}` }).first();
  await expect(mail).toContainText('Din inloggningslänk');
  return (await mail.locator('a[href*="/logga-in/"]').first().getAttribute('href'))!;
}

test('a new applicant registers, opens the mailed link, continues, and lands where they were going', async ({ page }) => {
  const email = `sokande-${Date.now()}@example.se`;
  await page.goto('/ansok');
  await expect(page).toHaveURL('/register?redirect=%2Fansok');
  await expect(page).toHaveTitle(pageTitle('Registrera dig eller logga in'));
  await expectAccessible(page);

  const form = page.getByRole('region', { name: 'Ny sökande' });
  await form.getByLabel('Förnamn').fill('Sara');
  await form.getByLabel('Efternamn').fill('Lind');
  await form.getByLabel('E-postadress', { exact: false }).first().fill(email);
  await form.getByLabel('Upprepa e-postadressen').fill(`x${email}`);
  await form.getByRole('button', { name: 'Registrera mig' }).click();
  await expect(form.getByText('E-postadresserna stämmer inte överens.')).toBeVisible();
  await form.getByLabel('Upprepa e-postadressen').fill(email);
  await form.getByRole('button', { name: 'Registrera mig' }).click();
  await expect(form.getByRole('status')).toContainText('Om adressen är registrerad får du strax ett e-postmeddelande');

  const link = await linkFromMailbox(page, email);
  // Opening the link (as a mail scanner would) signs nobody in and does not use it up.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.goto(link);
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(page).toHaveURL('/ansok');
  await expect(page.getByRole('button', { name: 'Logga ut' })).toBeVisible();

  // The link works once only.
  await page.getByRole('button', { name: 'Logga ut' }).click();
  await page.goto(link);
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(page.getByRole('alert')).toContainText('Inloggningslänken är ogiltig, redan använd eller har gått ut.');
});

test('a registered applicant asks for a new link and gets the same neutral answer as an unknown address', async ({ page }) => {
  await page.goto('/register');
  const known = page.getByRole('region', { name: 'Redan registrerad?' });
  await known.getByLabel('E-postadress').fill('ingen-sadan@example.se');
  await known.getByRole('button', { name: 'Skicka inloggningslänk' }).click();
  await expect(known.getByRole('status')).toContainText('Om adressen är registrerad');
});
