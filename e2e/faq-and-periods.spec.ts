import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { ADMIN, loginAs, periodOfItsOwn, unique } from './helpers';

/** The FAQ questions as listed on the reorder page, top to bottom. */
async function orderedQuestions(page: Page): Promise<string[]> {
  const handles = page.getByRole('list', { name: 'Frågor i visningsordning' }).getByRole('button', { name: /, plats \d+ av \d+$/ });
  await expect(handles.first()).toBeVisible();
  const labels = await handles.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/, plats \d+ av \d+$/, ''));
}

test('the admin reorders the FAQs with the keyboard and finds the new order after a reload', async ({ page }) => {
  await loginAs(page, ADMIN, 'Anna');
  await page.goto('/admin/faqs');
  await page.getByRole('link', { name: 'Ordna frågorna' }).click();
  await expect(page).toHaveURL('/admin/faqs/order');
  await expect(page).toHaveTitle('Ordna vanliga frågor – Ansökningsportalen');

  const before = await orderedQuestions(page);
  expect(before.length).toBeGreaterThan(2);
  // Move the first question down two places with Alt+ArrowDown on its handle.
  const handle = page.getByRole('button', { name: `${before[0]}, plats 1 av ${before.length}` });
  await handle.focus();
  await page.keyboard.press('Alt+ArrowDown');
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page.getByRole('status')).toHaveText(`Frågan flyttades till plats 3 av ${before.length}`);
  await expect(page.getByRole('button', { name: `${before[0]}, plats 3 av ${before.length}` })).toBeFocused();
  const expected = [before[1], before[2], before[0], ...before.slice(3)];
  expect(await orderedQuestions(page)).toEqual(expected);

  await page.getByRole('button', { name: 'Spara ordningen' }).click();
  await expect(page.getByText('Ordningen har sparats')).toBeVisible();
  await page.reload();
  expect(await orderedQuestions(page)).toEqual(expected);

  // Put the order back for other tests.
  await page.getByRole('button', { name: `${before[0]}, plats 3 av ${before.length}` }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await page.keyboard.press('Alt+ArrowUp');
  await page.getByRole('button', { name: 'Spara ordningen' }).click();
  await expect(page.getByText('Ordningen har sparats')).toBeVisible();
});

test('the admin closes and reopens a period through the confirmation questions', async ({ page }) => {
  await loginAs(page, ADMIN, 'Anna');
  // A period of the journey's own, found in the list by its name.
  const period = await periodOfItsOwn(page.request, `Stängs ${unique()}`);
  await page.goto('/admin/periods');
  await page.getByRole('textbox', { name: 'Sök' }).fill(period.name);
  // Filtered first: a row clicked before the search applies is left when the filter moves the list's address.
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByText(period.name, { exact: true }).click();
  await expect(page).toHaveTitle('Redigera period – Ansökningsportalen');
  const closedSwitch = page.getByRole('switch', { name: 'Stängd' }).or(page.getByRole('checkbox', { name: 'Stängd' }));
  await expect(closedSwitch).not.toBeChecked();

  // Closing asks first; cancelling changes nothing.
  await page.getByRole('button', { name: 'Stäng perioden' }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('När perioden är stängd går det inte att skicka in fler ansökningar till den.');
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(closedSwitch).not.toBeChecked();

  await page.getByRole('button', { name: 'Stäng perioden' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Stäng perioden' }).click();
  await expect(page.getByText(/är stängd\.$/)).toBeVisible();
  await expect(closedSwitch).toBeChecked();
  await page.reload();
  await expect(closedSwitch).toBeChecked();

  await page.getByRole('button', { name: 'Öppna perioden' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Vill du öppna den?');
  await dialog.getByRole('button', { name: 'Öppna perioden' }).click();
  await expect(page.getByText(/är öppen\.$/)).toBeVisible();
  await expect(closedSwitch).not.toBeChecked();
});
