import { expect, test } from './fixtures';
import { mailedLink, pdf, registeredApplicant, sendInApplication, xhr } from './applicants';
import { ADMIN, signInAnyLanguage } from './helpers';

// The follow-up report, in each language: staff request it of an approved application, the applicant follows the
// mailed link, answers two questions, reloads (nothing lost), finishes and sends it, and the form is locked; staff
// are notified, read the report with its indicator, and mark the application finished.

const texts = {
  'sv-SE': {
    followupTab: 'Uppföljning',
    dashboardLink: /^Uppföljning · Lämnas senast /,
    request: 'Begär uppföljning',
    requested: /^Uppföljning begärd\. Den ska vara inskickad senast /,
    subject: (reference: string) => new RegExp(`^Dags för uppföljning av din ansökan ${reference}`),
    continue: 'Fortsätt',
    heading: (reference: string) => `Uppföljning av ansökan ${reference}`,
    due: /^Lämnas senast /,
    accordingToPlan: 'Genomfördes projektet enligt plan?',
    yes: 'Ja',
    participants: 'Antal deltagare',
    events: 'Antal genomförda evenemang',
    marketing: 'Hur har ni berättat om stiftelsens stöd?',
    saved: /^Sparat /,
    send: 'Skicka in uppföljningen',
    problems: 'Fyll i följande uppgifter:',
    confirmSend: 'Skicka in',
    sent: 'Tack! Uppföljningen är inskickad och stiftelsen har fått dina svar. Den kan inte längre ändras.',
    bell: /^Aviseringar, \d+ olästa?$/,
    notifications: 'Aviseringar',
    notification: (name: string, reference: string) => `Uppföljning inskickad av ${name} – ${reference}`,
    answers: 'Den sökandes svar',
    finish: 'Markera som klar',
    search: 'Sök',
    sentIn: /^Uppföljning inskickad \d{1,2} \S+ \d{4}$/,
    finished: 'Klar',
  },
  'en-US': {
    followupTab: 'Follow-up',
    dashboardLink: /^Follow-up · Due by /,
    request: 'Request follow-up',
    requested: /^Follow-up requested\. It is due by /,
    subject: (reference: string) => new RegExp(`^Time for the follow-up report on your application ${reference}`),
    continue: 'Continue',
    heading: (reference: string) => `Follow-up of application ${reference}`,
    due: /^Due by /,
    accordingToPlan: 'Did the project go according to plan?',
    yes: 'Yes',
    participants: 'Number of participants',
    events: 'Number of events held',
    marketing: "How did you make the foundation's support known?",
    saved: /^Saved /,
    send: 'Send the follow-up report',
    problems: 'Please fill in the following:',
    confirmSend: 'Send',
    sent: 'Thank you! The follow-up report has been sent and the foundation has your answers. It can no longer be changed.',
    bell: /^Notifications, \d+ unread$/,
    notifications: 'Notifications',
    notification: (name: string, reference: string) => `Follow-up sent in by ${name} – ${reference}`,
    answers: "The applicant's answers",
    finish: 'Mark as finished',
    search: 'Search',
    sentIn: /^Follow-up sent in \w{3} \d{1,2}, \d{4}$/,
    finished: 'Finished',
  },
} as const;

for (const locale of ['sv-SE', 'en-US'] as const) {
  test(`${locale}: staff request the follow-up, the applicant answers by the mailed link and sends it, staff read it and finish`, async ({
    newPage,
  }) => {
    test.setTimeout(150_000);
    const t = texts[locale];
    const name = { first: locale === 'sv-SE' ? 'Folke' : 'Fiona', last: 'Uppföljare' };

    // An approved application (the decision through the API: the decision screen has its own journeys).
    const applicant = await newPage(locale);
    const email = await registeredApplicant(applicant, locale, name, 'uppfoljning');
    const { uuid, reference } = await sendInApplication(applicant.request, email);
    const staff = await newPage(locale);
    await signInAnyLanguage(staff, ADMIN);
    const decided = await staff.request.put(`/api/v1/applications/${uuid}/decision`, {
      headers: xhr,
      data: { data: { status: 40, approved_money: 12_000_00 } },
    });
    expect(decided.ok(), await decided.text()).toBe(true);
    // The approval reaches the applicant before its follow-up is asked for, here without a decision mail.
    const released = await staff.request.post(`/api/v1/applications/${uuid}/decision-release`, { headers: xhr });
    expect(released.ok(), await released.text()).toBe(true);

    // Staff request the follow-up from the application's Follow-up tab, after a confirmation.
    await staff.goto(`/admin/applications?show=${uuid}&tab=followup`);
    const dialog = staff.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: t.followupTab })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByRole('button', { name: t.request }).click();
    await staff.getByRole('dialog').last().getByRole('button', { name: t.request }).click();
    await expect(staff.getByText(t.requested)).toBeVisible();

    // The applicant's own list links to it with its due date.
    await applicant.goto('/');
    await expect(
      applicant.getByRole('article').filter({ hasText: reference }).getByRole('link', { name: t.dashboardLink }),
    ).toHaveAttribute('href', `/followup/${uuid}`);

    // The mail, in the applicant's language, leads through Continue (a browser not signed in) to the form.
    const link = await mailedLink(email, t.subject(reference));
    const reader = await newPage(locale);
    await reader.goto(link.href);
    await reader.getByRole('button', { name: t.continue }).click();
    await expect(reader).toHaveURL(`/followup/${uuid}`);
    await expect(reader.getByRole('heading', { level: 1, name: t.heading(reference) })).toBeVisible();
    await expect(reader.getByText(t.due)).toBeVisible();

    // Two answers, saved as typed: a reload keeps them.
    await reader.getByRole('group', { name: t.accordingToPlan }).getByRole('radio', { name: t.yes }).check();
    await reader.getByRole('textbox', { name: t.participants }).fill('45');
    await expect(reader.getByText(t.saved)).toBeVisible();
    await reader.reload();
    await expect(reader.getByRole('radio', { name: t.yes })).toBeChecked();
    await expect(reader.getByRole('textbox', { name: t.participants })).toHaveValue('45');

    // Sending with answers missing lists them and sends nothing.
    await reader.getByRole('button', { name: t.send }).click();
    const problems = reader.getByRole('alert').filter({ hasText: t.problems });
    await expect(problems.getByRole('link', { name: new RegExp(t.events) })).toBeVisible();
    await expect(problems.getByRole('link', { name: new RegExp(t.marketing.replace('?', '\\?')) })).toBeVisible();

    // The rest, an attachment, and sending after the confirmation: the form is locked.
    await reader.getByRole('textbox', { name: t.events }).fill('3');
    await reader.getByRole('textbox', { name: t.marketing }).fill('Our posters and our website carry the foundation’s logo.');
    await reader.locator('input[type=file]').setInputFiles({ name: 'rapport.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(reader.getByRole('link', { name: 'rapport.pdf' })).toBeVisible();
    await reader.getByRole('button', { name: t.send }).click();
    await reader.getByRole('dialog').getByRole('button', { name: t.confirmSend, exact: true }).click();
    await expect(reader.getByText(t.sent)).toBeVisible();
    await expect(reader.getByRole('textbox')).toHaveCount(0);
    await reader.reload();
    await expect(reader.getByRole('textbox')).toHaveCount(0);
    await expect(reader.getByText('Our posters and our website carry the foundation’s logo.')).toBeVisible();
    const locked = await reader.request.put(`/api/v1/portal/applications/${uuid}/followup`, {
      headers: xhr,
      data: { data: { events: 4 } },
    });
    expect(locked.status()).toBe(409);

    // Staff: the bell's notification opens the report, which they read and then mark the application finished.
    await staff.goto('/admin');
    await staff.getByRole('banner').getByRole('button', { name: t.bell }).click();
    await staff
      .getByRole('dialog', { name: t.notifications })
      .getByRole('button', { name: t.notification(`${name.first} ${name.last}`, reference) })
      .first()
      .click();
    await expect(staff).toHaveURL(new RegExp(`show=${uuid}&tab=followup`));
    const report = staff.getByRole('dialog');
    await expect(report.getByText(t.answers)).toBeVisible();
    await expect(report.getByText('Our posters and our website carry the foundation’s logo.')).toBeVisible();
    await expect(report.getByRole('button', { name: 'rapport.pdf' })).toBeVisible();

    // The follow-up preset lists it with the sent-in indicator (in place of the requested one) until it is finished.
    const inPreset = async () => {
      await staff.goto('/admin/applications?followups=1');
      await staff.getByRole('textbox', { name: t.search }).fill(reference);
      return staff.locator('tbody tr').filter({ hasText: reference });
    };
    await expect((await inPreset()).getByRole('img', { name: t.sentIn })).toBeVisible();
    await staff.goto(`/admin/applications?show=${uuid}&tab=followup`);
    await report.getByRole('button', { name: t.finish }).click();
    await expect(report.getByRole('button', { name: t.finish })).toHaveCount(0);
    await expect(await inPreset()).toHaveCount(0);

    // The list of approved applications shows both: sent in, and finished.
    await staff.goto('/admin/applications/40');
    await staff.getByRole('textbox', { name: t.search }).fill(reference);
    const row = staff.locator('tbody tr').filter({ hasText: reference });
    await expect(row.getByRole('img', { name: t.sentIn })).toBeVisible();
    await expect(row.getByRole('img', { name: t.finished, exact: true })).toBeVisible();
  });
}
