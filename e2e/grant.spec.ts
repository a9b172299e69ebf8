import { expect, test } from './fixtures';
import { pdf, registeredApplicant, sendInApplication, xhr } from './applicants';
import { expectAccessible } from './axe';
import { ADMIN, signInAnyLanguage } from './helpers';

// The applicant's grant, in each language (a phone in Swedish, a screen in English): staff approve an application
// and split its plan in three through the API; the applicant opens the grant from their list, accepts the conditions
// after a confirmation, and asks for each part: a wrong plusgiro number is refused beside its field, then a bankgiro,
// a plusgiro and a bank account are taken. On the phone the first request takes a receipt with it.

const texts = {
  'sv-SE': {
    viewport: { width: 360, height: 760 },
    link: 'Godkänn villkoren för bidraget',
    heading: (reference: string) => `Bidrag för ansökan ${reference}`,
    name: 'Namn på den som skriver under',
    role: 'Roll i organisationen',
    confirm: 'Jag får skriva under för organisationen och godkänner villkoren ovan',
    accept: 'Godkänn villkoren',
    yes: 'Ja, godkänn',
    accepted: /^Villkoren godkändes av Karin Kassör \(Kassör\)/,
    part: (n: number) => new RegExp(`^Del ${n}: `),
    kinds: { bankgiro: 'Bankgiro', plusgiro: 'Plusgiro', bank: 'Bankkonto' },
    numbers: { bankgiro: 'Bankgironummer', plusgiro: 'Plusgironummer', bank: 'Kontonummer' },
    clearing: 'Clearingnummer',
    ask: /^Begär /,
    wrongPlusgiro: 'Plusgironumret stämmer inte: kontrollera siffrorna.',
    requested: 'Begärd',
  },
  'en-US': {
    viewport: { width: 1280, height: 900 },
    link: 'Accept the grant’s conditions',
    heading: (reference: string) => `Grant for application ${reference}`,
    name: 'Name of the person signing',
    role: 'Role in the organisation',
    confirm: 'I may sign for the organisation and accept the conditions above',
    accept: 'Accept the conditions',
    yes: 'Yes, accept',
    accepted: /^The conditions were accepted by Karin Kassör \(Kassör\)/,
    part: (n: number) => new RegExp(`^Part ${n}: `),
    kinds: { bankgiro: 'Bankgiro', plusgiro: 'Plusgiro', bank: 'Bank account' },
    numbers: { bankgiro: 'Bankgiro number', plusgiro: 'Plusgiro number', bank: 'Account number' },
    clearing: 'Clearing number',
    ask: /^Ask for /,
    wrongPlusgiro: 'The plusgiro number is not right: check the digits.',
    requested: 'Requested',
  },
} as const;

for (const locale of ['sv-SE', 'en-US'] as const) {
  test(`${locale}: the applicant accepts the grant and asks for each part to a bankgiro, a plusgiro and a bank account`, async ({
    newPage,
  }) => {
    test.setTimeout(120_000);
    const t = texts[locale];
    const applicant = await newPage(locale);
    await applicant.setViewportSize(t.viewport);
    const email = await registeredApplicant(applicant, locale, { first: 'Karin', last: 'Kassör' }, 'bidrag');
    const { uuid, reference } = await sendInApplication(applicant.request, email);

    // Approved, told and planned in three parts by staff (their screens have journeys of their own).
    const staff = await newPage(locale);
    await signInAnyLanguage(staff, ADMIN);
    const staffCall = async (method: 'put' | 'post', path: string, data?: object) => {
      const response = await staff.request[method](`/api/v1/applications/${uuid}/${path}`, { headers: xhr, data: data && { data } });
      expect(response.ok(), await response.text()).toBe(true);
      return response;
    };
    await staffCall('put', 'decision', { status: 40, approved_money: 30_000_00 });
    await staffCall('post', 'decision-release');
    await staffCall('put', 'payout-plan', {
      instalments: [
        { amount: 10_000_00, due: 10 },
        { amount: 10_000_00, due: 10 },
        { amount: 10_000_00, due: 10 },
      ],
    });

    await applicant.goto('/');
    await applicant.getByRole('article').filter({ hasText: reference }).getByRole('link', { name: t.link }).click();
    await expect(applicant).toHaveURL(`/bidrag/${uuid}`);
    await expect(applicant.getByRole('heading', { level: 1, name: t.heading(reference) })).toBeVisible();
    await expectAccessible(applicant);

    await applicant.getByRole('textbox', { name: t.name }).fill('Karin Kassör');
    await applicant.getByRole('textbox', { name: t.role }).fill('Kassör');
    await applicant.getByRole('checkbox', { name: t.confirm }).check();
    await applicant.getByRole('button', { name: t.accept }).click();
    await applicant.getByRole('button', { name: t.yes }).click();
    await expect(applicant.getByText(t.accepted)).toBeVisible();

    const part = (n: number) => applicant.getByRole('article').filter({ has: applicant.getByRole('heading', { name: t.part(n) }) });
    const ask = async (n: number, kind: 'bankgiro' | 'plusgiro' | 'bank', number: string, clearing?: string) => {
      const form = part(n);
      await form.getByRole('radio', { name: t.kinds[kind] }).check();
      if (clearing) await form.getByRole('textbox', { name: t.clearing }).fill(clearing);
      await form.getByRole('textbox', { name: t.numbers[kind] }).fill(number);
      await form.getByRole('button', { name: t.ask }).click();
    };

    // A wrong plusgiro number: its message beside the field, and nothing asked for.
    await ask(2, 'plusgiro', '123456-7');
    await expect(part(2).getByRole('textbox', { name: t.numbers.plusgiro })).toHaveAccessibleDescription(t.wrongPlusgiro);
    await expectAccessible(applicant);

    if (locale === 'sv-SE') {
      await part(1).getByTestId('receipt-input').setInputFiles({ name: 'kvitto-hyra.pdf', mimeType: 'application/pdf', buffer: pdf });
    }
    await ask(1, 'bankgiro', '5050-1055');
    await expect(part(1).getByText(t.requested, { exact: true })).toBeVisible();
    if (locale === 'sv-SE') await expect(part(1).getByRole('link', { name: 'kvitto-hyra.pdf' })).toBeVisible();
    await ask(2, 'plusgiro', '123456-6');
    await expect(part(2).getByText(t.requested, { exact: true })).toBeVisible();
    await ask(3, 'bank', '123 456 0', '5000');
    await expect(part(3).getByText(t.requested, { exact: true })).toBeVisible();
    await expect(applicant.getByRole('button', { name: t.ask })).toHaveCount(0);
    // Every part asked for, its status shown: still accessible.
    await expectAccessible(applicant);
  });
}
