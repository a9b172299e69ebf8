import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { xhr } from './applicants';
import { caughtMail } from './mail';

// Applicants sign in with an e-ID through the worker's OpenID Connect provider (server/test/oidcServer.ts), which
// stands in for a BankID broker: its sign-in page is where the person would open their BankID app.

const phone = { width: 390, height: 844 };
const screen = { width: 1280, height: 800 };

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

test('sv-SE, phone and screen: an applicant links their BankID by confirming what the mail named, the e-ID then signs them in, and they remove the link on My data', async ({
  page,
  request,
}) => {
  // Two sign-ins at the provider, three mails and four accessibility scans.
  test.setTimeout(60_000);
  await page.setViewportSize(phone);
  const who = { personalNumber: personalNumber(), givenName: 'Åsa', familyName: 'Öström' };
  // Their account, registered by e-mailed link (set up through the API).
  const email = `e-id-${Date.now()}@example.se`;
  const registered = await request.post('/api/v1/frontend-users/register', {
    headers: xhr,
    data: { data: { email, email_confirmation: email, first_name: 'Åsa', last_name: 'Öström' } },
  });
  expect(registered.ok(), await registered.text()).toBe(true);

  await page.goto('/ansok');
  await expect(page).toHaveURL('/register?redirect=%2Fansok');
  const bankId = page.getByRole('button', { name: 'Logga in med BankID' });
  await expect(bankId).toBeVisible();
  await expect(page.getByText('eller få en inloggningslänk via e-post')).toBeVisible();
  await expectAccessible(page);
  await bankId.click();
  await identifyAtProvider(page, who);

  // The e-ID gave no e-mail address: the portal asks for one, and the address's owner is to confirm the link.
  await expect(page.getByRole('heading', { name: 'Vilken e-postadress vill du använda?' })).toBeVisible();
  await expect(page.getByText('Identifierad som Åsa Öström')).toBeVisible();
  expect(new URL(page.url()).search, 'the answer is no longer in the address').toBe('');
  await expectAccessible(page);
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.getByRole('textbox', { name: 'E-postadress', exact: true }).fill(email);
  await page.getByLabel('Upprepa e-postadressen').fill(email);
  await page.getByRole('button', { name: 'Skicka länken' }).click();
  await expect(page.getByText(`Vi har skickat ett mejl till ${email}.`)).toBeVisible();

  // The mail names the e-ID; its link signs in and leads to the page that asks, which links nothing by itself.
  const mail = await caughtMail(email, /Vill du koppla BankID till ditt konto\?/);
  expect(mail.text).toContain('Namn: Åsa Öström');
  expect(mail.text).toContain('Var det inte du? Bortse från det här meddelandet.');
  await page.goto(/http:\/\/\S+\/logga-in\/\S+/.exec(mail.text)![0]);
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(page).toHaveURL('/e-legitimation/koppla');
  await expect(page.getByRole('heading', { name: 'BankID vill kopplas till ditt konto' })).toBeVisible();
  await expect(page.getByRole('definition').nth(1)).toHaveText('Åsa Öström');
  await expect(page.getByRole('definition').nth(2)).toHaveText(/\d{1,2}:\d{2} \(svensk tid\)$/);
  await expectAccessible(page);
  expect(await noSidewaysScroll(page)).toBe(true);

  // Confirmed with the keyboard.
  const confirm = page.getByRole('button', { name: 'Koppla till mitt konto' });
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(':focus')).toContainText('BankID är nu kopplat till ditt konto.');
  await expect(page.getByRole('heading', { name: 'Ingenting väntar på ditt svar' })).toBeVisible();
  await caughtMail(email, /En e-legitimation har kopplats till ditt konto/);
  await page.getByRole('button', { name: 'Logga ut' }).click();

  // Next time the e-ID alone signs them in, to their account, and on to where they were going.
  await page.goto('/ansok');
  await page.getByRole('button', { name: 'Logga in med BankID' }).click();
  await identifyAtProvider(page, who);
  await expect(page).toHaveURL('/ansok');
  const me = await page.request.get('/api/v1/frontend-users/me');
  expect((await me.json()).data).toMatchObject({ email, first_name: 'Åsa', last_name: 'Öström' });

  // On a screen, My data removes the link after a confirmation.
  await page.setViewportSize(screen);
  await page.goto('/mina-uppgifter');
  const eid = page.getByRole('region', { name: 'E-legitimation' });
  await expect(eid).toContainText('Ditt konto är kopplat till BankID sedan');
  await eid.getByRole('button', { name: 'Ta bort kopplingen till e-legitimationen …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ta bort kopplingen till BankID?' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Ta bort kopplingen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(':focus')).toHaveText('Kopplingen till BankID är borttagen. Vi har mejlat dig om det.');
  await expect(eid.getByRole('listitem')).toHaveCount(2);
  await caughtMail(email, /En e-legitimation har tagits bort från ditt konto/);
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
