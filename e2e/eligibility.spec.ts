import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { registeredApplicant, xhr } from './applicants';
import { expectAccessible } from './axe';
import { ADMIN, periodOfItsOwn, signInAnyLanguage, unique } from './helpers';

// "Who may apply": an application type of the journey's own with an eligibility check of two questions (set up by
// staff through the API). On a phone, an applicant answers: stopped, they read why and no draft appears among their
// applications; answering again so that they qualify starts the form. In Swedish in full, in English kept short.

const phone = { width: 360, height: 760 };

const texts = {
  'sv-SE': {
    apply: (type: string) => `Ansök: ${type}`,
    check: (type: string) => `Vem får söka: ${type}`,
    association: 'Är ni en ideell förening med säte i verksamhetsområdet?',
    board: 'Har föreningen en vald styrelse?',
    yes: 'Ja',
    no: 'Nej',
    boardYes: 'Ja, och organisationsnummer',
    submit: 'Fortsätt till ansökan',
    stopped: 'Du kan inte söka det här',
    explanation: 'Bidraget går bara till ideella föreningar med säte i Norrbygden.',
    nothingMade: 'Ingen ansökan har skapats.',
    change: 'Ändra mina svar',
    toPeriods: 'Till öppna perioder',
    myApplications: 'Mina ansökningar',
    empty: 'Du har inga ansökningar ännu.',
    form: (type: string) => `Ansökan: ${type}`,
  },
  'en-US': {
    apply: (type: string) => `Apply: ${type}`,
    check: (type: string) => `Who may apply: ${type}`,
    association: 'Are you a non-profit association based in the area?',
    board: 'Does the association have an elected board?',
    yes: 'Yes',
    no: 'No',
    boardYes: 'Yes, and an organisation number',
    submit: 'Continue to the application',
    stopped: 'You cannot apply for this',
    explanation: 'The grant goes only to non-profit associations based in Norrbygden.',
    nothingMade: 'No application has been made.',
    change: 'Change my answers',
    toPeriods: 'To open periods',
    myApplications: 'My applications',
    empty: 'You have no applications yet.',
    form: (type: string) => `Application: ${type}`,
  },
} as const;

/** The check of the journey's type, written by staff through the API (the editor has component tests of its own). */
async function writeCheck(staff: APIRequestContext, typeId: number) {
  const sv = texts['sv-SE'];
  const en = texts['en-US'];
  const saved = await staff.put(`/api/v1/application-types/${typeId}/eligibility`, {
    headers: xhr,
    data: {
      data: {
        questions: [
          {
            question: sv.association,
            question_en: en.association,
            kind: 'yes_no',
            disqualifying: ['no'],
            explanation: sv.explanation,
            explanation_en: en.explanation,
          },
          {
            question: sv.board,
            question_en: en.board,
            kind: 'choice',
            options: [
              { value: 'both', label: sv.boardYes, label_en: en.boardYes },
              { value: 'neither', label: 'Nej', label_en: 'No' },
            ],
            disqualifying: ['neither'],
            explanation: 'Stiftelsen betalar bara ut till föreningar med vald styrelse.',
            explanation_en: 'The foundation pays only associations with an elected board.',
          },
        ],
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

for (const locale of ['sv-SE', 'en-US'] as const) {
  test(`${locale}: an applicant stopped by the check on a phone sees why, and no draft is made; qualifying starts the form`, async ({
    newPage,
  }) => {
    test.setTimeout(120_000);
    const t = texts[locale];
    const staff = await newPage(locale);
    await signInAnyLanguage(staff, ADMIN);
    const period = await periodOfItsOwn(staff.request, `Behörighet ${unique()}`, { typeLabel: `Bygdepeng ${unique()}` });
    await writeCheck(staff.request, period.typeId);

    const page = await newPage(locale);
    await page.setViewportSize(phone);
    await registeredApplicant(page, locale, { first: 'Britt', last: 'Behörig' }, 'behorig');
    await page.goto(`/ansok?period=${period.id}`);
    await page.getByRole('link', { name: t.apply(period.type) }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.check(period.type) })).toBeVisible();

    // Not an association of the area: stopped at the first question.
    const association = page.getByRole('radiogroup', { name: t.association });
    await association.getByRole('radio', { name: t.no, exact: true }).check();
    await page.getByRole('radiogroup', { name: t.board }).getByRole('radio', { name: t.boardYes }).check();
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByRole('heading', { level: 2, name: t.stopped })).toBeFocused();
    await expect(page.getByText(t.explanation)).toBeVisible();
    await expect(page.getByText(t.nothingMade, { exact: false })).toBeVisible();
    await expectAccessible(page);

    if (locale === 'sv-SE') {
      // Nothing was made: the dashboard has no application, the draft included.
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: t.myApplications })).toBeVisible();
      await expect(page.getByText(t.empty)).toBeVisible();
      await expect(page.getByRole('article').filter({ hasText: period.type })).toHaveCount(0);
      const own = (await (await page.request.get('/api/v1/portal/applications')).json()).data as unknown[];
      expect(own).toEqual([]);
      // Back to the type, answered so as to qualify: the form starts.
      await page.goto(`/ansok?period=${period.id}`);
      await page.getByRole('link', { name: t.apply(period.type) }).click();
    } else {
      // Kept short: the answers changed on the same page.
      await page.getByRole('button', { name: t.change }).click();
      await expect(association.getByRole('radio', { name: t.no, exact: true })).toBeChecked();
    }
    await page.getByRole('radiogroup', { name: t.association }).getByRole('radio', { name: t.yes, exact: true }).check();
    await page.getByRole('radiogroup', { name: t.board }).getByRole('radio', { name: t.boardYes }).check();
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/ansok/${period.id}\\?application=[0-9a-f-]{36}$`));
    await expect(page.getByRole('heading', { level: 1, name: t.form(period.type) })).toBeVisible();
    if (locale === 'sv-SE') await expectAccessible(page);
  });
}
