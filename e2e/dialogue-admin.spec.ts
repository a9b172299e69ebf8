import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN, loginAs, switchAdminLanguage } from './helpers';
import { applicantWithApplication, pdf, xhr as headers } from './applicants';

const dialog = (page: Page) => page.getByRole('dialog');
const thread = (page: Page) => dialog(page).getByRole('list', { name: 'Meddelanden' });
const listRow = (page: Page, reference: string) => page.locator('tbody tr').filter({ hasText: reference });

test('a manager writes a welcome message with the agreement; the applicant’s answer is unread until the dialogue is opened', async ({
  page,
  newPage,
}) => {
  test.setTimeout(120_000);
  // An applicant of the journey's own, with an application sent in through the API.
  const applicant = (await newPage()).request;
  const { uuid, reference, name } = await applicantWithApplication(applicant, 'sv-SE', { first: 'Dagmar', last: 'Dialog' }, 'dialog-admin');
  await loginAs(page, ADMIN, 'Anna');

  // A second window on the dialogue, opened straight from the address before anything is written (its thread goes stale).
  const stale = await page.context().newPage();
  await stale.goto(`/admin/applications?show=${uuid}&tab=dialogue`);
  await expect(dialog(stale).getByRole('tab', { name: 'Dialog' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog(stale).getByText('Inga meddelanden har skickats ännu.')).toBeVisible();
  // Tabs of one window: only the one in front draws frames, which every click waits for.
  await page.bringToFront();

  // The manager finds the application in the list and opens its dialogue.
  await page.getByRole('menuitem', { name: 'Ansökningar' }).click();
  await page.getByRole('textbox', { name: 'Sök' }).fill(reference);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await listRow(page, reference).locator('td').first().click();
  await expect(dialog(page).getByRole('tab', { name: 'Ansökan' })).toHaveAttribute('aria-selected', 'true');
  await dialog(page).getByRole('tab', { name: 'Dialog' }).click();
  await expect(page).toHaveURL(new RegExp(`show=${uuid}&tab=dialogue`));
  await expect(dialog(page).getByText('Inga meddelanden har skickats ännu.')).toBeVisible();

  // A welcome message with the agreement attached.
  const box = dialog(page).getByRole('textbox', { name: 'Nytt meddelande' });
  const text = 'Välkommen!\nVi har tagit emot er ansökan. Avtalet finns bifogat.';
  await box.fill(text);
  await expect(dialog(page).getByText(new RegExp(`^${text.length} av 10\\s000 tecken$`))).toBeVisible();
  await dialog(page).locator('input[name=agreements]').setInputFiles({ name: 'avtal.pdf', mimeType: 'application/pdf', buffer: pdf });
  const chosen = dialog(page).getByRole('list', { name: 'Valda filer' });
  await expect(chosen.getByRole('listitem')).toContainText('avtal.pdf');
  await expect(chosen.getByText('Avtal', { exact: true })).toBeVisible();
  await dialog(page).getByRole('checkbox', { name: 'Skicka som välkomstmeddelande' }).check();
  await expectAccessible(page);
  await dialog(page).getByRole('button', { name: 'Skicka', exact: true }).click();
  await expect(page.getByText('Meddelandet skickades.')).toBeVisible();

  const welcome = thread(page).getByRole('listitem').filter({ hasText: 'Vi har tagit emot er ansökan.' });
  await expect(welcome).toContainText('Anna');
  await expect(welcome).toContainText('för stiftelsen');
  await expect(welcome.getByText('Välkomstmeddelande')).toBeVisible();
  await expect(welcome.getByRole('button', { name: 'avtal.pdf' })).toBeVisible();
  await expect(welcome.getByText('Avtal', { exact: true })).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(dialog(page).getByRole('list', { name: 'Valda filer' })).toHaveCount(0);
  // Only one welcome message: the box says why it cannot be ticked.
  await expect(dialog(page).getByRole('checkbox', { name: 'Skicka som välkomstmeddelande' })).toBeDisabled();
  await expect(dialog(page).getByText('Ansökan har redan ett välkomstmeddelande.')).toBeVisible();
  // The attachment downloads under its name.
  const download = page.waitForEvent('download');
  await welcome.getByRole('button', { name: 'avtal.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('avtal.pdf');

  // The stale window still offers a welcome message: the server refuses it, translated, and nothing typed is lost.
  await stale.bringToFront();
  await dialog(stale).getByRole('textbox', { name: 'Nytt meddelande' }).fill('Ett andra välkomstmeddelande');
  await dialog(stale).getByRole('checkbox', { name: 'Skicka som välkomstmeddelande' }).check();
  await dialog(stale).getByRole('button', { name: 'Skicka', exact: true }).click();
  await expect(
    dialog(stale).getByText('Ansökan har redan ett välkomstmeddelande. Skicka det här som ett vanligt meddelande.'),
  ).toBeVisible();
  await expect(dialog(stale).getByRole('textbox', { name: 'Nytt meddelande' })).toHaveValue('Ett andra välkomstmeddelande');
  await stale.close();
  await page.bringToFront();
  // And through the API, in either language.
  for (const [language, text] of [
    ['sv-SE', 'Ansökan har redan ett välkomstmeddelande. Skicka det här som ett vanligt meddelande.'],
    ['en-US', 'The application already has a welcome message. Send this one as an ordinary message.'],
  ]) {
    const second = await page.request.post(`/api/v1/applications/${uuid}/messages`, {
      headers: { ...headers, 'Accept-Language': language },
      data: { data: { body: 'Välkommen igen', is_welcome_message: true } },
    });
    expect(second.status()).toBe(422);
    expect((await second.json()).errors.is_welcome_message).toEqual([text]);
  }
  await dialog(page).getByRole('button', { name: 'Stäng' }).click();
  await expect(page).not.toHaveURL(/show=|tab=/);

  // The applicant answers through the portal's API: the list lights the unread indicator and ?unread=1 lists it.
  const answer = await applicant.post(`/api/v1/portal/applications/${uuid}/messages`, {
    headers,
    data: { data: { body: 'Tack! Vi skickar in avtalet underskrivet.' } },
  });
  expect(answer.status()).toBe(201);
  await page.goto('/admin/applications?unread=1');
  await expect(listRow(page, reference)).toHaveCount(1);
  await expect(listRow(page, reference).getByRole('img', { name: 'Olästa meddelanden', exact: true })).toBeVisible();

  // The link of the staff notification opens straight on the dialogue, whose tab says there is something unread.
  await page.goto(`/admin/applications?show=${uuid}&tab=dialogue`);
  await expect(dialog(page).getByRole('tab', { name: 'Dialog' })).toHaveAttribute('aria-selected', 'true');
  const reply = thread(page).getByRole('listitem').last();
  await expect(reply).toContainText('Tack! Vi skickar in avtalet underskrivet.');
  await expect(reply).toContainText(name);
  // Shown, so read: the tab's mark and the list's indicator go out, and ?unread=1 no longer lists it.
  await expect(dialog(page).getByRole('tab', { name: 'Dialog', exact: true })).toBeVisible();
  await expectAccessible(page);
  await dialog(page).getByRole('button', { name: 'Stäng' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Sök' }).fill(reference);
  await expect(listRow(page, reference).getByRole('img', { name: 'Inga olästa meddelanden' })).toBeVisible();
  // A search after a dialog opened by its address does not open it again.
  await expect(dialog(page)).toHaveCount(0);
  await page.goto('/admin/applications?unread=1');
  // Loaded (other journeys' unread applications, or none), and this one is not among them.
  await expect(page.locator('tbody tr').or(page.getByText('Inga Ansökningar hittades med de aktuella filtren.')).first()).toBeVisible();
  await expect(listRow(page, reference)).toHaveCount(0);

  // In English, and on a phone: the dialog fills the screen and nothing scrolls sideways.
  await switchAdminLanguage(page, 'Svenska', 'English');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/applications?show=${uuid}&tab=dialogue`);
  // The thread's own items (an attachment is an item of the message's list of files).
  const messages = dialog(page).getByRole('list', { name: 'Messages' }).locator(':scope > li');
  await expect(messages).toHaveCount(2);
  const english = messages.first();
  await expect(english).toContainText('for the foundation');
  await expect(english.getByText('Welcome message')).toBeVisible();
  await expect(english.getByText('Agreement', { exact: true })).toBeVisible();
  await expect(dialog(page).getByRole('button', { name: 'Attach agreement' })).toBeVisible();
  await expect(dialog(page).getByRole('checkbox', { name: 'Send as welcome message' })).toBeDisabled();
  await expectAccessible(page);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  const content = dialog(page).getByRole('tabpanel');
  expect(await content.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  await dialog(page).getByRole('tab', { name: 'Application' }).click();
  await expect(page).not.toHaveURL(/tab=/);
});
