import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { applicantWithApplication, xhr as headers } from './applicants';
import { caughtMail } from './mail';
import { ADMIN, PASSWORD, periodOfItsOwn, signInThroughApi, unique } from './helpers';

// An officer works down "What needs me" on a screen, in English: a new message from an applicant and an application
// nobody investigates yet, each a count that opens its list filtered to exactly those; handled, each leaves the card.
// The officer handles applications of the journey's own period alone, so the counts are this journey's.
test('an officer works down what needs them, from the dashboard to the lists and back', async ({ page, newPage }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughApi(page, ADMIN);
  const period = await periodOfItsOwn(page.request, `Dagens arbete ${unique()}`);
  const email = `officer-${unique()}@test.se`;
  const made = await page.request.post('/api/v1/users', {
    headers,
    data: {
      data: { first_name: 'Olle', last_name: 'Officer', email, role: 'utredare', locale: 'en-US', application_period_ids: [period.id] },
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { id: officerId } = (await made.json()).data as { id: number };
  const token = /\/admin\/reset-password\/(\S+)/.exec((await caughtMail(email, /Välkommen|Welcome/)).text)![1];
  const set = await page.request.post('/api/v1/auth/reset-password', {
    headers,
    data: { data: { token, password: PASSWORD, password_confirmation: PASSWORD } },
  });
  expect(set.ok(), await set.text()).toBe(true);

  // An applicant sends an application in and writes to the foundation.
  const applicant = (await newPage('en-US')).request;
  const { uuid, reference } = await applicantWithApplication(applicant, 'en-US', { first: 'Dagny', last: 'Day' }, 'staff-day', period);
  const message = await applicant.post(`/api/v1/portal/applications/${uuid}/messages`, {
    headers,
    data: { data: { body: 'We have a question about the budget.' } },
  });
  expect(message.status()).toBe(201);

  const officer = await newPage('en-US');
  await officer.setViewportSize({ width: 1280, height: 800 });
  await signInThroughApi(officer, email);
  await officer.goto('/admin');
  const card = officer.getByRole('region', { name: 'What needs me' });
  const unread = card.getByRole('link', { name: /^Unread messages from applicants/ });
  const unassigned = card.getByRole('link', { name: /^Applications in open periods without an investigator/ });
  await expect(unread).toContainText('1');
  await expect(unassigned).toContainText('1');
  await expectAccessible(officer);

  // The unread message: its list holds this application alone; reading the dialogue handles it.
  await unread.focus();
  await officer.keyboard.press('Enter');
  await expect(officer).toHaveURL(/\/admin\/applications\?filter=/);
  const rows = officer.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(reference);
  await officer.goto(`/admin/applications?show=${uuid}&tab=dialogue`);
  await expect(officer.getByRole('dialog').getByText('We have a question about the budget.')).toBeVisible();
  await officer.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // Back on the dashboard the message is handled; the application still has nobody on it.
  await officer.goto('/admin');
  await expect(unassigned).toContainText('1');
  await expect(unread).toHaveCount(0);
  await unassigned.click();
  await expect(officer.locator('tbody tr')).toHaveCount(1);
  await expect(officer.locator('tbody tr').first()).toContainText(reference);

  // The admin puts the officer on it: nothing is left, and the card says so.
  const put = await page.request.post(`/api/v1/applications/${uuid}/investigators`, { headers, data: { data: { user_id: officerId } } });
  expect(put.ok(), await put.text()).toBe(true);
  await officer.goto('/admin');
  await expect(card.getByText('Nothing is waiting for you right now.')).toBeVisible();
  await expectAccessible(officer);
});
