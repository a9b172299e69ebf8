import { expect, test } from './fixtures';
import { mailedLink, pdf, registeredApplicant, sendInApplication, xhr } from './applicants';
import { ADMIN, signInAnyLanguage } from './helpers';

// The whole conversation between the foundation and an applicant, in Swedish: staff's welcome message with the
// agreement, the mail and its link through Continue, the applicant's answer with an attachment, the unread flag and
// the notification, the decision mail and its date. Each step's English is another journey's: the dialogue's screens
// on a phone (dialogue-admin), a mailed link through Continue (followup), the decision mail (notifications-and-
// decision-mail).

const texts = {
  'sv-SE': {
    signInHeading: 'Logga in',
    dialogueTab: 'Dialog',
    newMessage: 'Nytt meddelande',
    welcome: 'Skicka som välkomstmeddelande',
    send: 'Skicka',
    sent: 'Meddelandet skickades.',
    search: 'Sök',
    welcomeChip: 'Välkomstmeddelande',
    agreement: 'Avtal',
    welcomeSubject: (reference: string) => new RegExp(`^Välkommen! Ett meddelande om din ansökan ${reference}`),
    dialogueHeading: (reference: string) => `Dialog om ansökan ${reference}`,
    thread: 'Meddelanden',
    foundation: /^Stiftelsen, /,
    you: /^Du, /,
    box: 'Skriv till stiftelsen',
    message: 'Meddelande',
    unread: 'Olästa meddelanden',
    noUnread: 'Inga olästa meddelanden',
    bell: /^Aviseringar, \d+ olästa?$/,
    notifications: 'Aviseringar',
    notification: (name: string, reference: string) => `Nytt meddelande från ${name} – ${reference}`,
    close: 'Stäng',
    applicationTab: 'Ansökan',
    decisionMail: 'Beslutsbrev',
    sendDecisionMail: 'Skicka beslutsbrev',
    sendDecisionMailQuestion: 'Skicka beslutsbrevet?',
    grantedInMail: /12\s000\skr/,
    decisionMailSent: 'Beslutsbrevet är skickat.',
    sentOn: /^Beslutsbrev skickat \d{1,2} \S+ \d{4}$/,
    decisionSubject: (reference: string) => new RegExp(`^Beslut om din ansökan ${reference}`),
    granted: /Beviljat belopp: 12\s000\skr/,
    approved: 'Beviljad',
    mailSent: /^Beslutsbrev skickat \d{1,2} \S+ \d{4}$/,
  },
} as const;

for (const locale of ['sv-SE'] as const) {
  test(`${locale}: staff welcome the applicant with the agreement, the applicant answers, staff read it and send the decision mail`, async ({
    newPage,
  }) => {
    test.setTimeout(150_000);
    const t = texts[locale];
    const name = { first: locale === 'sv-SE' ? 'Sigrid' : 'Sophie', last: 'Samtal' };
    const applicantName = `${name.first} ${name.last}`;

    // An applicant with an application sent in.
    const applicant = await newPage(locale);
    const email = await registeredApplicant(applicant, locale, name, 'samtal');
    const { uuid, reference } = await sendInApplication(applicant.request, email);

    // Staff open it straight on its dialogue and send the welcome message with the agreement attached.
    const staff = await newPage(locale);
    await signInAnyLanguage(staff, ADMIN);
    await staff.goto(`/admin/applications?show=${uuid}&tab=dialogue`);
    const dialog = staff.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: t.dialogueTab })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByRole('textbox', { name: t.newMessage }).fill(`${name.first}, welcome! The agreement is attached.`);
    await dialog.getByRole('checkbox', { name: t.welcome }).check();
    await dialog.locator('input[name=agreements]').setInputFiles({ name: 'avtal.pdf', mimeType: 'application/pdf', buffer: pdf });
    await dialog.getByRole('button', { name: t.send, exact: true }).click();
    await expect(staff.getByText(t.sent)).toBeVisible();
    const staffThread = dialog.getByRole('list', { name: t.thread });
    await expect(staffThread.getByText(t.welcomeChip)).toBeVisible();
    await expect(staffThread.getByText(t.agreement, { exact: true })).toBeVisible();

    // The applicant's mail, in their language, leads through Continue (a browser not signed in) to the dialogue.
    const link = await mailedLink(email, t.welcomeSubject(reference));
    const reader = await newPage(locale);
    await reader.goto(link.href);
    await expect(reader.getByRole('heading', { level: 1, name: t.signInHeading })).toBeVisible();
    await reader.getByRole('button', { name: locale === 'sv-SE' ? 'Fortsätt' : 'Continue' }).click();
    await expect(reader).toHaveURL(`/dialog/${uuid}`);
    await expect(reader.getByRole('heading', { level: 1, name: t.dialogueHeading(reference) })).toBeVisible();
    const thread = reader.getByRole('log', { name: t.thread });
    const welcome = thread.getByRole('article', { name: t.foundation });
    await expect(welcome).toContainText('The agreement is attached.');
    await expect(welcome).toContainText(t.agreement);
    await expect(welcome.getByRole('link', { name: 'avtal.pdf' })).toBeVisible();

    // The applicant answers with an attachment.
    const box = reader.getByRole('form', { name: t.box });
    await box.getByRole('textbox', { name: t.message }).fill('Thank you! The signed agreement is attached.');
    await box.locator('input[type=file]').setInputFiles({ name: 'underskrivet-avtal.pdf', mimeType: 'application/pdf', buffer: pdf });
    await box.getByRole('button', { name: t.send, exact: true }).click();
    const answer = thread.getByRole('article', { name: t.you });
    await expect(answer).toContainText('The signed agreement is attached.');
    await expect(answer.getByRole('link', { name: 'underskrivet-avtal.pdf' })).toBeVisible();

    // Staff: the list's unread flag is lit, and the bell has the notification, which opens the dialogue.
    await dialog.getByRole('button', { name: t.close }).click();
    await staff.goto('/admin/applications?unread=1');
    const row = staff.locator('tbody tr').filter({ hasText: reference });
    await expect(row.getByRole('img', { name: t.unread })).toBeVisible();
    await staff.getByRole('banner').getByRole('button', { name: t.bell }).click();
    await staff
      .getByRole('dialog', { name: t.notifications })
      .getByRole('button', { name: t.notification(applicantName, reference) })
      .first()
      .click();
    await expect(staff).toHaveURL(new RegExp(`show=${uuid}&tab=dialogue`));
    await expect(dialog.getByRole('list', { name: t.thread })).toContainText('The signed agreement is attached.');

    // Read: the flag clears, and the unread preset no longer lists it.
    await dialog.getByRole('button', { name: t.close }).click();
    await staff.goto('/admin/applications?unread=1');
    await expect(staff.locator('tbody tr').filter({ hasText: reference })).toHaveCount(0);

    // Staff decide (through the API: the decision screen has its own journeys) and send the decision mail.
    const decided = await staff.request.put(`/api/v1/applications/${uuid}/decision`, {
      headers: xhr,
      data: { data: { status: 40, approved_money: 12_000_00 } },
    });
    expect(decided.ok(), await decided.text()).toBe(true);
    await staff.goto(`/admin/applications?show=${uuid}`);
    const mail = dialog.getByRole('region', { name: t.decisionMail });
    await mail.getByRole('button', { name: t.sendDecisionMail }).click();
    // The mail as the applicant will read it, then sent.
    const preview = staff.getByRole('dialog', { name: t.sendDecisionMailQuestion });
    await expect(preview).toContainText(t.grantedInMail);
    await preview.getByRole('button', { name: t.sendDecisionMail }).click();
    await expect(staff.getByText(t.decisionMailSent)).toBeVisible();
    await expect(mail.getByText(t.sentOn)).toBeVisible();

    // The applicant gets it in their language and sees the decision.
    const decisionLink = await mailedLink(email, t.decisionSubject(reference));
    await reader.goto(decisionLink.href);
    await expect(reader).toHaveURL(`/dialog/${uuid}`);
    // The decision is where the mail's link leads: in the dialogue, as the foundation's message.
    await expect(reader.getByText(t.grantedInMail).first()).toBeVisible();
    await reader.goto('/');
    const card = reader.getByRole('article').filter({ hasText: reference });
    await expect(card).toContainText(t.approved);
    await expect(card).toContainText(t.granted);

    // The list's indicator shows the date the decision mail was sent.
    await dialog.getByRole('button', { name: t.close }).click();
    await staff.goto(`/admin/applications/40`);
    await staff.getByRole('textbox', { name: t.search }).fill(reference);
    await expect(staff.locator('tbody tr').filter({ hasText: reference }).getByRole('img', { name: t.mailSent })).toBeVisible();
  });
}
