import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { formatCount, formatMoney } from '../resources/format';
import type { JsonOf } from '../server/routes/schemas';
import type { statistics } from '../server/routes/schemas/statistics';
import { expectAccessible } from './axe';
import { ADMIN, loginAs, pageTitle } from './helpers';

/** Swedish labels of the statuses sent in (locales/sv-SE.json enums.application_status). */
const statusLabels: Record<number, string> = { 20: 'Obehandlad', 30: 'Under utredning', 40: 'Beviljad', [-10]: 'Avslagen' };

test('the admin reads the statistics of the closed demo period, as the API counts them, and exports a table', async ({ page }) => {
  // The demo's closed period is last year's round (server/demo/demo.ts).
  const closedPeriod = `Ansökningsomgång ${new Date().getFullYear() - 1}`;
  await loginAs(page, ADMIN, 'Anna');
  await page.getByRole('menuitem', { name: 'Statistik' }).click();
  await expect(page.getByRole('heading', { name: 'Statistik', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle('Statistik'));

  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: closedPeriod }).click();
  await expect(page).toHaveURL(/[?&]period=\d+/);
  const periodId = new URL(page.url()).searchParams.get('period');

  // The same figures, from the API with the admin's session.
  const response = await page.request.get(`/api/v1/statistics?period=${periodId}`);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: JsonOf<typeof statistics> };
  expect(data.period?.name).toBe(closedPeriod);
  expect(data.totals.applications).toBeGreaterThan(0);

  const statusTable = page.getByRole('table', { name: `Per status – ${closedPeriod}` });
  await expect(statusTable.getByRole('row')).toHaveCount(1 + data.by_status.length);
  for (const row of data.by_status) {
    const cells = statusTable.getByRole('row', { name: new RegExp(`^${statusLabels[row.status]}\\b`) }).getByRole('cell');
    await expect(cells.nth(0)).toHaveText(String(row.applications));
    await expect(cells.nth(1)).toHaveText(formatMoney(row.applied, 'sv-SE'));
    await expect(cells.nth(2)).toHaveText(formatMoney(row.approved, 'sv-SE'));
  }
  await expect(page.getByTestId('statistics-total-applications')).toHaveText(String(data.totals.applications));
  await expect(page.getByTestId('statistics-total-applied')).toHaveText(formatMoney(data.totals.applied, 'sv-SE'));
  await expect(page.getByTestId('statistics-total-approved')).toHaveText(formatMoney(data.totals.approved, 'sv-SE'));
  // What the follow-up reports sent in tell, beside the applications' figures.
  await expect(page.getByTestId('statistics-total-participants')).toHaveText(formatCount(data.totals.participants, 'sv-SE'));
  await expect(page.getByTestId('statistics-total-events')).toHaveText(formatCount(data.totals.events, 'sv-SE'));

  // The chart beside the table is drawn: an svg with one bar per status.
  const chart = page.getByTestId('statistics-chart').first();
  await expect(chart.locator('svg .recharts-bar-rectangle')).toHaveCount(data.by_status.length);

  await expectAccessible(page);

  const statusCard = page.getByRole('region', { name: 'Per status' });
  const downloading = page.waitForEvent('download');
  await statusCard.getByRole('button', { name: 'Exportera CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`statistik-status-ansokningsomgang-${new Date().getFullYear() - 1}.csv`);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)], 'the file starts with the UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe('Status;Ansökningar;Sökt belopp (kr);Beviljat belopp (kr)');
  expect(lines).toHaveLength(1 + data.by_status.length);
});
