import { type APIRequestContext } from '@playwright/test';
import { pdfText } from '../server/test/meetingFixtures';
import { expect, test } from './fixtures';
import { xhr } from './applicants';
import { expectAccessible } from './axe';
import { ADMIN, loginAs, periodOfItsOwn, signInAnyLanguage, unique } from './helpers';
import { applicationIn, BOARD_MEMBER, expectNoWiderThanWindow, staffApi, staffUser } from './reviewing';

// A board's decision changed as a foundation changes one: a meeting of a period of the journey's own approves an
// application with 20 000 kr (set up through the API); on a screen in Swedish the administrator takes the decision up
// at the period's next meeting with the reason, the board there grants 15 000 kr, and both meetings' minutes say so.
// In English on a phone the application then reads as the board's decision, with nothing to change it by.

const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

/** A meeting of the period held today, the admin chairing and the board member adjusting, with this agenda. */
async function meeting(admin: APIRequestContext, periodId: number, place: string, uuids: string[]) {
  const [anna, birgitta] = await Promise.all([staffUser(admin, ADMIN), staffUser(admin, BOARD_MEMBER)]);
  const members = { member_ids: [anna.id, birgitta.id], chair_id: anna.id, adjuster_id: birgitta.id };
  const made = await admin.post('/api/v1/meetings', {
    headers: xhr,
    data: { data: { period_id: periodId, held_on: today, place, ...members } },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { id } = (await made.json()).data as { id: number };
  const agenda = await admin.put(`/api/v1/meetings/${id}/agenda`, { headers: xhr, data: { data: { application_uuids: uuids } } });
  expect(agenda.ok(), await agenda.text()).toBe(true);
  return id;
}

test('sv-SE, screen: a later meeting changes a board’s decision with the reason, and both minutes say so; en-US, phone: it reads as the board’s', async ({
  page,
  newPage,
}) => {
  test.setTimeout(90_000);
  const admin = await staffApi(newPage, ADMIN);
  const period = await periodOfItsOwn(admin, `Ändrat ${unique()}`);
  const application = await applicationIn(newPage, period, 'sv-SE', { first: 'Ebba', last: 'Ändring' });
  const first = await meeting(admin, period.id, `Första ${unique()}`, [application.uuid]);
  const decided = await admin.post(`/api/v1/meetings/${first}/decisions`, {
    headers: xhr,
    data: { data: { decisions: [{ application_uuid: application.uuid, status: 40, amount: 20_000_00 }] } },
  });
  expect(decided.ok(), await decided.text()).toBe(true);
  const laterPlace = `Andra ${unique()}`;
  const later = await meeting(admin, period.id, laterPlace, []);

  // The decided meeting offers to take the decision up at a later one; the reason is asked for.
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, ADMIN, 'Anna');
  await page.goto(`/admin/meetings/${first}`);
  const agenda = page.getByRole('table', { name: 'Dagordning' });
  await agenda.getByRole('button', { name: `Ändra beslutet om ${application.reference} vid ett senare möte` }).click();
  const dialog = page.getByRole('dialog', { name: `Ändra beslutet om ${application.reference}` });
  await expect(dialog.getByRole('combobox', { name: 'Möte' })).toContainText(laterPlace);
  await dialog.getByRole('button', { name: 'Ta upp på dagordningen' }).click();
  await expect(dialog.getByText('Skriv skälet till ändringen.')).toBeVisible();
  await expectAccessible(page);
  const reason = 'Kommunen bekostar lokalhyran.';
  await dialog.getByRole('textbox', { name: 'Skäl till ändringen' }).fill(reason);
  await dialog.getByRole('button', { name: 'Ta upp på dagordningen' }).click();

  // The later meeting: its line says what it changes and why; the board grants 15 000 kr there.
  await expect(page).toHaveURL(`/admin/meetings/${later}`);
  const line = page.getByRole('table', { name: 'Dagordning' }).getByRole('row').filter({ hasText: application.reference });
  await expect(line).toContainText(/Ändrat beslut\. Mötet .+ beslutade: Beviljad 20\s000\skr\. Skäl: Kommunen bekostar lokalhyran\./);
  await page.getByRole('button', { name: 'Fatta beslut' }).click();
  const decision = page.getByRole('group', { name: new RegExp(`^${application.reference} · `) });
  await decision.getByRole('radio', { name: 'Bevilja' }).check();
  await decision.getByLabel('Beviljat belopp').fill('15000');
  await page.getByRole('button', { name: 'Spara besluten' }).click();
  await page.getByRole('dialog', { name: 'Spara mötets beslut' }).getByRole('button', { name: 'Spara besluten' }).click();
  await expect(page.getByText('Mötets beslut är sparade.')).toBeVisible();
  await expect(line).toContainText(/Beviljad 15\s000\skr/);

  // The first meeting's line keeps its decision and says it was changed; both minutes say so.
  await page.goto(`/admin/meetings/${first}`);
  const firstLine = page.getByRole('table', { name: 'Dagordning' }).getByRole('row').filter({ hasText: application.reference });
  await expect(firstLine).toContainText(/Beviljad 20\s000\skr/);
  await expect(firstLine).toContainText(/Beslutet ändrades vid mötet /);
  const minutes = async (id: number) => {
    const pdf = await admin.get(`/api/v1/meetings/${id}/minutes.pdf`, { headers: { 'Accept-Language': 'sv-SE' } });
    expect(pdf.ok()).toBe(true);
    return pdfText(await pdf.body()).replace(/\s+/g, ' ');
  };
  expect(await minutes(later)).toMatch(
    new RegExp(`${application.reference}: ändrar beslutet från mötet .+ \\(Beviljad 20 000 kr\\)\\. Skäl: ${reason}`),
  );
  expect(await minutes(first)).toContain(`${application.reference}: beslutet ändrades vid mötet`);

  // In English on a phone the application's decision is the board's, leading to the meeting, with no form to change it.
  const phone = await newPage('en-US');
  await phone.setViewportSize({ width: 390, height: 844 });
  await signInAnyLanguage(phone, ADMIN);
  await phone.goto(`/admin/applications?show=${application.uuid}`);
  const section = phone.getByRole('dialog').getByRole('region', { name: 'Decision', exact: true });
  await expect(section).toContainText(/Approved, SEK\s15,000/);
  await expect(section).toContainText('The board took this decision at its meeting of');
  await expect(section.getByRole('button', { name: 'Save decision' })).toHaveCount(0);
  await expectNoWiderThanWindow(phone);
  await section.getByRole('link', { name: 'Open the meeting' }).click();
  await expect(phone).toHaveURL(`/admin/meetings/${later}`);
});
