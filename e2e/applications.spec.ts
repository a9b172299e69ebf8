import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectAccessible } from './axe';
import { applicantWithApplication } from './applicants';
import { ADMIN, INVESTIGATOR, loginAs, pageTitle, periodOfItsOwn, unique, signInAnyLanguage } from './helpers';

const rows = (page: Page) => page.locator('tbody tr');
const row = (page: Page, reference: string) => rows(page).filter({ hasText: reference });

async function openApplications(page: Page) {
  await page.getByRole('menuitem', { name: 'Ansökningar' }).click();
  await expect(page).toHaveTitle(pageTitle('Ansökningar'));
  await expect(rows(page).first()).toBeVisible();
}

/** Picks options of a react-admin select in the list's filter form. */
async function pick(page: Page, label: string, option: string) {
  // The filter's name grows with what is chosen; the rows' own status selectors say "Status för …".
  await page.getByRole('combobox', { name: new RegExp(`^${label}(?! för)`) }).click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
  // The menu is gone (its closing animation would otherwise be read by the accessibility scan).
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test('the admin filters by status and period, changes a status inline, opens an application and exports the list', async ({
  page,
  newPage,
}) => {
  await loginAs(page, ADMIN, 'Anna');
  // A period of the journey's own with two applications sent in.
  const period = await periodOfItsOwn(page.request, `Urval ${unique()}`);
  for (const first of ['Ulla', 'Urban'])
    await applicantWithApplication((await newPage()).request, 'sv-SE', { first, last: 'Urval' }, 'urval', period);
  await openApplications(page);
  // Drafts are never listed; the list is ordered by reference.
  const references = await rows(page).locator('td:first-child').allInnerTexts();
  expect(references.every((r) => /^\d{4}-\d{4}$/.test(r.trim()))).toBe(true);
  expect([...references].sort()).toEqual(references);

  await pick(page, 'Status', 'Obehandlad');
  await pick(page, 'Period', period.name);
  // Only received applications of that period: its two.
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasNotText: period.name })).toHaveCount(0);
  expect(new Set(await rows(page).getByRole('combobox').allInnerTexts())).toEqual(new Set(['Obehandlad']));
  await expectAccessible(page);

  // The inline selector: a toast, and the refreshed list no longer holds the row under the "received" filter.
  const first = rows(page).first();
  const reference = (await first.locator('td').first().innerText()).trim();
  await first.getByRole('combobox', { name: `Status för ansökan ${reference}` }).click();
  await page.getByRole('option', { name: 'Under utredning' }).click();
  await expect(page.getByText('Statusen har ändrats.')).toBeVisible();
  await expect(row(page, reference)).toHaveCount(0);
  await expect(rows(page)).toHaveCount(1);

  // The application in a dialog, with its history showing the change just made.
  await pick(page, 'Status', 'Under utredning');
  await expect(row(page, reference)).toHaveCount(1);
  await row(page, reference).locator('td').first().click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Ansökan ${reference}`) });
  await expect(dialog.getByRole('heading', { name: 'Historik' })).toBeVisible();
  await expect(dialog.getByText(/ändrade status: Obehandlad → Under utredning/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Stäng' }).click();

  // The export is the filtered list as CSV, in the admin's language: Swedish headers and status labels.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportera' }).click();
  const file = await download;
  const text = readFileSync(await file.path(), 'utf8');
  expect(text).toMatch(/^\uFEFFId;Referens;Status;Sökande;/);
  expect(text).toMatch(new RegExp(`;${reference};Under utredning;`));
});

test('the investigator finds an assigned application and writes a proposal; the admin decides within the cap', async ({
  page,
  newPage,
}) => {
  // Two staff users, each signing in in a browser of their own, and an axe scan: more than one journey's time.
  test.slow();
  await loginAs(page, ADMIN, 'Anna');
  // A period of the journey's own under the money distribution cap, with an application sent in.
  const period = await periodOfItsOwn(page.request, `Tak ${unique()}`, {
    available_money: 100_000_00,
    uses_money_distribution_cap: true,
  });
  const { reference } = await applicantWithApplication((await newPage()).request, 'sv-SE', { first: 'Tove', last: 'Tak' }, 'tak', period);
  await openApplications(page);
  await pick(page, 'Status', 'Obehandlad');
  await pick(page, 'Period', period.name);
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, reference)).toHaveCount(1);
  // The filters reach the address after a debounce; a dialog opened before that would be closed by it.
  await expect(page).toHaveURL(/%22period%22/);
  await row(page, reference).locator('td').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Välj utredare' }).click();
  await page.getByRole('option', { name: 'Erik Johansson' }).click();
  await dialog.getByRole('button', { name: 'Lägg till utredare' }).click();
  await expect(dialog.getByText('Erik Johansson', { exact: true })).toBeVisible();

  // The period uses the money distribution cap: what is left follows the amount as it is typed.
  await dialog.getByRole('radio', { name: 'Beviljad' }).check();
  const status = dialog.getByRole('status').filter({ hasText: 'att fördela' });
  const left = (amount: string) =>
    new RegExp(
      `^Perioden har 100\\s000\\skr att fördela\\. Redan beviljat i andra ansökningar: 0\\skr\\. Kvar efter det här beslutet: ${amount}\\skr\\.$`,
    );
  await expect(status).toHaveText(left('100\\s000'));
  const amount = dialog.getByLabel('Beviljat belopp');
  await amount.click();
  await amount.pressSequentially('1000');
  await expect(status).toHaveText(left('99\\s000'));
  await amount.pressSequentially('0');
  await expect(status).toHaveText(left('90\\s000'));
  await expect(dialog.getByRole('radio', { name: 'Beviljad' })).toBeChecked();
  await expect(dialog.getByLabel('Varav FoU')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Spara beslut' }).click();
  await expect(page.getByText('Beslutet är sparat.', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Stäng' }).click();

  // The investigator, in a browser of their own.
  page = await newPage();
  await loginAs(page, INVESTIGATOR, 'Erik');
  await page.getByRole('menuitem', { name: 'Mina utredningar' }).click();
  await row(page, reference).locator('td').first().click();
  const mine = page.getByRole('dialog');
  await mine.getByRole('radio', { name: 'Bevilja' }).check();
  await mine.getByLabel('Föreslaget belopp').fill('9000');
  await mine.getByLabel('Kommentar').fill('Väl beskrivet projekt.');
  await mine.getByRole('button', { name: 'Spara utredning' }).click();
  await expect(page.getByText('Utredningen är sparad.')).toBeVisible();
  await expectAccessible(page);
});

test('the investigator opens a period’s applications from the dashboard; the admin lists the decided ones', async ({ page, newPage }) => {
  await loginAs(page, INVESTIGATOR, 'Erik');
  // The demo's open period (other journeys may have opened periods of their own).
  await page
    .getByRole('listitem')
    .filter({ hasText: `Ansökningsomgång ${new Date().getFullYear()}` })
    .getByRole('link', { name: 'Ansökningarna i perioden' })
    .click();
  await expect(page).toHaveTitle(pageTitle(`Beslutsunderlag: Ansökningsomgång ${new Date().getFullYear()}`));
  await expect(rows(page).first()).toBeVisible();
  // Only the period's applications, none a draft.
  await expect(rows(page).filter({ hasText: 'Utkast' })).toHaveCount(0);
  for (const text of await rows(page).locator('td:nth-child(4)').allInnerTexts())
    expect(text).toBe(`Ansökningsomgång ${new Date().getFullYear()}`);
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await expectAccessible(page);
  await page.goto('/admin/decision');
  await expect(page).toHaveURL('/admin/403');

  page = await newPage();
  await loginAs(page, ADMIN, 'Anna');
  await page.getByRole('menuitem', { name: 'Beslutade' }).click();
  await expect(page).toHaveTitle(pageTitle('Beslutade ansökningar'));
  await expect(rows(page).first()).toBeVisible();
  const statuses = await rows(page).locator('td:nth-child(2) [role=combobox]').allInnerTexts();
  expect(statuses.every((s) => s === 'Beviljad' || s === 'Avslagen')).toBe(true);
  await expectAccessible(page);
});

/** How many applications the API lists with these query parameters, as the signed-in user. */
async function apiTotal(page: Page, list: string, query: string) {
  const response = await page.request.get(`/api/v1/applications/${list}?${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()).data.total as number;
}

test('presets in the address and the dashboard’s counts filter the list; "add" opens the form, anything else is not found', async ({
  page,
  newPage,
}) => {
  await loginAs(page, ADMIN, 'Anna');
  // Each status count on the dashboard opens the list with that status preset.
  const counts = page.getByRole('region', { name: 'Ansökningar per status' });
  const received = counts.getByRole('link', { name: /^Obehandlad/ });
  const shown = Number((await received.innerText()).match(/\d+/)![0]);
  await received.click();
  await expect(page).toHaveTitle(pageTitle('Ansökningar'));
  await expect(rows(page)).toHaveCount(shown);
  expect(new Set(await rows(page).getByRole('combobox').allInnerTexts())).toEqual(new Set(['Obehandlad']));
  await expect(page.getByRole('combobox', { name: /^Status(?! för)/ })).toContainText('Obehandlad');

  await page.goto('/admin/applications?status=30');
  await expect(rows(page)).toHaveCount(await apiTotal(page, 'all', 'status[]=30'));
  expect(new Set(await rows(page).getByRole('combobox').allInnerTexts())).toEqual(new Set(['Under utredning']));

  // ?unread=1 finds what the API finds, this journey's own applicant's message among them (other journeys' too,
  // whatever they left unread), shown as a filter that can be removed.
  const applicant = (await newPage()).request;
  const own = await applicantWithApplication(applicant, 'sv-SE', { first: 'Olga', last: 'Oläst' }, 'olast');
  const written = await applicant.post(`/api/v1/portal/applications/${own.uuid}/messages`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { data: { body: 'En fråga om budgeten.' } },
  });
  expect(written.status(), await written.text()).toBe(201);
  await page.goto('/admin/applications?unread=1');
  await expect(row(page, own.reference)).toHaveCount(1);
  await expect(rows(page)).toHaveCount(Math.min(50, await apiTotal(page, 'all', 'unread=1')));
  await expect(page.getByRole('switch', { name: 'Med olästa meddelanden' })).toBeChecked();
  await page.goto('/admin/applications?followups=1');
  await expect(page.getByRole('switch', { name: 'Uppföljning pågår' })).toBeChecked();
  await expect(rows(page)).toHaveCount(await apiTotal(page, 'all', 'followups=1'));
  await page.getByRole('switch', { name: 'Uppföljning pågår' }).uncheck();
  await expect(rows(page)).toHaveCount(Math.min(50, await apiTotal(page, 'all', '')));

  // applications/add is the add form (as application-form/new still is); any other segment is not found.
  for (const path of ['/admin/applications/add', '/admin/application-form/new']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Skapa ansökan', level: 1 })).toBeVisible();
  }
  for (const path of ['/admin/applications/xyz', '/admin/applications/10', '/admin/applications?status=abc']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Sidan finns inte', level: 1 })).toBeVisible();
  }
});

test('the decided list filters by applicant, fits a 1280 px screen with more columns to choose, and is a compact list on a phone', async ({
  page,
}) => {
  await loginAs(page, ADMIN, 'Anna');
  await page.getByRole('menuitem', { name: 'Beslutade' }).click();
  await expect(rows(page).first()).toBeVisible();
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(1280);
  await expect(page.getByRole('columnheader', { name: 'Varav FoU' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Kolumner' }).click();
  await page.getByRole('switch', { name: 'Varav FoU' }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Varav FoU' })).toBeVisible();

  // The applicant filter (`frontend_user`): found by name, then only that applicant's decisions.
  await page.getByRole('combobox', { name: 'Sökande' }).fill('Maria');
  await page.getByRole('option', { name: /^Maria Nilsson/ }).click();
  await expect(page).toHaveURL(/frontend_user/);
  const applicant = JSON.parse(new URL(page.url()).searchParams.get('filter')!).frontend_user as number;
  await expect(rows(page)).toHaveCount(await apiTotal(page, 'decided', `frontend_user=${applicant}`));
  expect(new Set(await rows(page).locator('td:nth-child(3)').allInnerTexts())).toEqual(new Set(['Maria Nilsson']));

  // On a phone each list is a compact list, and the page never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/admin/decision', '/admin/applications', '/admin/users', '/admin/categories']) {
    await page.goto(path);
    await expect(page.locator('main .MuiList-root .MuiListItemButton-root').first()).toBeVisible();
    await expect(page.locator('main table')).toHaveCount(0);
    expect(await width(), path).toBeLessThanOrEqual(390);
  }
});

test('an undecided application opens with no decision chosen; saving without one is refused in the chosen language', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en-US'));
  await signInAnyLanguage(page, ADMIN);
  await page.goto('/admin/applications?status=20');
  await expect(rows(page).first()).toBeVisible();
  const reference = (await rows(page).first().locator('td').first().innerText()).trim();
  await rows(page).first().locator('td').first().click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Application ${reference}`) });
  const decision = dialog.getByRole('radiogroup', { name: 'Decision' });
  await expect(decision.getByRole('radio', { name: 'Approved' })).not.toBeChecked();
  await expect(decision.getByRole('radio', { name: 'Rejected' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save decision' }).click();
  await expect(dialog.getByText('Choose approved or rejected.')).toBeVisible();
  await expect(decision.getByRole('radio', { name: 'Approved' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Close' }).click();
  // Nothing was decided: the application is still unprocessed.
  await expect(row(page, reference).getByRole('combobox')).toHaveText('Unprocessed');
});
