import type { Page } from '@playwright/test';
import { luhn } from '../resources/validators';
import { expect, test } from './fixtures';
import { registeredApplicant, sendInApplication, xhr } from './applicants';
import { expectAccessible } from './axe';
import { ADMIN, signInAnyLanguage } from './helpers';
import { caughtMail } from './mail';

// An association of several people through a year, in Swedish (the treasurer on a phone, the chair on a screen) and in
// English on phones: the treasurer applies for the association (set up through the API) and so signs for it, and
// invites the chair from the association's page; the chair takes the invitation from its mail and accepts the grant's
// conditions; next year the chair invites a new treasurer, the old one leaves and sees the application no more, and
// the new one sends the follow-up in.

const phone = { width: 360, height: 760 };
const screen = { width: 1280, height: 900 };

const texts = {
  'sv-SE': {
    viewports: { treasurer: phone, chair: screen },
    organisations: 'Mina organisationer',
    email: 'E-postadress',
    role: 'Roll',
    signatory: 'Firmatecknare',
    member: 'Medlem',
    invite: 'Skicka inbjudan',
    invited: (email: string) => `Inbjudan har skickats till ${email}.`,
    invitationMail: /^Inbjudan till /,
    accept: 'Ta emot inbjudan',
    joined: (name: string) => `Du har tagit emot inbjudan och är nu med i ${name}.`,
    grantLink: 'Godkänn villkoren för bidraget',
    name: 'Namn på den som skriver under',
    signRole: 'Roll i organisationen',
    confirm: 'Jag får skriva under för organisationen och godkänner villkoren ovan',
    acceptConditions: 'Godkänn villkoren',
    yes: 'Ja, godkänn',
    accepted: /^Villkoren godkändes av Cecilia Ordförande \(Ordförande\)/,
    leave: 'Lämna organisationen',
    confirmLeave: 'Lämna',
    left: (name: string) => `Du har lämnat ${name}.`,
    followupLink: /^Uppföljning · Lämnas senast /,
    accordingToPlan: 'Genomfördes projektet enligt plan?',
    yesPlan: 'Ja',
    participants: 'Antal deltagare',
    events: 'Antal genomförda evenemang',
    marketing: 'Hur har ni berättat om stiftelsens stöd?',
    send: 'Skicka in uppföljningen',
    confirmSend: 'Skicka in',
    sent: /^Tack! Uppföljningen är inskickad/,
  },
  'en-US': {
    viewports: { treasurer: phone, chair: phone },
    organisations: 'My organisations',
    email: 'E-mail address',
    role: 'Role',
    signatory: 'Signatory',
    member: 'Member',
    invite: 'Send invitation',
    invited: (email: string) => `The invitation has been sent to ${email}.`,
    invitationMail: /^Invitation to /,
    accept: 'Accept the invitation',
    joined: (name: string) => `You have accepted the invitation and are now part of ${name}.`,
    grantLink: 'Accept the grant’s conditions',
    name: 'Name of the person signing',
    signRole: 'Role in the organisation',
    confirm: 'I may sign for the organisation and accept the conditions above',
    acceptConditions: 'Accept the conditions',
    yes: 'Yes, accept',
    accepted: /^The conditions were accepted by Cecilia Ordförande \(Ordförande\)/,
    leave: 'Leave the organisation',
    confirmLeave: 'Leave',
    left: (name: string) => `You have left ${name}.`,
    followupLink: /^Follow-up · Due by /,
    accordingToPlan: 'Did the project go according to plan?',
    yesPlan: 'Yes',
    participants: 'Number of participants',
    events: 'Number of events held',
    marketing: "How did you make the foundation's support known?",
    send: 'Send the follow-up report',
    confirmSend: 'Send',
    sent: /^Thank you! The follow-up report has been sent/,
  },
} as const;

/** An organisation number of the journey's own: third digit 2 or more, Luhn-valid. */
function orgNumber() {
  const stem = `55${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
  const check = [...Array(10).keys()].find((digit) => luhn(`${stem}${digit}`))!;
  return `${stem.slice(0, 6)}-${stem.slice(6)}${check}`;
}

/** Takes the invitation mailed to `email` in the person's browser: the link opened, and the invitation accepted. */
async function takeInvitation(page: Page, email: string, t: (typeof texts)['sv-SE'] | (typeof texts)['en-US'], name: string) {
  const mail = await caughtMail(email, t.invitationMail);
  await page.goto(/http:\/\/\S+\/inbjudan\/\S+/.exec(mail.text)![0]);
  await page.getByRole('button', { name: t.accept }).click();
  await expect(page.getByText(t.joined(name))).toBeVisible();
}

for (const locale of ['sv-SE', 'en-US'] as const) {
  test(`${locale}: a treasurer applies and invites the chair, who accepts the grant; the next treasurer sends the follow-up in`, async ({
    newPage,
  }) => {
    test.setTimeout(180_000);
    const t = texts[locale];
    const association = { name: `Föreningen Bryggan ${Date.now().toString(36)}`, number: orgNumber() };

    const treasurer = await newPage(locale);
    await treasurer.setViewportSize(t.viewports.treasurer);
    const treasurerEmail = await registeredApplicant(treasurer, locale, { first: 'Tove', last: 'Kassör' }, 'kassor');
    const { uuid, reference } = await sendInApplication(treasurer.request, treasurerEmail, undefined, association);

    // The treasurer applied first, so signs for the association, and invites the chair from its page.
    const chair = await newPage(locale);
    await chair.setViewportSize(t.viewports.chair);
    const chairEmail = await registeredApplicant(chair, locale, { first: 'Cecilia', last: 'Ordförande' }, 'ordforande');
    await treasurer.goto('/');
    await treasurer.getByRole('region', { name: t.organisations }).getByRole('link', { name: association.name }).click();
    await expect(treasurer.getByRole('heading', { level: 1, name: association.name })).toBeVisible();
    await treasurer.getByRole('textbox', { name: t.email }).fill(chairEmail);
    await treasurer.getByRole('combobox', { name: t.role }).selectOption('signatory');
    await treasurer.getByRole('button', { name: t.invite }).click();
    await expect(treasurer.getByText(t.invited(chairEmail))).toBeVisible();
    await expectAccessible(treasurer);

    await takeInvitation(chair, chairEmail, t, association.name);
    await expectAccessible(chair);

    // Approved and told by staff through the API (their screens have journeys of their own).
    const staff = await newPage(locale);
    await signInAnyLanguage(staff, ADMIN);
    const staffCall = async (path: string, method: 'put' | 'post' = 'post', data?: object) => {
      const response = await staff.request[method](`/api/v1/applications/${uuid}/${path}`, { headers: xhr, data: data && { data } });
      expect(response.ok(), await response.text()).toBe(true);
      return response;
    };
    await staffCall('decision', 'put', { status: 40, approved_money: 25_000_00 });
    await staffCall('decision-release');

    // The chair, who never applied, reaches the grant and accepts its conditions for the association.
    await chair.goto('/');
    await chair.getByRole('article').filter({ hasText: reference }).getByRole('link', { name: t.grantLink }).click();
    await chair.getByRole('textbox', { name: t.name }).fill('Cecilia Ordförande');
    await chair.getByRole('textbox', { name: t.signRole }).fill('Ordförande');
    await chair.getByRole('checkbox', { name: t.confirm }).check();
    await chair.getByRole('button', { name: t.acceptConditions }).click();
    await chair.getByRole('button', { name: t.yes }).click();
    await expect(chair.getByText(t.accepted)).toBeVisible();

    // Next year: a new treasurer, invited by the chair, and the old one leaves.
    const next = await newPage(locale);
    await next.setViewportSize(t.viewports.treasurer);
    const nextEmail = await registeredApplicant(next, locale, { first: 'Nora', last: 'Nykassör' }, 'nykassor');
    const mine = (await (await chair.request.get('/api/v1/portal/organisations/mine')).json()).data as { id: number; name: string }[];
    const { id } = mine.find((o) => o.name === association.name)!;
    const invited = await chair.request.post(`/api/v1/portal/organisations/${id}/invitations`, {
      headers: xhr,
      data: { data: { email: nextEmail, role: 'member' } },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    await takeInvitation(next, nextEmail, t, association.name);

    await treasurer.goto(`/organisationer/${id}`);
    await treasurer.getByRole('button', { name: t.leave }).click();
    await treasurer.getByRole('dialog').getByRole('button', { name: t.confirmLeave }).click();
    await expect(treasurer.getByText(t.left(association.name))).toBeVisible();
    await expect(treasurer.getByRole('article').filter({ hasText: reference })).toHaveCount(0);

    // The follow-up, asked of the association, sent in by the new treasurer.
    await staffCall('followup/request');
    await next.goto('/');
    await next.getByRole('article').filter({ hasText: reference }).getByRole('link', { name: t.followupLink }).click();
    await next.getByRole('group', { name: t.accordingToPlan }).getByRole('radio', { name: t.yesPlan }).check();
    await next.getByRole('textbox', { name: t.participants }).fill('30');
    await next.getByRole('textbox', { name: t.events }).fill('4');
    await next.getByRole('textbox', { name: t.marketing }).fill('Stiftelsens logotyp på bryggans skylt.');
    await next.getByRole('button', { name: t.send }).click();
    await next.getByRole('dialog').getByRole('button', { name: t.confirmSend }).click();
    await expect(next.getByText(t.sent)).toBeVisible();
    await expectAccessible(next);
    const followup = await (await staff.request.get(`/api/v1/applications/${uuid}/followup`)).json();
    expect(followup.data.sent_in_by).toBe('Nora Nykassör');
  });
}
