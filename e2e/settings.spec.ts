import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { ADMIN, INVESTIGATOR, loginAs, pageTitle } from './helpers';

// The settings screens generated from resources/*.ts, walked through with the categories (src/admin/resources/).
// The server and its database are shared by every spec file of a run, so whatever this file creates carries a
// name of its own and nothing here relies on another file having run before or after.

/** The rows of the list on screen (react-admin's DataTable body). */
const rows = (page: Page) => page.locator('.RaDataTable-tbody tr');

/** The Benämning cells of the list on screen. */
const labels = (page: Page) => page.locator('.RaDataTable-tbody .column-label');

/** The list's search box; a search takes effect 0.5 s after the last keystroke and only when longer than 2 characters. */
const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Sök' });

/** react-admin's error notification (the server would answer a too-short search with a 422). */
const errorNotification = (page: Page) => page.locator('.RaNotification-error');

/** Collects the list requests sent with a search of 2 characters or fewer (the app must not send them). */
function watchShortSearches(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const term = new URL(request.url()).searchParams.get('search');
    if (term !== null && term.trim().length <= 2) sent.push(request.url());
  });
  return sent;
}

/** Types a search and waits until the list has taken it (the filter shows in the address); assertions on the rows then wait for the fetch. */
async function search(page: Page, term: string) {
  await searchBox(page).fill(term);
  await expect(page).toHaveURL((url) => JSON.parse(url.searchParams.get('filter') ?? '{}').q === term);
}

/** Opens the category list from the settings page's card. */
async function openCategories(page: Page) {
  await page.getByRole('menuitem', { name: 'Inställningar' }).click();
  await expect(page).toHaveURL('/admin/settings');
  await page.getByRole('main').getByRole('link', { name: 'Kategorier' }).click();
  await expect(page).toHaveURL(/\/admin\/categories(\?|$)/);
  await expect(page).toHaveTitle(pageTitle('Kategorier'));
  await expect(labels(page).first()).toBeVisible();
}

/** Every label of the list, page by page (the list shows 50 a page). */
async function allLabels(page: Page): Promise<string[]> {
  const all: string[] = [];
  const next = page.getByRole('button', { name: 'Gå till nästa sida' });
  for (;;) {
    await expect(labels(page).first()).toBeVisible();
    const range = await page.getByText(/^\d+–\d+ av \d+$/).textContent();
    all.push(...(await labels(page).allTextContents()));
    if (!(await next.isVisible()) || (await next.isDisabled())) return all;
    await next.click();
    await expect(page.getByText(/^\d+–\d+ av \d+$/)).not.toHaveText(range!);
  }
}

/** A CSV as Excel in Sweden saves it with "CSV UTF-8": a byte order mark, ';' between cells, CRLF line ends. */
function writeCsv(path: string, lines: string[][]) {
  writeFileSync(path, '\uFEFF' + lines.map((cells) => cells.join(';')).join('\r\n') + '\r\n', 'utf8');
}

const SWEDISH_LAST = /^[ÅÄÖåäö]/;
const CATEGORY = 'Örnsköldsvik';

test.describe('settings: categories', () => {
  // One journey in steps: the category created in the first test is exported and finally deleted by the later ones.
  test.describe.configure({ mode: 'serial' });

  test.beforeEach(async ({ page }) => {
    await loginAs(page, ADMIN, 'Anna');
  });

  test('the admin sees the settings cards, a list sorted the Swedish way, creates a category and searches for it', async ({ page }) => {
    // The page's timers run on a clock the test can move past the search's debounce (below).
    await page.clock.install();
    await page.getByRole('menuitem', { name: 'Inställningar' }).click();
    await expect(page.getByRole('heading', { name: 'Inställningar', level: 1 })).toBeVisible();
    // A card per settings entity; more are being added, so only these four are required.
    const cards = page.getByRole('main').getByRole('link');
    for (const card of ['Ansökningstyper', 'Kategorier', 'Kontaktpersoner', 'Vanliga frågor']) {
      await expect(cards.filter({ has: page.getByRole('heading', { name: card, exact: true, level: 2 }) })).toBeVisible();
    }

    await page.getByRole('main').getByRole('link', { name: 'Kategorier' }).click();
    await expect(page).toHaveURL(/\/admin\/categories(\?|$)/);
    await expect(page).toHaveTitle(pageTitle('Kategorier'));
    await expect(page.getByRole('banner').getByRole('heading', { name: 'Kategorier' })).toBeVisible();

    // Sorted by Benämning in Swedish collation: Å, Ä and Ö come after Z, in that order.
    const names = await allLabels(page);
    expect(names).toEqual(expect.arrayContaining(['Äldre', 'Ökad delaktighet', 'Överkalix']));
    const firstSwedish = names.findIndex((name) => SWEDISH_LAST.test(name));
    expect(firstSwedish, names.join(' | ')).toBeGreaterThan(0);
    expect(
      names.slice(firstSwedish).every((name) => SWEDISH_LAST.test(name)),
      names.join(' | '),
    ).toBe(true);
    expect(names.indexOf('Äldre')).toBeLessThan(names.indexOf('Ökad delaktighet'));
    expect(names.indexOf('Ökad delaktighet')).toBeLessThan(names.indexOf('Överkalix'));
    expect(names, 'the list is in Swedish alphabetical order').toEqual([...names].sort(new Intl.Collator('sv-SE').compare));

    await page.goto('/admin/categories');
    await page.getByRole('link', { name: 'Skapa' }).click();
    await expect(page).toHaveURL('/admin/categories/create');
    await expect(page).toHaveTitle(pageTitle('Skapa kategori'));
    await expect(page.getByRole('banner').getByRole('heading', { name: 'Skapa kategori' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Benämning (svenska)' }).fill(CATEGORY);
    await page.getByRole('combobox', { name: 'Typ' }).click();
    await page.getByRole('option', { name: 'Geografiskt område' }).click();
    await expect(page.getByRole('combobox', { name: 'Typ' })).toHaveText('Geografiskt område');
    await page.getByRole('button', { name: 'Spara' }).click();

    await expect(page).toHaveURL(/\/admin\/categories(\?|$)/);
    await expect(page).toHaveTitle(pageTitle('Kategorier'));
    await expect(page.getByText('Objektet har skapats')).toBeVisible();

    await search(page, 'Örn');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveText(`${CATEGORY}Geografiskt område`);

    // Two characters are too few: the field says so and the list stays as it was (not filtered on "Ör").
    // (That the message can also be seen is checked in a test of its own below.)
    const shortSearches = watchShortSearches(page);
    await searchBox(page).fill('Ör');
    await expect(searchBox(page)).toHaveAccessibleDescription('Sökningen måste vara längre än 2 tecken.');
    await page.clock.runFor(1_000); // past the search's debounce: a search it would take has been taken
    await expect(page).toHaveURL((url) => JSON.parse(url.searchParams.get('filter') ?? '{}').q === 'Örn');
    await expect(rows(page)).toHaveCount(1);
    await expect(errorNotification(page), 'the too-short search is not sent to the server').toHaveCount(0);
    expect(shortSearches).toEqual([]);
  });

  test('the export of a searched list is one row of UTF-8 CSV with a BOM', async ({ page }) => {
    await openCategories(page);
    await search(page, 'Örn');
    await expect(rows(page)).toHaveCount(1);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportera' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^categories-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)], 'the file starts with the UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes
      .toString('utf8')
      .slice(1)
      .split(/\r?\n/)
      .filter((line) => line !== '');
    expect(lines[0]).toBe('id;label;label_en;type');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^\\d+;${CATEGORY};;30$`));
  });

  test('an import with one bad row saves nothing and names the row; the corrected file imports every row', async ({ page }, testInfo) => {
    const run = Date.now().toString(36);
    const name = (n: number) => `Importkategori ${run} ${n}`;
    const data = Array.from({ length: 50 }, (_, i) => [name(i + 1), '20']);
    const bad = 24; // the 25th data row, which is row 26 of the sheet (the header is row 1)
    data[bad] = ['', '20'];
    const file = testInfo.outputPath('kategorier.csv');
    writeCsv(file, [['label', 'type'], ...data]);

    await openCategories(page);
    await page.getByRole('button', { name: 'Importera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importera kategorier' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('CSV-fil').setInputFiles(file);
    await expect(dialog.getByText('50 rader att importera. Så här läses de första:')).toBeVisible();
    await expect(dialog.getByRole('table').getByRole('row')).toHaveCount(6); // the header and the first five rows
    await expect(dialog.getByRole('table').getByRole('row').nth(1)).toHaveText(`${name(1)}20`);
    await dialog.getByRole('button', { name: 'Importera 50 rader' }).click();

    await expect(dialog.getByRole('alert')).toHaveText('Importfilen innehåller fel.');
    const errors = dialog.getByRole('list', { name: 'Fel i filen' }).getByRole('listitem');
    await expect(errors).toHaveText(['Rad 26: Fältet benämning (svenska) är obligatoriskt.']);
    await testInfo.attach('import dialog with errors', { body: await page.screenshot(), contentType: 'image/png' });
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await expect(dialog).toBeHidden();

    // Nothing was saved: not even the 49 good rows.
    await search(page, `Importkategori ${run}`);
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByText('Inga kategorier hittades')).toBeVisible();

    data[bad] = [name(bad + 1), '20'];
    writeCsv(file, [['label', 'type'], ...data]);
    await page.getByRole('button', { name: 'Importera' }).click();
    await dialog.getByLabel('CSV-fil').setInputFiles(file);
    await expect(dialog.getByText('50 rader att importera. Så här läses de första:')).toBeVisible();
    await dialog.getByRole('button', { name: 'Importera 50 rader' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('50 rader importerade')).toBeVisible();

    await expect(page.getByText('1–50 av 50')).toBeVisible();
    await expect(rows(page)).toHaveCount(50);
    await expect(labels(page)).toContainText([name(1), name(25), name(50)]);
    await search(page, name(25));
    await expect(labels(page)).toHaveText([name(25)]);
    await expect(rows(page).first()).toContainText('Syfte');
  });

  test('the admin deletes a category after confirming', async ({ page }) => {
    await openCategories(page);
    await search(page, 'Örn');
    await labels(page).filter({ hasText: CATEGORY }).click();
    await expect(page).toHaveURL(/\/admin\/categories\/\d+$/);
    await expect(page).toHaveTitle(pageTitle('Redigera kategori'));
    await expect(page.getByRole('textbox', { name: 'Benämning (svenska)' })).toHaveValue(CATEGORY);

    await page.getByRole('button', { name: 'Ta bort' }).click();
    const confirm = page.getByRole('dialog', { name: 'Ta bort kategori' });
    await expect(confirm).toContainText(`Är du säker på att du vill ta bort kategori ”${CATEGORY}”?`);
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Bekräfta' }).click();

    await expect(page).toHaveURL(/\/admin\/categories(\?|$)/);
    await expect(page.getByText('Objektet har tagits bort')).toBeVisible();
    await search(page, 'Örn');
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByText('Inga kategorier hittades')).toBeVisible();
  });
});

test('the investigator sees no settings entries and gets the 403 page on the category screens', async ({ page }) => {
  await loginAs(page, INVESTIGATOR, 'Erik');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Översikt' })).toBeVisible();
  for (const entry of ['Inställningar', 'Ansökningstyper', 'Kategorier', 'Kontaktpersoner', 'Vanliga frågor']) {
    await expect(menu.getByRole('menuitem', { name: entry })).toHaveCount(0);
  }

  for (const path of ['/admin/categories', '/admin/categories/create']) {
    await page.goto(path);
    await expect(page).toHaveURL('/admin/403');
    await expect(page.getByRole('heading', { name: 'Åtkomst nekad', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(pageTitle('Åtkomst nekad'));
  }
});

test('a search of two characters shows the too-short message beside the field and does not filter', async ({ page }) => {
  // The page's timers run on a clock the test can move past the search's debounce (below).
  await page.clock.install();
  await loginAs(page, ADMIN, 'Anna');
  await openCategories(page);
  const before = await labels(page).count();
  const shortSearches = watchShortSearches(page);
  await searchBox(page).fill('Ör');
  await page.clock.runFor(1_000); // past the search's debounce: a search it would take has been taken
  await expect(page).toHaveURL((url) => !JSON.parse(url.searchParams.get('filter') ?? '{}').q);
  await expect(labels(page)).toHaveCount(before);
  await expect(labels(page).first()).not.toHaveText(SWEDISH_LAST);
  await expect(errorNotification(page), 'the too-short search is not sent to the server').toHaveCount(0);
  expect(shortSearches).toEqual([]);
  await expect(searchBox(page)).toHaveAccessibleDescription('Sökningen måste vara längre än 2 tecken.');
  await expect(page.getByText('Sökningen måste vara längre än 2 tecken.')).toBeVisible();
});
