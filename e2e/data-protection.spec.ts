import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, INVESTIGATOR, loginAs, pageTitle, switchAdminLanguage } from './helpers';

// The retention rules are one row the whole run shares: this file alone changes them, and puts the defaults back.

test('an admin reads and changes the retention rules; a wrong value is refused with its message and saves nothing', async ({ page }) => {
  await loginAs(page, ADMIN, 'Anna');
  await page.getByRole('menuitem', { name: 'Inställningar' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Dataskydd' }).click();
  await expect(page).toHaveURL('/admin/data-protection');
  await expect(page).toHaveTitle(pageTitle('Dataskydd'));
  await expect(page.getByRole('heading', { name: 'Gallringsregler', level: 2 })).toBeVisible();

  const drafts = page.getByRole('textbox', { name: 'Radering av utkast (månader)' });
  const rejected = page.getByRole('textbox', { name: 'Anonymisering av avslagna (månader)' });
  const approved = page.getByRole('textbox', { name: 'Anonymisering av beviljade (år)' });
  await expect(drafts).toHaveValue('12');
  await expect(rejected).toHaveValue('24');
  await expect(approved).toHaveValue('7');
  await expect(page.getByText('Standardvärdena gäller: ingen har ändrat dem.')).toBeVisible();
  await expectAccessible(page);

  // Out of range: the field says why, and nothing is sent.
  let saves = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/api/v1/retention')) saves += 1;
  });
  await drafts.fill('0');
  await approved.fill('2,5');
  await page.getByRole('button', { name: 'Spara gallringsreglerna' }).click();
  await expect(page.getByText('Fältet radering av utkast (månader) måste vara minst 1.')).toBeVisible();
  await expect(page.getByText('Fältet anonymisering av beviljade (år) måste vara ett heltal.')).toBeVisible();
  expect(saves).toBe(0);

  // Saved: a message, the preview of a run under the new rules, and after a reload the values and who changed them.
  // Under the shortest rules last year's demo period, long closed, has decisions a run would anonymise.
  await drafts.fill('1');
  await rejected.fill('1');
  await approved.fill('1');
  await page.getByRole('button', { name: 'Spara gallringsreglerna' }).click();
  await expect(page.getByText('Gallringsreglerna är sparade.')).toBeVisible();
  const preview = page.getByRole('table', { name: 'Om reglerna kördes nu' });
  await expect(preview.getByRole('row', { name: new RegExp(`^Ansökningsomgång ${new Date().getFullYear() - 1} `) })).toBeVisible();
  await expect(preview.getByRole('columnheader', { name: 'Avslagna som anonymiseras' })).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(drafts).toHaveValue('1');
  await expect(approved).toHaveValue('1');
  await expect(page.getByText(/^Senast ändrade av Anna .+\.$/)).toBeVisible();

  // In English too; then the defaults back for the rest of the run.
  await switchAdminLanguage(page, 'Svenska', 'English');
  await expect(page.getByRole('heading', { name: 'Retention rules', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'If the rules ran now' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Draft deletion (months)' }).fill('12');
  await page.getByRole('textbox', { name: 'Anonymisation of rejected (months)' }).fill('24');
  await page.getByRole('textbox', { name: 'Anonymisation of approved (years)' }).fill('7');
  await page.getByRole('button', { name: 'Save the retention rules' }).click();
  await expect(page.getByText('The retention rules are saved.')).toBeVisible();
});

test('an investigator has no data protection settings', async ({ page }) => {
  await loginAs(page, INVESTIGATOR, 'Erik');
  await page.goto('/admin/data-protection');
  await expect(page.getByRole('heading', { name: 'Åtkomst nekad', level: 1 })).toBeVisible();
});
