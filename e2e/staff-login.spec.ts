import { expect, test } from './fixtures';
import { ADMIN, INVESTIGATOR, loginAs, openStaffLogin, PASSWORD, pageTitle, submitLogin, switchAdminLanguage } from './helpers';
import { caughtMail } from './mail';

test('the admin logs in, switches to English, reloads and logs out', async ({ page }) => {
  await loginAs(page, ADMIN, 'Anna');
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page).toHaveTitle(pageTitle('Översikt'));
  await expect(page.getByRole('menuitem', { name: 'Inställningar' })).toBeVisible();

  await switchAdminLanguage(page, 'Svenska', 'English');
  await expect(page.getByRole('heading', { name: 'Welcome, Anna' })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle('Dashboard'));
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Anna' })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle('Dashboard'));

  // The user menu is named by the user's full name (src/admin/layout/AppBar.tsx).
  await page.getByRole('button', { name: 'Anna Lindqvist' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/admin/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'English', exact: true })).toBeVisible();
});

test('a signed-out visit to the admin asks the server for nothing it would refuse and shows no error', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  await page.goto('/admin/');
  await expect(page).toHaveURL('/admin/login');
  await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible();
  await expect(page.getByText('Logga in för att fortsätta')).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('a wrong password shows an error and stays on the login page', async ({ page }) => {
  await openStaffLogin(page);
  await expect(page).toHaveTitle(pageTitle('Logga in'));
  await submitLogin(page, ADMIN, 'fel-lösenord');
  await expect(page.getByRole('alert')).toHaveText('Uppgifterna stämmer inte med våra register.');
  await expect(page).toHaveURL('/admin/login');
});

test('the sixth failed login within a minute is refused with a retry time', async ({ page }) => {
  // An address without an account (a new one each time, so a retry starts afresh): the demo accounts stay usable.
  const nobody = `ingen-${Date.now()}@demo.se`;
  await openStaffLogin(page);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await submitLogin(page, nobody, 'fel-lösenord');
    await expect(page.getByRole('alert')).toHaveText('Uppgifterna stämmer inte med våra register.');
  }
  await submitLogin(page, nobody, 'fel-lösenord');
  await expect(page.getByRole('alert')).toHaveText(/^För många inloggningsförsök\. Försök igen om \d+ sekunder\.$/);
});

test('the investigator has no settings and gets the 403 page there', async ({ page }) => {
  await loginAs(page, INVESTIGATOR, 'Erik');
  await expect(page.getByRole('menuitem', { name: 'Översikt' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Inställningar' })).toHaveCount(0);

  await page.goto('/admin/settings');
  await expect(page).toHaveURL('/admin/403');
  await expect(page.getByRole('heading', { name: 'Åtkomst nekad', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle('Åtkomst nekad'));
});

test('a password reset link sets a new password once', async ({ page }) => {
  await openStaffLogin(page);
  await page.getByRole('link', { name: 'Glömt lösenordet?' }).click();
  await expect(page).toHaveURL('/admin/forgot-password');
  await expect(page.getByRole('heading', { name: 'Glömt lösenordet' })).toBeVisible();
  await page.getByLabel('E-postadress').fill(INVESTIGATOR);
  await page.getByRole('button', { name: 'Skicka länk' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Om adressen hör till ett konto har vi skickat en länk för att välja nytt lösenord. Kontrollera din e-post.',
  );

  // The queue looks the address up and mails the link; the run's SMTP server catches it.
  const link = /http:\/\/\S+\/admin\/reset-password\/\S+/.exec((await caughtMail(INVESTIGATOR, /Välj nytt lösenord/)).text)?.[0];
  expect(link).toBeTruthy();

  const setPassword = async () => {
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Välj nytt lösenord' })).toBeVisible();
    await page.getByLabel('Nytt lösenord').fill(PASSWORD);
    await page.getByLabel('Upprepa lösenordet').fill(PASSWORD);
    await page.getByRole('button', { name: 'Spara lösenord' }).click();
  };

  await setPassword();
  await expect(page.getByRole('status')).toHaveText('Lösenordet är sparat. Du kan nu logga in.');
  await page.getByRole('link', { name: 'Logga in' }).click();
  await expect(page).toHaveURL('/admin/login');
  await submitLogin(page, INVESTIGATOR);
  await expect(page.getByRole('heading', { name: 'Välkommen, Erik' })).toBeVisible();

  // A used link is spent.
  await setPassword();
  await expect(page.getByRole('alert')).toContainText('Länken för att återställa lösenordet är ogiltig eller har gått ut.');
  await expect(page.getByRole('alert').getByRole('link', { name: 'Begär en ny länk' })).toBeVisible();
});
