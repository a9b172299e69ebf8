import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { pageTitle } from './helpers';
import { expectAccessible } from './axe';
import { caughtMail, newestMail } from './mail';

const loginLinkSubject = /Din inloggningslänk/;
const loginLinkIn = (text: string) => /http:\/\/\S+\/logga-in\/\S+/.exec(text)![0];

/** The login link mailed to a new address, as the run's SMTP server caught it. */
const firstLoginLink = async (email: string) => loginLinkIn((await caughtMail(email, loginLinkSubject)).text);

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

  const link = await firstLoginLink(email);
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

/** Registers a new applicant and signs in through the mailed link; returns the e-mail address. */
async function signInNewApplicant(page: Page): Promise<string> {
  const email = `sokande-${Date.now()}@example.se`;
  await page.goto('/register');
  const form = page.getByRole('region', { name: 'Ny sökande' });
  await form.getByLabel('Förnamn').fill('Test');
  await form.getByLabel('Efternamn').fill('Sökande');
  await form.getByLabel('E-postadress', { exact: false }).first().fill(email);
  await form.getByLabel('Upprepa e-postadressen').fill(email);
  await form.getByRole('button', { name: 'Registrera mig' }).click();
  await expect(form.getByRole('status')).toBeVisible();
  await page.goto(await firstLoginLink(email));
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(page.getByRole('button', { name: 'Logga ut' })).toBeVisible();
  return email;
}

test('a signed-in applicant sees the open periods, preselected by ?period=, and reads the FAQ', async ({ page }) => {
  await signInNewApplicant(page);
  await page.goto('/ansok');
  const period = page.getByRole('region', { name: /^Ansökningsomgång \d{4}$/ });
  await expect(period).toBeVisible();
  await expect(period.getByRole('link', { name: 'Ansök: Bidrag till föreningsliv' })).toBeVisible();
  await expect(period.getByRole('link', { name: 'Ansök: Stipendium för unga ledare' })).toBeVisible();
  await expectAccessible(page);
  const id = (await period.getAttribute('id'))!.replace('period-', '');
  await page.goto(`/ansok?period=${id}`);
  await expect(page.getByRole('region', { name: /^Ansökningsomgång/ })).toHaveAttribute('aria-current', 'true');

  await page.getByRole('link', { name: 'Vanliga frågor', exact: true }).click();
  await expect(page).toHaveTitle(pageTitle('Vanliga frågor'));
  const questions = page.getByRole('button', { expanded: false });
  await expect(questions.nth(2)).toBeVisible();
  const first = questions.first();
  const question = (await first.innerText()).trim();
  await first.click();
  await expect(page.getByRole('region', { name: question })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Sök bland frågorna').fill('xyzzy');
  await expect(page.getByRole('status')).toHaveText('Ingen fråga matchar ”xyzzy”.');
  await page.getByLabel('Sök bland frågorna').fill(question.split(' ').slice(0, 2).join(' '));
  await expect(page.getByRole('heading', { name: question })).toBeVisible();
});

test('a new applicant finds an empty dashboard leading to /ansok; a demo applicant sees their applications', async ({ page }) => {
  await signInNewApplicant(page);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Mina ansökningar', level: 1 })).toBeVisible();
  await expect(page.getByText('Du har inga ansökningar ännu.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sök bidrag, sponsring eller stipendium' })).toHaveAttribute('href', '/ansok');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Logga ut' }).click();

  // A demo applicant with applications asks for a link as a registered applicant.
  const email = 'maria.nilsson@demo.se';
  const known = page.getByRole('region', { name: 'Redan registrerad?' });
  const previous = (await newestMail(email, loginLinkSubject))?.text;
  await known.getByLabel('E-postadress').fill(email);
  await known.getByRole('button', { name: 'Skicka inloggningslänk' }).click();
  await expect(known.getByRole('status')).toBeVisible();
  // Its own new link: an earlier one to the demo address is spent or replaced.
  await expect.poll(async () => (await newestMail(email, loginLinkSubject))?.text ?? previous, { timeout: 15_000 }).not.toBe(previous);
  await page.goto(loginLinkIn((await newestMail(email, loginLinkSubject))!.text));
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(page.getByRole('heading', { name: 'Mina ansökningar', level: 1 })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(cards.first()).toContainText(/Sökt belopp: [\d\s\u00a0]+kr/);
  // The decision-basis view: what was sent in and the decision.
  const granted = cards.filter({ hasText: 'Beviljad' }).first();
  await granted.getByRole('button', { name: 'Visa ansökan och beslut' }).click();
  await expect(granted.getByText(/Ansökan är beviljad med [\d\s\u00a0]+kr\./)).toBeVisible();
  await expect(granted.getByRole('heading', { name: 'Organisation' })).toBeVisible();
  await expectAccessible(page);
});

test('a registered applicant asks for a new link and gets the same neutral answer as an unknown address', async ({ page }) => {
  await page.goto('/register');
  const known = page.getByRole('region', { name: 'Redan registrerad?' });
  await known.getByLabel('E-postadress').fill('ingen-sadan@example.se');
  await known.getByRole('button', { name: 'Skicka inloggningslänk' }).click();
  await expect(known.getByRole('status')).toContainText('Om adressen är registrerad');
});
