import { expect, test } from './fixtures';
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

  const drafts = page.getByRole('spinbutton', { name: 'Radering av utkast (månader)' });
  const rejected = page.getByRole('spinbutton', { name: 'Anonymisering av avslagna (månader)' });
  const approved = page.getByRole('spinbutton', { name: 'Anonymisering av beviljade (år)' });
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
  await approved.fill('2.5');
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
  await expect(page.getByText(/^Senast ändrad av Anna .+\.$/)).toBeVisible();

  // In English too; then the defaults back for the rest of the run.
  await switchAdminLanguage(page, 'Svenska', 'English');
  await expect(page.getByRole('heading', { name: 'Retention rules', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'If the rules ran now' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Draft deletion (months)' }).fill('12');
  await page.getByRole('spinbutton', { name: 'Anonymisation of rejected (months)' }).fill('24');
  await page.getByRole('spinbutton', { name: 'Anonymisation of approved (years)' }).fill('7');
  await page.getByRole('button', { name: 'Save the retention rules' }).click();
  await expect(page.getByText('The retention rules are saved.')).toBeVisible();
});

test('an investigator has no data protection settings', async ({ page }) => {
  await loginAs(page, INVESTIGATOR, 'Erik');
  await page.goto('/admin/data-protection');
  await expect(page.getByRole('heading', { name: 'Åtkomst nekad', level: 1 })).toBeVisible();
});

test('an admin postpones a period and resumes it, edits the privacy notice, and runs the rules', async ({ page }) => {
  const lastYear = `Ansökningsomgång ${new Date().getFullYear() - 1}`;
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const setRules = async (draft_months: number, rejected_months: number, approved_years: number) =>
    expect(
      (await page.request.put('/api/v1/retention', { headers, data: { data: { draft_months, rejected_months, approved_years } } })).ok(),
    ).toBe(true);
  await loginAs(page, ADMIN, 'Anna');
  // Under the shortest rules last year's period is in the preview (the form itself is the test above's).
  await setRules(1, 1, 1);
  await page.goto('/admin/data-protection');

  // Postponed with a date and a reason: the preview says until when, why and who.
  const row = page.getByRole('table', { name: 'Om reglerna kördes nu' }).getByRole('row', { name: new RegExp(`^${lastYear} `) });
  await row.getByRole('button', { name: 'Skjut upp…' }).click();
  const postpone = page.getByRole('dialog', { name: `Skjut upp gallringen – ${lastYear}` });
  await postpone.getByLabel('Skjut upp till och med').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
  await postpone.getByRole('textbox', { name: 'Skäl' }).fill('Revisionen av räkenskaperna pågår.');
  await postpone.getByRole('button', { name: 'Skjut upp', exact: true }).click();
  await expect(page.getByText(`Gallringen i ${lastYear} är uppskjuten.`)).toBeVisible();
  await expect(postpone).toBeHidden();
  await expect(row).toContainText('Revisionen av räkenskaperna pågår.');
  await expect(row).toContainText(/Av Anna /);
  await expectAccessible(page);

  // Resumed after a confirmation.
  await row.getByRole('button', { name: 'Återuppta' }).click();
  await page
    .getByRole('dialog', { name: `Återuppta gallringen i ${lastYear}?` })
    .getByRole('button', { name: 'Återuppta' })
    .click();
  await expect(page.getByText(`Gallringen i ${lastYear} är återupptagen.`)).toBeVisible();
  await expect(row).not.toContainText('Revisionen av räkenskaperna pågår.');
  await setRules(12, 24, 7);
  await page.reload();

  // The privacy notice: saved, who changed it, what applicants read (the rules written in); then the original back.
  const swedish = page.getByRole('textbox', { name: 'Svensk text' });
  const original = await swedish.inputValue();
  await swedish.fill('Vi raderar utkast %{draft_months} månader efter att perioden stängt.');
  await page.getByRole('button', { name: 'Spara integritetspolicyn' }).click();
  await expect(page.getByText('Integritetspolicyn är sparad.')).toBeVisible();
  // The rules' form says who changed them too: the notice's is the page's last.
  await expect(page.getByText(/^Senast ändrad av Anna .+\.$/).last()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Visa sidan som sökande ser den/ })).toHaveAttribute('href', '/integritet');
  const notice = await page.request.get('/api/v1/privacy-notice', { headers: { 'Accept-Language': 'sv-SE' } });
  expect((await notice.json()).data.body).toBe('Vi raderar utkast 12 månader efter att perioden stängt.');
  await swedish.fill(original);
  await page.getByRole('button', { name: 'Spara integritetspolicyn' }).click();
  await expect(page.getByRole('button', { name: 'Spara integritetspolicyn' })).toBeDisabled();

  // A run under the default rules, which have nothing to do in the demo: confirmed, told, and listed.
  await page.getByRole('button', { name: 'Kör reglerna nu' }).click();
  const run = page.getByRole('dialog', { name: 'Köra gallringsreglerna nu?' });
  await expect(run).toContainText('Just nu finns det ingenting att radera eller anonymisera.');
  await run.getByRole('button', { name: 'Kör reglerna', exact: true }).click();
  await expect(page.getByText('Reglerna är körda. Det fanns ingenting att radera eller anonymisera.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Körningar' }).getByRole('listitem').first()).toContainText(
    / · Anna .+Raderade och anonymiserade ingenting\./,
  );
});
