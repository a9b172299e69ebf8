import { readFileSync } from 'node:fs';
import { pdfText } from '../server/test/meetingFixtures';
import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { xhr } from './applicants';
import { expectAccessible } from './axe';
import { ADMIN, loginAs, periodOfItsOwn, signInAnyLanguage, unique } from './helpers';
import {
  addReviewers,
  applicationIn,
  BOARD_MEMBER,
  expectNoWiderThanWindow,
  reviewedPeriod,
  sendReview,
  staffApi,
  staffUser,
} from './reviewing';

// The board's meeting, in a period of the journey's own with applications made through the API: on a screen in
// Swedish the admin prepares it, adds the reviewed applications, downloads the pack, enters the decisions under the
// period's amount and downloads the minutes; on a phone in English the board member declares a conflict of interest
// on one application, reads the other and downloads the pack.

/** A Stockholm day `days` from today, as the meetings' dates are written. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

/** The PDF a button downloads: its name, and that it is one. */
async function downloadPdf(page: Page, button: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
  return { name: download.suggestedFilename(), text: pdfText(bytes).replace(/\s+/g, ' ') };
}

test('sv-SE, screen: staff prepare a board meeting, download the pack, enter the board’s decisions and download the minutes', async ({
  page,
  newPage,
}) => {
  test.setTimeout(60_000);
  const admin = await staffApi(newPage, ADMIN);
  // 40 000 kr to distribute, under the cap; three applications of 15 000 kr, two of them reviewed by the admin.
  const period = await reviewedPeriod(admin, `Möte ${unique()}`, { available_money: 40_000_00, uses_money_distribution_cap: true });
  const [granted, rejected, unreviewed, anna] = await Promise.all([
    applicationIn(newPage, period, 'sv-SE', { first: 'Greta', last: 'Grön' }),
    applicationIn(newPage, period, 'sv-SE', { first: 'Rune', last: 'Röd' }),
    applicationIn(newPage, period, 'sv-SE', { first: 'Ulf', last: 'Ogranskad' }),
    staffUser(admin, ADMIN),
  ]);
  const review = async (uuid: string, scores: number[], proposal: Parameters<typeof sendReview>[4]) => {
    await addReviewers(admin, uuid, [anna.id]);
    await sendReview(admin, uuid, period.criteria, scores, proposal);
  };
  await Promise.all([review(granted.uuid, [5, 4], { grant: 12_000_00 }), review(rejected.uuid, [2, 1], 'reject')]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, ADMIN, 'Anna');
  await page.getByRole('menuitem', { name: 'Styrelsemöten' }).click();
  await page.getByRole('button', { name: 'Nytt möte' }).click();
  const form = page.getByRole('dialog', { name: 'Nytt möte' });
  const heldOn = dayFromNow(0);
  await form.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: period.name }).click();
  await form.getByLabel('Datum').fill(heldOn);
  await form.getByRole('textbox', { name: 'Plats' }).fill('Sammanträdesrummet');
  const members = form.getByRole('combobox', { name: 'Ledamöter' });
  for (const [typed, name] of [
    ['Anna', 'Anna Lindqvist'],
    ['Birgitta', 'Birgitta Holm'],
  ]) {
    await members.fill(typed);
    await page.getByRole('option', { name }).click();
  }
  await form.getByRole('combobox', { name: 'Ordförande' }).click();
  await page.getByRole('option', { name: 'Anna Lindqvist' }).click();
  await form.getByRole('combobox', { name: 'Justerare' }).click();
  await page.getByRole('option', { name: 'Birgitta Holm' }).click();
  await form.getByRole('combobox', { name: 'Protokollförare' }).click();
  await page.getByRole('option', { name: 'Erik Johansson' }).click();
  await form.getByLabel('Börjar').fill('18:00');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByText('Mötet är skapat.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/meetings\/\d+$/);

  // The period's reviewed applications go on the agenda; the one without a review stays off.
  await page.getByRole('button', { name: 'Lägg till periodens granskade' }).click();
  await expect(page.getByText('2 granskade ansökningar lades till.')).toBeVisible();
  const agenda = page.getByRole('table', { name: 'Dagordning' });
  await expect(agenda.getByRole('row').filter({ hasText: granted.reference })).toContainText('Bevilja');
  await expect(agenda.getByRole('row').filter({ hasText: rejected.reference })).toContainText('Avslå');
  await expect(agenda.getByRole('row').filter({ hasText: unreviewed.reference })).toHaveCount(0);
  await expectAccessible(page);
  expect((await downloadPdf(page, 'Ladda ner underlaget (PDF)')).name).toBe(`styrelseunderlag-${heldOn}.pdf`);

  // The decisions start from the proposals; an amount over what remains is warned of, then a valid one is given.
  await page.getByRole('button', { name: 'Fatta beslut' }).click();
  const grantLine = page.getByRole('group', { name: new RegExp(`^${granted.reference} · `) });
  await expect(grantLine.getByRole('radio', { name: 'Bevilja' })).toBeChecked();
  await expect(
    page.getByRole('group', { name: new RegExp(`^${rejected.reference} · `) }).getByRole('radio', { name: 'Avslå' }),
  ).toBeChecked();
  const amount = grantLine.getByLabel('Beviljat belopp');
  const remaining = page.getByRole('status').filter({ hasText: 'Perioden har' });
  await amount.fill('50000');
  await expect(remaining).toContainText(/Besluten överstiger periodens belopp med 10\s000\skr\./);
  await expectAccessible(page);
  await amount.fill('14000');
  await expect(remaining).toContainText(/Kvar: 26\s000\skr\.$/);
  // Birgitta enters her dissent against the rejection.
  const rejectLine = page.getByRole('group', { name: new RegExp(`^${rejected.reference} · `) });
  await rejectLine.getByRole('combobox', { name: 'Reservation mot beslutet' }).fill('Birg');
  await page.getByRole('option', { name: 'Birgitta Holm' }).click();
  await page.getByRole('button', { name: 'Spara besluten' }).click();
  const confirm = page.getByRole('dialog', { name: 'Spara mötets beslut' });
  await expect(confirm).toContainText(/Beviljas: 1\. Avslås: 1\. Sammanlagt beviljat belopp: 14\s000\skr\./);
  await confirm.getByRole('button', { name: 'Spara besluten' }).click();
  await expect(page.getByText('Mötets beslut är sparade.')).toBeVisible();

  // Decided: each line's decision, and the minutes.
  await expect(page.getByText(/^Beslut: Beslutat /)).toBeVisible();
  await expect(agenda.getByRole('row').filter({ hasText: granted.reference })).toContainText(/Beviljad 14\s000\skr/);
  await expect(agenda.getByRole('row').filter({ hasText: rejected.reference })).toContainText('Avslagen');
  await expect(agenda.getByRole('row').filter({ hasText: rejected.reference })).toContainText('Reservation: Birgitta Holm');
  await expect(page.getByText(/^Protokoll: nr \d+\/\d{4}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fatta beslut' })).toHaveCount(0);
  await expectAccessible(page);
  const minutes = await downloadPdf(page, 'Ladda ner protokollet (PDF)');
  expect(minutes.name).toBe(`protokoll-${heldOn}.pdf`);
  // Minutes as foundations keep them: numbered, the time, the secretary, an item per application with the dissent.
  expect(minutes.text).toMatch(/Beslutsprotokoll nr \d+\/\d{4}/);
  expect(minutes.text).toContain('Tid 18:00');
  expect(minutes.text).toContain('Protokollförare Erik Johansson');
  expect(minutes.text).toMatch(new RegExp(`§ [45] ${rejected.reference}`));
  expect(minutes.text).toContain('Reservation: Birgitta Holm reserverade sig mot beslutet.');
});

test('en-US, phone: a board member declares a conflict of interest, reads another application and downloads the pack', async ({
  newPage,
}) => {
  const admin = await staffApi(newPage, ADMIN);
  const period = await periodOfItsOwn(admin, `Board ${unique()}`);
  const [near, other, anna, birgitta] = await Promise.all([
    applicationIn(newPage, period, 'en-US', { first: 'Nina', last: 'Neighbour' }),
    applicationIn(newPage, period, 'en-US', { first: 'Olof', last: 'Other' }),
    staffUser(admin, ADMIN),
    staffUser(admin, BOARD_MEMBER),
  ]);
  const place = `Board room ${unique()}`;
  const heldOn = dayFromNow(10);
  const made = await admin.post('/api/v1/meetings', {
    headers: xhr,
    data: {
      data: {
        period_id: period.id,
        held_on: heldOn,
        place,
        member_ids: [anna.id, birgitta.id],
        chair_id: anna.id,
        adjuster_id: birgitta.id,
      },
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { id } = (await made.json()).data as { id: number };
  const agendaSet = await admin.put(`/api/v1/meetings/${id}/agenda`, {
    headers: xhr,
    data: { data: { application_uuids: [near.uuid, other.uuid] } },
  });
  expect(agendaSet.ok(), await agendaSet.text()).toBe(true);

  const page = await newPage('en-US');
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAnyLanguage(page, BOARD_MEMBER);
  await expect(page.getByRole('heading', { name: 'Welcome, Birgitta' })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Dashboard', 'Board meetings']);
  await page.getByRole('menuitem', { name: 'Board meetings' }).click();
  await page.getByText(place).click();
  await expect(page).toHaveURL(`/admin/meetings/${id}`);
  // On a phone the agenda is a list, each application's actions below its figures.
  const agenda = page.getByRole('list', { name: 'Agenda' });
  await expect(agenda.getByRole('listitem').filter({ hasText: near.reference })).toContainText('Nina Neighbour');
  await expectAccessible(page);
  await expectNoWiderThanWindow(page);

  // A conflict of interest on one, once confirmed, for it is final: the line says it is declared, and its reading goes.
  const conflict = page.getByRole('checkbox', { name: `Conflict of interest in ${near.reference}` });
  await conflict.click();
  const confirmation = page.getByRole('dialog', { name: 'Declaring a conflict of interest' });
  await expect(confirmation).toContainText(`Declare a conflict of interest with ${near.reference}? It cannot be changed afterwards`);
  await expectAccessible(page);
  await confirmation.getByRole('button', { name: 'Declare conflict of interest' }).click();
  await expect(agenda.getByRole('listitem').filter({ hasText: near.reference })).toContainText('Conflict of interest declared');
  await expect(conflict).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Read application ${near.reference}` })).toHaveCount(0);

  // The other is read as it was sent in.
  await page.getByRole('button', { name: `Read application ${other.reference}` }).click();
  const reading = page.getByRole('dialog', { name: `Application ${other.reference}` });
  await expect(reading).toContainText('Olof Other');
  await expect(reading).toContainText(/SEK\s?15,000/);
  await expectAccessible(page);
  await expectNoWiderThanWindow(page);
  await reading.getByRole('button', { name: 'Close' }).click();

  expect((await downloadPdf(page, 'Download the board pack (PDF)')).name).toBe(`board-pack-${heldOn}.pdf`);
  // The application they stood aside from stays closed to them.
  const refused = await page.request.get(`/api/v1/meetings/${id}/applications/${near.uuid}`);
  expect(refused.status()).toBe(403);
});
