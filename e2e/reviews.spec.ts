import { expect, test } from './fixtures';
import { xhr } from './applicants';
import { expectAccessible } from './axe';
import { ADMIN, INVESTIGATOR, loginAs, signInAnyLanguage, unique } from './helpers';
import {
  addReviewers,
  applicationIn,
  expectNoWiderThanWindow,
  reviewedPeriod,
  SECOND_INVESTIGATOR,
  sendReview,
  staffApi,
  staffUser,
} from './reviewing';

// Reviewing an application together: a period of the journey's own whose type has two criteria (what the project will
// do, weight 2, and its use, weight 1, each scored 1–5), an application and its reviewers made through the API. On a
// phone in Swedish a reviewer declares no conflict of interest, scores every criterion and then reads the admin's
// review and the summary; on a screen in English a reviewer stands aside and is shown nothing of the application.

test('sv-SE, phone: a reviewer declares no conflict of interest, scores every criterion and then sees the others’ reviews', async ({
  newPage,
}) => {
  const admin = await staffApi(newPage, ADMIN);
  const period = await reviewedPeriod(admin, `Bedömning ${unique()}`);
  const [{ uuid, reference }, anna, erik] = await Promise.all([
    applicationIn(newPage, period, 'sv-SE', { first: 'Jonna', last: 'Jävfri' }),
    staffUser(admin, ADMIN),
    staffUser(admin, INVESTIGATOR),
  ]);
  await addReviewers(admin, uuid, [anna.id, erik.id]);
  // The admin's review is in: 4 and 5 of 5, 86,7 % weighted, proposing a grant of 12 000 kr.
  await sendReview(admin, uuid, period.criteria, [4, 5], { grant: 12_000_00 }, 'Väl förankrat i bygden.');

  const page = await newPage('sv-SE');
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, INVESTIGATOR, 'Erik');
  await page.getByRole('button', { name: 'Öppna menyn' }).click();
  await page.getByRole('menuitem', { name: 'Mina utredningar' }).click();
  await page.getByRole('switch', { name: 'Att göra' }).check();
  await expect(page).toHaveURL(/todo/);
  await page.getByText(reference).click();

  // The declaration comes first, showing only who applied.
  const dialog = page.getByRole('dialog', { name: `Ansökan ${reference} – Jonna Jävfri` });
  await expect(dialog.getByRole('heading', { name: 'Jäv', exact: true })).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveText(['Bedömning']);
  await expectAccessible(page);
  await expectNoWiderThanWindow(page);
  await dialog.getByRole('button', { name: 'Nej, jag är inte jävig' }).click();
  await expect(page.getByText('Du har angett att du inte är jävig.')).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Ansökan' })).toBeVisible();
  await expect(dialog.getByText('De andra granskarnas bedömningar visas när du har skickat in din egen.')).toBeVisible();

  // One criterion left unscored: it is listed, and its link leads to its scores.
  await dialog.getByRole('radiogroup', { name: 'Genomförbarhet' }).getByRole('radio', { name: '3' }).check();
  await dialog.getByRole('radio', { name: 'Bevilja' }).check();
  await dialog.getByLabel('Föreslaget belopp').fill('10000');
  await dialog.getByLabel('Kommentar till bedömningen').fill('Rimlig budget.');
  await dialog.getByRole('button', { name: 'Skicka in bedömningen' }).click();
  const missing = dialog.getByRole('alert').filter({ hasText: 'Poäng saknas för ett kriterium:' });
  await expect(missing).toBeVisible();
  await expect(missing.getByRole('button')).toHaveText(['Nytta för bygden']);
  await expectAccessible(page);
  await missing.getByRole('button', { name: 'Nytta för bygden' }).click();
  const benefit = dialog.getByRole('radiogroup', { name: 'Nytta för bygden' });
  await expect(benefit.getByRole('radio', { name: '1' })).toBeFocused();
  await benefit.getByRole('radio', { name: '4' }).check();
  await expect(missing).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Skicka in bedömningen' }).click();
  await expect(page.getByText('Bedömningen är inskickad.')).toBeVisible();

  // Erik's 3 and 4 weigh 66,7 %: the mean of the two is 76,7 %, 20 points apart; the admin's review beside.
  const overview = dialog.getByRole('region', { name: 'Bedömningar' });
  await expect(overview.getByRole('definition')).toHaveText([/^76,7\s%$/, /^20,0\s%$/, '2 av 2', '–']);
  await expect(overview.getByRole('row', { name: /^Anna Lindqvist/ }).getByRole('cell')).toHaveText([
    '4',
    '5',
    /^86,7\s%$/,
    /^Bevilja, 12\s000\skr$/,
    'Väl förankrat i bygden.',
  ]);
  await expect(overview.getByRole('row', { name: /Erik/ })).toHaveCount(0);
  await expectAccessible(page);
  await expectNoWiderThanWindow(page);
});

test('en-US, screen: a reviewer with a conflict of interest stands aside', async ({ newPage }) => {
  const admin = await staffApi(newPage, ADMIN);
  const period = await reviewedPeriod(admin, `Review ${unique()}`);
  const [{ uuid, reference }, anna, karin] = await Promise.all([
    applicationIn(newPage, period, 'en-US', { first: 'Nils', last: 'Närstående' }),
    staffUser(admin, ADMIN),
    staffUser(admin, SECOND_INVESTIGATOR),
  ]);
  await addReviewers(admin, uuid, [anna.id, karin.id]);

  const page = await newPage('en-US');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAnyLanguage(page, SECOND_INVESTIGATOR);
  await page.getByRole('menuitem', { name: 'My investigations' }).click();
  await page.locator('tbody tr').filter({ hasText: reference }).locator('td').first().click();
  const dialog = page.getByRole('dialog', { name: `Application ${reference} – Nils Närstående` });
  await expect(dialog.getByText('Do you have a conflict of interest with the applicant?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, I stand aside' }).click();
  const confirm = page.getByRole('dialog', { name: 'Stand aside from the review?' });
  await expect(confirm).toContainText(`stand aside from reviewing application ${reference}`);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Declare and stand aside' }).click();

  // Standing aside is final: the review tab says so, and no other part of the application is offered.
  const stoodAside = dialog.getByRole('status').filter({ hasText: 'You have declared a conflict of interest and stand aside' });
  await expect(stoodAside).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveText(['Review']);
  await expect(dialog.getByRole('button', { name: 'No, I have no conflict of interest' })).toHaveCount(0);
  await expectAccessible(page);
  // An address to another tab shows the review's word too; the server refuses the application with its message.
  await page.goto(`/admin/investigations?show=${uuid}&tab=dialogue`);
  await expect(stoodAside).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveText(['Review']);
  const refused = await page.request.get(`/api/v1/applications/${uuid}`, { headers: { ...xhr, 'Accept-Language': 'en-US' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(
    'You have declared a conflict of interest with this application and can neither read it nor take part in decisions about it.',
  );

  // The admin, a reviewer too, reads the others' only once their own is in: then who stood aside, and nothing waits
  // for Karin.
  const summary = async () =>
    (
      (await (await admin.get(`/api/v1/applications/${uuid}/reviews`)).json()).data as {
        summary: { reviews_in: number; reviews_pending: number; stood_aside: { user_id: number; name: string }[] } | null;
      }
    ).summary;
  expect(await summary()).toBeNull();
  await sendReview(admin, uuid, period.criteria, [4, 3], { grant: 20_000_00 });
  expect((await summary())?.stood_aside).toEqual([karin.id].map((id) => ({ user_id: id, name: karin.name })));
  expect(await summary()).toMatchObject({ reviews_in: 1, reviews_pending: 0 });
});
