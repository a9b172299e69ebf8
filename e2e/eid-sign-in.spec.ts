import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { caughtMail } from './mail';

// Applicants sign in with an e-ID through the worker's OpenID Connect provider (server/test/oidcServer.ts), which
// stands in for a BankID broker: its sign-in page is where the person would open their BankID app.

const phone = { width: 390, height: 844 };

/** A personal identity number of this journey's own (twelve digits), so no other journey's applicant has it. */
const personalNumber = () => `19${String(Date.now()).slice(-10)}`;

/** At the provider's sign-in page: who the person is, as the e-ID would say; no e-mail, as BankID gives none. */
async function identifyAtProvider(page: Page, who: { personalNumber: string; givenName: string; familyName: string }) {
  await expect(page.getByRole('heading', { name: 'Test e-ID' })).toBeVisible();
  await page.getByLabel('Personal number').fill(who.personalNumber);
  await page.getByLabel('Given name').fill(who.givenName);
  await page.getByLabel('Family name').fill(who.familyName);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('sv-SE, phone: an applicant signs in with BankID, confirms an e-mail address by the mailed link, and later goes straight in', async ({
  page,
}) => {
  await page.setViewportSize(phone);
  const who = { personalNumber: personalNumber(), givenName: 'Åsa', familyName: 'Öström' };
  const email = `e-id-${Date.now()}@example.se`;

  await page.goto('/ansok');
  await expect(page).toHaveURL('/register?redirect=%2Fansok');
  const bankId = page.getByRole('button', { name: 'Logga in med BankID' });
  await expect(bankId).toBeVisible();
  await expect(page.getByText('eller få en inloggningslänk via e-post')).toBeVisible();
  await expectAccessible(page);
  await bankId.click();
  await identifyAtProvider(page, who);

  // The e-ID gave no e-mail address: the portal asks for one and confirms it by a link before the account is theirs.
  await expect(page.getByRole('heading', { name: 'Vilken e-postadress vill du använda?' })).toBeVisible();
  await expect(page.getByText('Identifierad som Åsa Öström')).toBeVisible();
  expect(new URL(page.url()).search, 'the answer is no longer in the address').toBe('');
  await expectAccessible(page);
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.getByRole('textbox', { name: 'E-postadress', exact: true }).fill(email);
  await page.getByLabel('Upprepa e-postadressen').fill(email);
  await page.getByRole('button', { name: 'Skicka länken' }).click();
  await expect(page.getByText(`Vi har skickat en länk till ${email}.`)).toBeVisible();

  const link = /http:\/\/\S+\/logga-in\/\S+/.exec((await caughtMail(email, /Din inloggningslänk/)).text)![0];
  await page.goto(link);
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(page.getByRole('button', { name: 'Logga ut' })).toBeVisible();
  await page.getByRole('button', { name: 'Logga ut' }).click();

  // Next time the e-ID alone signs them in, to the account the link confirmed, and on to where they were going.
  await page.goto('/ansok');
  await page.getByRole('button', { name: 'Logga in med BankID' }).click();
  await identifyAtProvider(page, who);
  await expect(page).toHaveURL('/ansok');
  await expect(page.getByRole('button', { name: 'Logga ut' })).toBeVisible();
  // The account the link confirmed, with the names the e-ID gave.
  const me = await page.request.get('/api/v1/frontend-users/me');
  expect((await me.json()).data).toMatchObject({ email, first_name: 'Åsa', last_name: 'Öström' });
});

test('en-US, screen: an applicant who cancels at the e-ID provider, or returns with an answer of another browser, is told so and offered both ways on', async ({
  newPage,
}) => {
  const page = await newPage('en-US');
  await page.goto('/register');
  await page.getByRole('button', { name: 'Sign in with BankID' }).click();
  await expect(page.getByRole('heading', { name: 'Test e-ID' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page.getByRole('heading', { name: 'The sign-in did not go through' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('The sign-in was cancelled. You can try again whenever you like.');
  await expect(page.getByRole('link', { name: 'Sign in with an e-mail link instead' })).toBeVisible();
  await expectAccessible(page);
  expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name: 'applicant_session' }));

  // An answer this browser did not ask for (a link someone sent, say) signs nobody in.
  await page.goto('/e-legitimation?code=someone-elses-code&state=someone-elses-state');
  await expect(page.getByRole('alert')).toContainText('Please start the sign-in again.');
  expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name: 'applicant_session' }));

  // Trying again goes back to the provider.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Test e-ID' })).toBeVisible();
});
