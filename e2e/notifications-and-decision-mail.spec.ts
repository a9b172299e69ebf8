import { expect, test } from './fixtures';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, loginAs, periodOfItsOwn, unique, signInAnyLanguage } from './helpers';
import { caughtMail } from './mail';
import { applicantWithApplication, signInByMail, xhr as headers } from './applicants';

const MARIA = 'maria.nilsson@demo.se';

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
  // What other journeys left unread is marked read first, so the counts below are this journey's own.
  expect((await page.request.post('/api/v1/notifications/read', { headers })).status()).toBe(204);
  await page.reload();

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
  await signInByMail(applicant, MARIA);
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
  // The application opens on its dialogue, with her messages.
  const opened = page.getByRole('dialog', { name: new RegExp(`^Ansökan ${application.reference}`) });
  await expect(opened.getByRole('tab', { name: /^Dialog/ })).toHaveAttribute('aria-selected', 'true');
  await expect(opened.getByRole('list', { name: 'Meddelanden' })).toContainText('Och en till fråga.');
  await opened.getByRole('button', { name: 'Stäng' }).click();
  // The bell behind the dialog counts one less (a modal dialog hides the rest of the page from the accessibility tree).
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

test('a manager sends one application’s decision mail, then the rest of its period’s, in English', async ({ page, newPage }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('locale', 'en-US'));
  await signInAnyLanguage(page, ADMIN);

  // A period of the journey's own with three applicants' applications, decided through the API: two approved, one
  // rejected, none of their mails sent.
  const period = await periodOfItsOwn(page.request, `Mails ${unique()}`);
  const decided = [];
  for (const [first, status] of [
    ['Dora', 40],
    ['Doris', 40],
    ['Dagny', -10],
  ] as const) {
    const applicant = await applicantWithApplication(
      (await newPage('en-US')).request,
      'en-US',
      { first, last: 'Decided' },
      'decision-mail',
      period,
    );
    const decision = await page.request.put(`/api/v1/applications/${applicant.uuid}/decision`, {
      headers,
      data: { data: { status, approved_money: status === 40 ? 10_000_00 : null } },
    });
    expect(decision.ok(), await decision.text()).toBe(true);
    decided.push(applicant);
  }
  const [one, ...others] = decided;

  // One application: sent, its date shown, and sending again asks first.
  await page.goto('/admin/decision');
  await page.getByRole('row').filter({ hasText: one.reference }).locator('td').first().click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Application ${one.reference}`) });
  const section = dialog.getByRole('region', { name: 'Decision mail' });
  await expect(section.getByText('The decision mail has not been sent to the applicant.')).toBeVisible();
  await section.getByRole('button', { name: 'Send decision mail' }).click();
  // Shown first as the applicant will read it, then sent.
  const preview = page.getByRole('dialog', { name: 'Send the decision mail?' });
  await expect(preview.getByRole('figure', { name: 'The decision mail as the applicant receives it' })).toContainText(one.reference);
  await expect(preview.getByText(`To: ${one.email}`)).toBeVisible();
  await preview.getByRole('button', { name: 'Send decision mail' }).click();
  await expect(page.getByText('The decision mail is sent.')).toBeVisible();
  await expect(section.getByText(/^Decision mail sent \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  await caughtMail(one.email, new RegExp(one.reference));
  await section.getByRole('button', { name: 'Send again' }).click();
  const again = page.getByRole('dialog', { name: 'Send the decision mail again?' });
  await expect(again.getByText(/^The decision mail was sent \w{3} \d{1,2}, \d{4}\. Do you want/)).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The list shows the date in the column chosen from the columns button.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('switch', { name: 'Decision mail sent' }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Decision mail sent' })).toBeVisible();
  const column = (await page.getByRole('columnheader').allInnerTexts()).findIndex((h) => h.includes('Decision mail sent'));
  const cell = page.getByRole('row').filter({ hasText: one.reference }).getByRole('cell').nth(column);
  await expect(cell).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4}$/);

  // The period's others: counted, confirmed, sent with a progress bar, summed up. Each round is slowed a little so
  // the progress can be seen.
  await page.route(`**/api/v1/periods/${period.uuid}/decision-mails`, async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto(`/admin/periods/${period.id}`);
  await page.getByRole('button', { name: 'Send decision mails' }).click();
  const batch = page.getByRole('dialog', { name: `Send decision mails – ${period.name}` });
  const count = others.length;
  await expect(batch.getByText(`${count} decision mails will be sent.`)).toBeVisible();
  await expect(batch.getByText('This is how the first mail reads:')).toBeVisible();
  await expectAccessible(page);
  await batch.getByRole('button', { name: `Send ${count} decision mails` }).click();
  await expect(batch.getByRole('progressbar', { name: 'Decision mails sent' })).toBeVisible();
  await expect(batch.getByText(`0 of ${count} sent`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(batch).toBeVisible();
  await expect(batch.getByText(`${count} decision mails sent.`)).toBeVisible();
  for (const other of others) await caughtMail(other.email, new RegExp(other.reference));
  await batch.getByRole('button', { name: 'Close' }).click();

  // Asked again, there is nothing left to send, and only a way to close.
  await page.getByRole('button', { name: 'Send decision mails' }).click();
  await expect(batch.getByText(/^Every decision mail of the period has already been sent/)).toBeVisible();
  await expect(batch.getByRole('button')).toHaveCount(1);
  await batch.getByRole('button', { name: 'Close' }).click();

  // On a phone the dialog and the page fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('button', { name: 'Send decision mails' }).click();
  await expect(batch.getByRole('button', { name: 'Close' })).toBeVisible();
  await expectNoSideScroll(page);
});
