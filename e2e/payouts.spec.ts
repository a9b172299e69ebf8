import { readFileSync } from 'node:fs';
import { nextBankDay } from '../resources/bankDays';
import { stockholmToday } from '../src/admin/stockholmToday';
import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { debitNotification, statusReport } from '../server/test/bankAnswerXml';
import { applicantWithApplication, xhr } from './applicants';
import { expectAccessible } from './axe';
import { ADMIN, secondStaffUser, signInAnyLanguage } from './helpers';

// Attest by two and the bank file, on a screen in Swedish and on a phone in English: an application approved and
// asked for through the API (the applicant's screens have their own journey); a colleague the demo's admin made through
// the API prepares the payout and is refused approving it; the admin, who did not give them the approval, approves it,
// gathers it into a payment batch (in Swedish, cancels one first), downloads the file (which names the payout), and
// in Swedish imports the bank's answers (its status report sends the batch, its debit notification pays the payout),
// in English marks the batch sent and the payout paid by hand.

const texts = {
  'sv-SE': {
    viewport: { width: 1280, height: 900 },
    search: 'Sök',
    dialog: /^Utbetalning \d+$/,
    prepare: 'Förbered',
    approve: 'Godkänn',
    own: 'Du förberedde den här utbetalningen',
    prepared: 'Förberedd',
    approved: 'Attesterad',
    close: 'Stäng',
    createBatch: 'Skapa betalfil',
    gatherOne: /Samla 1 godkänd utbetalning, 12\s000\skr,/,
    executionDate: 'Betaldag',
    create: 'Skapa',
    download: 'Ladda ner betalfilen',
    markSent: 'Markera skickad till banken',
    markPaid: 'Markera betalda',
    markOnePaid: 'Markera 1 betald',
    paid: /Utbetald/,
    progress: '1 av 1 betalda, 0 returnerade',
  },
  'en-US': {
    viewport: { width: 360, height: 760 },
    search: 'Search',
    dialog: /^Payout \d+$/,
    prepare: 'Prepare',
    approve: 'Approve',
    own: 'You prepared this payout',
    prepared: 'Prepared',
    approved: 'Approved',
    close: 'Close',
    createBatch: 'Create payment batch',
    gatherOne: /Gather 1 approved payout, SEK\s12,000,/,
    executionDate: 'Payment day',
    create: 'Create',
    download: 'Download payment file',
    markSent: 'Mark sent to the bank',
    markPaid: 'Mark paid',
    markOnePaid: 'Mark 1 paid',
    paid: /Paid/,
    progress: '1 of 1 paid, 0 returned',
  },
} as const;

/** The grant, in öre, paid whole. */
const AMOUNT = 12_000_00;

/** Imports a file from the bank on the batches' page, and waits for what it did (`outcome`, or the dialog's title). */
async function importBankAnswer(page: Page, name: string, xml: string, outcome = 'Så läste banken filen') {
  await page.goto('/admin/payment-batches');
  await page.getByRole('button', { name: 'Läs in bankens svar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Läs in bankens svar' });
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/xml', buffer: Buffer.from(xml) });
  await dialog.getByRole('button', { name: 'Läs in', exact: true }).click();
  const result = page.getByRole('dialog', { name: 'Så läste banken filen' });
  await expect(result).toContainText(outcome);
  await result.getByRole('button', { name: 'Stäng' }).click();
}

/** Opens the payout of `reference` from the payouts list, searched for it. */
async function openPayout(page: Page, t: (typeof texts)[keyof typeof texts], reference: string) {
  await page.goto('/admin/payouts');
  await page.getByRole('textbox', { name: t.search }).fill(reference);
  // The list searched (its address says so) before a row is opened: the phone's batch takes what the list shows.
  await expect(page).toHaveURL(new RegExp(reference));
  await page.getByText(reference).first().click();
  return page.getByRole('dialog', { name: t.dialog });
}

for (const locale of ['sv-SE', 'en-US'] as const) {
  test(`${locale}: one prepares, another approves, the batch's file is downloaded, sent and paid`, async ({ newPage }) => {
    test.setTimeout(120_000);
    const t = texts[locale];
    // The demo's admin (`second`) sets up and approves; a colleague the admin made (`first`) prepares: the approver is
    // never the preparer, nor an account the preparer made or gave the approval.
    const second = await newPage(locale);
    await second.setViewportSize(t.viewport);
    await signInAnyLanguage(second, ADMIN);
    const api = second.request;
    const { email: colleague } = await secondStaffUser(api, locale);
    const first = await newPage(locale);
    await first.setViewportSize(t.viewport);
    await signInAnyLanguage(first, colleague);
    const settings = await api.put('/api/v1/payment-settings', {
      headers: xhr,
      data: {
        data: {
          name: 'Sparbanksstiftelsen Demo',
          org_number: '802415-3978',
          account_kind: 'bankgiro',
          // The foundation's own bankgiro, no payee's (the payees here are paid to 5050-1055).
          bankgiro: '5555-5551',
          account_grants: '6990',
          account_payable: '2890',
          account_bank: '1930',
          account_returned: '3990',
        },
      },
    });
    expect(settings.ok(), await settings.text()).toBe(true);

    // Approved and told; the applicant accepts and asks for the whole grant to a bankgiro.
    const applicant = (await newPage(locale)).request;
    const { uuid, reference } = await applicantWithApplication(applicant, locale, { first: 'Karin', last: 'Kassör' }, 'utbetalning');
    const staffCall = async (method: 'put' | 'post', path: string, data?: object) => {
      const response = await api[method](`/api/v1/applications/${uuid}/${path}`, { headers: xhr, data: data && { data } });
      expect(response.ok(), await response.text()).toBe(true);
    };
    await staffCall('put', 'decision', { status: 40, approved_money: AMOUNT });
    await staffCall('post', 'decision-release');
    const grantUrl = `/api/v1/portal/applications/${uuid}/grant`;
    const accepted = await applicant.post(`${grantUrl}/accept`, {
      headers: xhr,
      data: { data: { signatory_name: 'Karin Kassör', signatory_role: 'Kassör', confirm: true } },
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);
    const instalment = ((await accepted.json()) as { data: { instalments: { id: number }[] } }).data.instalments[0];
    const asked = await applicant.post(`/api/v1/portal/applications/${uuid}/payouts`, {
      headers: xhr,
      data: { data: { instalment_id: instalment.id, account_type: 'bankgiro', account_number: '5050-1055' } },
    });
    expect(asked.ok(), await asked.text()).toBe(true);

    // The colleague prepares it; approving their own is not offered, and the server refuses it too.
    let dialog = await openPayout(first, t, reference);
    await dialog.getByRole('button', { name: t.prepare }).click();
    await first.getByRole('dialog', { name: /\?$/ }).getByRole('button', { name: t.prepare }).click();
    await expect(dialog.getByText(t.prepared, { exact: true })).toBeVisible();
    await expect(dialog.getByText(t.own)).toBeVisible();
    await expect(dialog.getByRole('button', { name: t.approve })).toBeDisabled();
    await expectAccessible(first);
    const payoutId = Number(/\d+/.exec((await dialog.getByRole('heading').first().textContent()) ?? '')![0]);
    expect((await first.request.post(`/api/v1/payouts/${payoutId}/approve`, { headers: xhr })).status()).toBe(422);

    // The admin approves it and gathers it into a payment batch.
    dialog = await openPayout(second, t, reference);
    await dialog.getByRole('button', { name: t.approve }).click();
    await second.getByRole('dialog', { name: /\?$/ }).getByRole('button', { name: t.approve }).click();
    await expect(dialog.getByText(t.approved, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: t.close }).click();
    const batchIt = async () => {
      if (locale === 'sv-SE') await second.locator('tbody tr').filter({ hasText: reference }).getByRole('checkbox').check();
      await second.getByRole('button', { name: t.createBatch }).click();
      const create = second.getByRole('dialog', { name: t.createBatch });
      // This payout alone: none of another's journey.
      await expect(create).toContainText(t.gatherOne);
      // Paid on the next bank day unless another is chosen.
      await expect(create.getByLabel(t.executionDate)).toHaveValue(nextBankDay(stockholmToday()));
      await create.getByRole('button', { name: t.create, exact: true }).click();
      await expect(second).toHaveURL(/\/admin\/payment-batches\/\d+$/);
    };
    await batchIt();
    await expectAccessible(second);
    if (locale === 'sv-SE') {
      // A batch not sent is cancelled after a question; the payout is batched anew.
      await second.getByRole('button', { name: 'Makulera betalfilen' }).click();
      await second.getByRole('dialog', { name: 'Makulera betalfilen' }).getByRole('button', { name: 'Makulera betalfilen' }).click();
      await expect(second.getByText(/Makulerad \d/)).toBeVisible();
      await expect(second.getByRole('button', { name: t.download })).toHaveCount(0);
      dialog = await openPayout(second, t, reference);
      await expect(dialog.getByText(t.approved, { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: t.close }).click();
      await batchIt();
    }

    // The file names the payout and its reference; then sent, then paid.
    const [download] = await Promise.all([second.waitForEvent('download'), second.getByRole('button', { name: t.download }).click()]);
    const xml = readFileSync(await download.path(), 'utf8');
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(xml).toContain(`<EndToEndId>P${payoutId}</EndToEndId>`);
    expect(xml).toContain(`<Ustrd>${reference}</Ustrd>`);
    if (locale === 'sv-SE') {
      // By the bank's word: its status report takes the file (the batch is sent), its debit notification pays it.
      const batchUrl = second.url();
      const messageId = /<MsgId>([^<]+)<\/MsgId>/.exec(xml)![1];
      await importBankAnswer(
        second,
        'status.xml',
        statusReport({ messageId: `STS-${payoutId}-${Date.now()}`, originalMessageId: messageId, groupStatus: 'ACCP' }),
      );
      await importBankAnswer(
        second,
        'debit.xml',
        debitNotification({
          messageId: `DBT-${payoutId}-${Date.now()}`,
          payments: [{ endToEndId: `P${payoutId}`, amount: AMOUNT, bookedOn: stockholmToday(), bankReference: `SWE-${payoutId}` }],
        }),
        `P${payoutId} · Betald`,
      );
      await second.goto(batchUrl);
    } else {
      await second.getByRole('button', { name: t.markSent }).click();
      await second.getByRole('dialog', { name: t.markSent }).getByRole('button', { name: t.markSent }).click();
      await second.getByRole('button', { name: t.markPaid }).click();
      await second.getByRole('dialog', { name: t.markPaid }).getByRole('button', { name: t.markOnePaid }).click();
    }
    await expect(second.getByText(t.progress)).toBeVisible();
    await expect(second.getByRole('listitem').filter({ hasText: reference })).toContainText(t.paid);
    await expectAccessible(second);
  });
}
