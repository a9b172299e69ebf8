import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { applicantWithApplication } from './applicants';
import { ADMIN, loginAs, pageTitle, periodOfItsOwn, unique } from './helpers';

test('the admin deletes an application after reading what goes, and the list no longer holds it', async ({ page, newPage }) => {
  await loginAs(page, ADMIN, 'Anna');
  // A period of the journey's own with two applications sent in.
  const period = await periodOfItsOwn(page.request, `Radering ${unique()}`);
  const deleted = await applicantWithApplication(
    (await newPage()).request,
    'sv-SE',
    { first: 'Rune', last: 'Raderad' },
    'radering',
    period,
  );
  const kept = await applicantWithApplication((await newPage()).request, 'sv-SE', { first: 'Rita', last: 'Kvar' }, 'radering', period);

  await page.getByRole('menuitem', { name: 'Ansökningar' }).click();
  await expect(page).toHaveTitle(pageTitle('Ansökningar'));
  await page.getByRole('combobox', { name: /^Period(?! för)/ }).click();
  await page.getByRole('option', { name: period.name }).click();
  await page.keyboard.press('Escape');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);

  await rows.filter({ hasText: deleted.reference }).locator('td').first().click();
  const application = page.getByRole('dialog', { name: new RegExp(`^Ansökan ${deleted.reference}`) });
  await application.getByRole('button', { name: 'Radera ansökan…' }).click();
  const confirm = page.getByRole('dialog', { name: `Radera ansökan ${deleted.reference}?` });
  await expect(confirm.getByText('Det här raderas för gott och går inte att återställa:')).toBeVisible();
  await expect(confirm.getByText(/meddelande(n)? i dialogen$/)).toBeVisible();
  await expect(confirm.getByText('ingen uppföljning (ingen är begärd)')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Radera för gott' }).click();

  await expect(page.getByText(`Ansökan ${deleted.reference} är raderad.`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(kept.reference);
  // The log keeps who deleted which reference.
  const log = (await (await page.request.get(`/api/v1/applications/deletions?search=${deleted.reference}`)).json()).data as {
    data: { reference: string; deleted_by: { name: string } }[];
  };
  expect(log.data).toEqual([
    expect.objectContaining({
      reference: deleted.reference,
      deleted_by: expect.objectContaining({ name: expect.stringMatching(/^Anna/) }),
    }),
  ]);
});
