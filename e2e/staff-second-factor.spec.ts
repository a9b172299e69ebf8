import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { generate } from 'otplib';
import { xhr } from './applicants';
import { expectAccessible, headingRules } from './axe';
import { ADMIN, openStaffLogin, PASSWORD, secondStaffUser, signInAnyLanguage, signInThroughApi, submitLogin, unique } from './helpers';

// Staff's second factor and single sign-on: a staff user turns two-factor sign-in on (after the password again) and
// signs in with a code and a recovery code; an administrator resets a colleague's; a staff user signs in through the
// organisation's provider (the worker's test provider). Each journey makes its own staff users, so the demo's
// accounts, which the other journeys sign in with, never get a second factor.

const phone = { width: 360, height: 760 };

/** The 30-second time step of authenticator apps that a moment falls in. */
const stepAt = (ms: number) => Math.floor(ms / 30_000);

/** What an authenticator app shows for `secret` now, and the time step it belongs to. */
async function currentCode(secret: string) {
  const step = stepAt(Date.now());
  return { step, code: await generate({ secret, epoch: step * 30 }) };
}

/**
 * A code of a time step after `used`, which the server takes once per step: the current step's once it has moved on,
 * else the next one's, as an app whose clock runs a few seconds ahead shows it (the server allows a step either side).
 */
async function codeAfter(secret: string, used: number) {
  const step = Math.max(stepAt(Date.now()), used + 1);
  return { step, code: await generate({ secret, epoch: step * 30 }) };
}

/** Signs out from the user menu (named by the user's full name), back on the Swedish login page. */
async function signOut(page: Page, fullName: string) {
  await page.getByRole('button', { name: fullName }).click();
  await page.getByRole('menuitem', { name: 'Logga ut' }).click();
  await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible();
}

async function expectNoSideScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `the width of ${page.url()}`).toBeLessThanOrEqual(innerWidth);
}

test('sv-SE, screen: a staff user turns on two-factor sign-in with the password again, keeps the recovery codes, and signs in with a code, then with a recovery code', async ({
  page,
  newPage,
}) => {
  const admin = await newPage('sv-SE');
  await signInThroughApi(admin, ADMIN);
  const { email } = await secondStaffUser(admin.request, 'sv-SE', { first: 'Sara', last: 'Säker', mailbox: 'sakerhet' });
  const dashboard = page.getByRole('heading', { name: 'Välkommen, Sara' });
  const status = async () => (await (await page.request.get('/api/v1/auth/second-factor')).json()).data as { enabled: boolean };

  await signInThroughApi(page, email);
  await page.goto('/admin');
  await expect(dashboard).toBeVisible();
  await page.getByRole('button', { name: 'Sara Säker' }).click();
  await page.getByRole('menuitem', { name: 'Säkerhet' }).click();
  await expect(page).toHaveURL('/admin/security');
  await expect(page.getByText('Tvåfaktorinloggning är av.')).toBeVisible();
  await page.getByRole('button', { name: 'Slå på tvåfaktorinloggning' }).click();

  // The session alone is not enough: the password again, a wrong one named beside its field.
  const password = page.getByLabel('Ditt lösenord');
  await expect(password).toBeFocused();
  await password.fill('inte-mitt-losenord');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Lösenordet stämmer inte.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Fortsätt' }).click();

  // The key as shown for typing, in groups of four, is what the app is given.
  await expect(page.getByRole('img', { name: 'QR-kod att skanna med autentiseringsappen' })).toBeVisible();
  await expectAccessible(page, { rules: headingRules });
  const secret = (await page.locator('code').innerText()).replace(/\s/g, '');
  const enrolled = await currentCode(secret);
  await page.getByLabel('Sexsiffrig kod').fill(enrolled.code);
  await page.getByRole('button', { name: 'Slå på', exact: true }).click();

  const shown = page.getByRole('list', { name: 'Dina återställningskoder' }).getByRole('listitem');
  await expect(shown).toHaveCount(10);
  const recoveryCodes = await shown.allInnerTexts();
  // Shown, not yet saved: nothing is on.
  await expect(page.getByRole('button', { name: 'Klar' })).toBeDisabled();
  expect((await status()).enabled).toBe(false);
  await page.getByLabel('Jag har sparat koderna').check();
  await page.getByRole('button', { name: 'Klar' }).click();
  await expect(page.getByText('Tvåfaktorinloggning är påslagen.')).toBeVisible();
  await expect(page.getByText(/^Tvåfaktorinloggning är på sedan /)).toBeVisible();
  await expect(page.getByText('10 återställningskoder kvar')).toBeVisible();
  await expect(shown).toHaveCount(0);

  // The password alone no longer signs in: the code step follows.
  await signOut(page, 'Sara Säker');
  await submitLogin(page, email);
  await expect(page.getByText('Ange koden från din autentiseringsapp.')).toBeVisible();
  await expectAccessible(page, { rules: headingRules });
  const next = await codeAfter(secret, enrolled.step);
  await page.getByLabel('Sexsiffrig kod').fill(next.code);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(dashboard).toBeVisible();

  // Without the phone: a recovery code, which is then spent.
  await signOut(page, 'Sara Säker');
  await submitLogin(page, email);
  await page.getByRole('button', { name: 'Använd en återställningskod' }).click();
  await page.getByLabel('Återställningskod').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(dashboard).toBeVisible();

  await page.getByRole('button', { name: 'Sara Säker' }).click();
  await page.getByRole('menuitem', { name: 'Säkerhet' }).click();
  await expect(page.getByText('9 återställningskoder kvar')).toBeVisible();
  await expectAccessible(page, { rules: headingRules });
});

test('en-US, phone: an administrator resets a colleague’s second factor, and the colleague signs in with the password alone', async ({
  newPage,
}) => {
  const demoAdmin = await newPage('en-US');
  await signInThroughApi(demoAdmin, ADMIN);
  const admin = await secondStaffUser(demoAdmin.request, 'en-US', { first: 'Greta', last: 'Grind', mailbox: 'grind' });
  const colleague = await secondStaffUser(demoAdmin.request, 'en-US', { first: 'Nils', last: 'Nyckel', mailbox: 'nyckel' });

  // The colleague turns two-factor sign-in on through the API, as the security page does: the password again, a code,
  // and the recovery codes saved.
  const before = await newPage('en-US');
  await signInThroughApi(before, colleague.email);
  const enrolment = await before.request.post('/api/v1/auth/second-factor/enrolment', {
    headers: xhr,
    data: { data: { password: PASSWORD } },
  });
  expect(enrolment.ok(), await enrolment.text()).toBe(true);
  const { secret } = (await enrolment.json()).data as { secret: string };
  const confirmed = await before.request.post('/api/v1/auth/second-factor/enrolment/confirm', {
    headers: xhr,
    data: { data: { code: (await currentCode(secret)).code } },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const completed = await before.request.post('/api/v1/auth/second-factor/enrolment/complete', {
    headers: xhr,
    data: { data: { codes_saved: true } },
  });
  expect(completed.ok(), await completed.text()).toBe(true);

  const page = await newPage('en-US');
  await page.setViewportSize(phone);
  await signInAnyLanguage(page, admin.email);
  await expect(page.getByRole('heading', { name: 'Welcome, Greta' })).toBeVisible();
  await page.goto(`/admin/users/${colleague.id}`);
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Two-factor sign-in is on.')).toBeVisible();
  await expectNoSideScroll(page);

  await section.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset two-factor sign-in for Nils Nyckel?' });
  await expect(dialog).toContainText('Nils Nyckel is signed out everywhere');
  await dialog.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Two-factor sign-in for Nils Nyckel has been reset.')).toBeVisible();
  await expect(section.getByText('Two-factor sign-in is off.')).toBeVisible();
  const history = section.getByRole('list', { name: 'Account history' }).getByRole('listitem');
  await expect(history).toHaveCount(3);
  await expect(history.first()).toContainText('Two-factor sign-in reset');
  await expect(history.first()).toContainText('Greta Grind');
  await expect(history.nth(1)).toContainText('Two-factor sign-in turned on');
  await expect(history.nth(1)).toContainText('the account’s owner');
  await expect(history.nth(2)).toContainText('Setting up two-factor sign-in started');
  await expectNoSideScroll(page);

  // The reset ended the colleague's session; with the second factor optional here, the password alone signs in again.
  expect((await before.request.get('/api/v1/auth/second-factor')).status()).toBe(401);
  const again = await newPage('en-US');
  await signInThroughApi(again, colleague.email);
  const status = await again.request.get('/api/v1/auth/second-factor');
  expect((await status.json()).data).toMatchObject({ enabled: false, recovery_codes_left: 0 });
});

test('sv-SE, phone: a staff user signs in through the organisation’s sign-in (single sign-on)', async ({ newPage }) => {
  const admin = await newPage('sv-SE');
  await signInThroughApi(admin, ADMIN);
  const { email } = await secondStaffUser(admin.request, 'sv-SE', { first: 'Olof', last: 'Ek', mailbox: 'sso' });

  /** From the login page to the provider's sign-in page, as `who`, and back. */
  const signInAtProvider = async (page: Page, who: string) => {
    await page.setViewportSize(phone);
    await openStaffLogin(page);
    await page.getByRole('button', { name: 'Logga in med Stiftelsens konto' }).click();
    await expect(page.getByRole('heading', { name: 'Test e-ID' })).toBeVisible();
    await page.getByLabel('E-mail', { exact: true }).fill(who);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  const staff = await newPage('sv-SE');
  await signInAtProvider(staff, email);
  await expect(staff.getByRole('heading', { name: 'Välkommen, Olof' })).toBeVisible();
  // The provider's answer is spent and gone from the address.
  await expect(staff).toHaveURL(/\/admin\/?$/);
  await expectNoSideScroll(staff);

  const stranger = await newPage('sv-SE');
  await signInAtProvider(stranger, `okand-${unique()}@test.se`);
  await expect(stranger.getByRole('alert')).toHaveText(
    'Det finns inget aktivt personalkonto för den här inloggningen. Kontakta en administratör.',
  );
  await expectNoSideScroll(stranger);
  await stranger.getByRole('link', { name: 'Tillbaka till inloggningen' }).click();
  await expect(stranger).toHaveURL('/admin/login');
  await expect(stranger.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible();
});
