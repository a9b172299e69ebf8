import { expect, test } from './fixtures';
import { ADMIN, loginAs } from './helpers';

test('the admin registers a paper application in the closed period, fixes the problems, and edits the amount', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, ADMIN, 'Anna');
  await page.getByRole('menuitem', { name: 'Ansökningar' }).click();
  await page.getByRole('link', { name: 'Lägg till ansökan' }).click();
  await expect(page.getByRole('heading', { name: 'Skapa ansökan' })).toBeVisible();

  await page.getByRole('radio', { name: 'Ny sökande' }).check();
  await page.getByLabel('Förnamn').first().fill('Pia');
  await page.getByLabel('Efternamn').first().fill('Papper');
  await page.getByRole('textbox', { name: 'E-postadress' }).first().fill('pia.papper@exempel.se');
  await page.getByRole('radio', { name: new RegExp(`Ansökningsomgång ${new Date().getFullYear() - 1}.*stängd`) }).check();
  await page.getByRole('radio', { name: 'Stipendium för unga ledare' }).check();
  await page.getByRole('radio', { name: 'Kontaktperson' }).check();
  await page.getByLabel('Din ålder').fill('19');
  await page.getByLabel('Ditt ledaruppdrag och i vilken förening').fill('Ledare i scoutkåren');
  await page.getByLabel(/Varför söker du stipendiet/).fill('För att gå en ledarutbildning.');
  await page
    .getByRole('group', { name: /Har du fått stipendium/ })
    .getByRole('radio', { name: 'Nej' })
    .check();
  const contact = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Kontaktuppgifter' }) });
  await contact.getByLabel('Förnamn').fill('Pia');
  await contact.getByLabel('Efternamn').fill('Papper');
  await contact.getByRole('textbox', { name: /^E-postadress/ }).fill('pia.papper@exempel.se');
  await contact.getByLabel('Upprepa e-postadressen').fill('pia.papper@exempel.se');
  await contact.getByLabel('Telefonnummer').fill('070-123 45 67');
  await contact.getByLabel('Postnummer').fill('123');
  await contact.getByLabel('Ort').fill('Luleå');
  await page.getByRole('checkbox', { name: /samtycker/ }).check();

  // The server's problems, listed on top and beside the fields.
  await page.getByRole('button', { name: 'Spara' }).click();
  const problems = page.getByRole('alert').filter({ hasText: 'behöver rättas' });
  await expect(problems.getByRole('link', { name: /Sökt belopp/ })).toBeVisible();
  await expect(problems.getByRole('link', { name: /Postnummer måste vara 5 siffror/ })).toBeVisible();
  await page.getByLabel('Sökt belopp').fill('15000');
  await contact.getByLabel('Postnummer').fill('97231');
  await page.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByText(/Ansökan \d{4}-\d{4} har registrerats\./)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Redigera ansökan \d{4}-\d{4}/ })).toBeVisible();
  const reference = (await page.getByRole('heading', { name: /Redigera ansökan/ }).innerText()).match(/\d{4}-\d{4}/)![0];

  // In the list with its reference; the dialog opens the same form to edit.
  await page.getByRole('button', { name: 'Avbryt' }).click();
  await page.getByRole('textbox', { name: 'Sök', exact: true }).fill(reference);
  const row = page.locator('tbody tr').filter({ hasText: reference });
  // The search applied (one row in all), not only typed: a search still on its way would take the list back from the
  // form the dialog opens.
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(row).toContainText('Pia Papper');
  await row.locator('td').first().click();
  await page.getByRole('dialog').getByRole('link', { name: 'Redigera' }).click();
  await expect(page.getByRole('heading', { name: `Redigera ansökan ${reference}` })).toBeVisible();
  const uuid = new URL(page.url()).pathname.split('/').pop()!;
  // A textbox: while the list is still leaving, its column of the same name must not be taken for the field.
  const amount = page.getByRole('textbox', { name: 'Sökt belopp' });
  await expect(amount).toHaveValue('15 000,00');
  await amount.fill('18000');
  await page.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByText('Ansökan har sparats.')).toBeVisible();

  // The application's history tells the change.
  await page.goto(`/admin/applications?show=${uuid}`);
  await expect(page.getByRole('dialog').getByText(/rättade ansökan: sökt belopp: 15\s000\skr → 18\s000\skr/)).toBeVisible();
});
