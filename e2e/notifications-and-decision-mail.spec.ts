import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, loginAs } from './helpers';
import { caughtMail } from './mail';

const headers = { 'X-Requested-With': 'XMLHttpRequest' };
const MARIA = 'maria.nilsson@demo.se';

/** Signs a demo applicant in through the API with the login link mailed to them; the context keeps the session. */
async function applicantSession(request: APIRequestContext, email: string) {
  const asked = await request.post('/api/v1/frontend-users/login-link', { headers, data: { data: { email } } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const mail = await caughtMail(email, /inloggningslänk/);
  const token = /\/logga-in\/(\S+)/.exec(mail.text)![1];
  const login = await request.post('/api/v1/frontend-users/login', { headers, data: { data: { token } } });
  expect(login.ok(), await login.text()).toBe(true);
}

/** The applicant's first application sent in (it has a reference). */
async function sentInApplication(request: APIRequestContext) {
  const own = (await (await request.get('/api/v1/portal/applications')).json()) as { data: { uuid: string; reference: string | null }[] };
  return own.data.find((a) => a.reference)!;
}

async function writeAsApplicant(request: APIRequestContext, uuid: string, body: string) {
  const sent = await request.post(`/api/v1/portal/applications/${uuid}/messages`, { headers, data: { data: { body } } });
  expect(sent.status(), await sent.text()).toBe(201);
}

const bell = (page: Page, name: RegExp | string) => page.getByRole('banner').getByRole('button', { name });

async function expectNoSideScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('an applicant’s messages ring the bell of a manager who opted in; read one by one, all at once, and on their page', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, ADMIN, 'Anna');

  // Her own settings, from the user menu: a malformed address is refused, then every application is chosen.
  await page.getByRole('button', { name: 'Anna Lindqvist' }).click();
  await page.getByRole('menuitem', { name: 'Aviseringsinställningar' }).click();
  const settings = page.getByRole('dialog', { name: 'Aviseringsinställningar' });
  await settings.getByLabel('E-postadress för aviseringar').fill('inte en adress');
  await settings.getByRole('button', { name: 'Spara' }).click();
  await expect(settings.getByText(/måste vara en giltig e-postadress/)).toBeVisible();
  await settings.getByLabel('E-postadress för aviseringar').fill('anna.aviseringar@demo.se');
  await settings.getByRole('checkbox', { name: 'Avisera mig om alla ansökningar' }).check();
  await expect(settings.getByText('Annars aviseras du bara om ansökningar som du utreder.')).toBeVisible();
  await settings.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByText('Aviseringsinställningarna är sparade.')).toBeVisible();
  await expect(settings).toHaveCount(0);
  await expect(bell(page, 'Aviseringar, inga olästa')).toBeVisible();

  // Maria writes twice about her application.
  const applicant = await playwright.request.newContext({ baseURL });
  await applicantSession(applicant, MARIA);
  const application = await sentInApplication(applicant);
  await writeAsApplicant(applicant, application.uuid, 'Hej! Vi har en fråga om redovisningen.');
  await writeAsApplicant(applicant, application.uuid, 'Och en till fråga.');
  await applicant.dispose();
  await caughtMail('anna.aviseringar@demo.se', new RegExp(application.reference!));

  // The bell counts them (read again when the window regains focus, here by reloading).
  await page.reload();
  await bell(page, 'Aviseringar, 2 olästa').click();
  const panel = page.getByRole('dialog', { name: 'Aviseringar' });
  const item = panel.getByRole('button', { name: `Nytt meddelande från Maria Nilsson – ${application.reference}` });
  await expect(item).toHaveCount(2);
  await expect(panel.getByText(/^Oläst · /).first()).toBeVisible();
  await expectAccessible(page);
  await item.first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications\\?show=${application.uuid}&tab=dialogue$`));
  await expect(bell(page, 'Aviseringar, 1 oläst')).toBeVisible();

  await bell(page, 'Aviseringar, 1 oläst').click();
  await panel.getByRole('button', { name: 'Markera alla som lästa' }).click();
  await expect(page.getByText('Alla aviseringar är markerade som lästa.')).toBeVisible();
  await expect(panel.getByText(/^Oläst · /)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await bell(page, 'Aviseringar, inga olästa').click();
  await panel.getByRole('link', { name: 'Visa alla' }).click();

  // The page lists them all, read; on a phone the bell stays in the app bar and nothing scrolls sideways.
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Aviseringar' })).toBeVisible();
  await expect(page.getByText('Du har inga olästa aviseringar.')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Aviseringar' }).getByRole('button', { name: /^Nytt meddelande från Maria Nilsson/ }),
  ).toHaveCount(2);
  // Reloaded, as a phone opens it (the sidebar open on a wide screen would cover the page on a narrow one).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(bell(page, 'Aviseringar, inga olästa')).toBeVisible();
  await expectNoSideScroll(page);
  await expectAccessible(page);
});
