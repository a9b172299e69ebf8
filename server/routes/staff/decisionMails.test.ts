import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { formatMoney } from '../../../resources/format.js';
import { createApplicant, createApplication, createPeriod, historyOf } from '../../test/handlingFixtures.js';
import { multipart, pdf } from '../../test/multipart.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

const { approved, rejected, received, ongoing } = enums.application_status;

let t: TestApp;
let admin: string;
let adminId: number;
let investigator: string;

const sendOne = (uuid: string, data?: object, cookie = admin, headers: Record<string, string> = {}) =>
  call(t.app, {
    method: 'POST',
    url: `/api/v1/applications/${uuid}/decision-mail`,
    cookie,
    headers,
    ...(data ? { payload: { data } } : {}),
  });
const pending = (periodUuid: string, cookie = admin) =>
  call(t.app, { method: 'GET', url: `/api/v1/periods/${periodUuid}/decision-mails`, cookie });
const batch = (periodUuid: string, data?: object, cookie = admin) =>
  call(t.app, { method: 'POST', url: `/api/v1/periods/${periodUuid}/decision-mails`, cookie, ...(data ? { payload: { data } } : {}) });

/** The mails in the outbox to an address, oldest first. */
const mailsTo = (email: string) =>
  t.db.selectFrom('outbox').select(['subject', 'body_text']).where('recipient', '=', email).orderBy('id').execute();
const sentAtOf = async (id: number) =>
  (await t.db.selectFrom('applications').select('distribution_mail_sent_at').where('id', '=', id).executeTakeFirstOrThrow())
    .distribution_mail_sent_at;

/** An applicant (in a language) with a decided application in a period of their own. */
async function decided(
  options: { status?: number; approvedMoney?: number | null; locale?: string; periodId?: number; firstName?: string } = {},
) {
  const periodId = options.periodId ?? (await createPeriod(t.db, `Beslut ${randomUUID()}`)).id;
  const email = `${randomUUID()}@test.se`;
  const frontendUserId = await createApplicant(t.db, email, options.firstName ?? 'Sara');
  if (options.locale) await t.db.updateTable('frontend_users').set({ locale: options.locale }).where('id', '=', frontendUserId).execute();
  const status = options.status ?? approved;
  const application = await createApplication(t.db, {
    periodId,
    frontendUserId,
    status,
    approvedMoney: status === approved ? (options.approvedMoney ?? 125_000_00) : null,
  });
  const { reference } = await t.db
    .selectFrom('applications')
    .select('reference')
    .where('id', '=', application.id)
    .executeTakeFirstOrThrow();
  return { ...application, email, frontendUserId, periodId, reference: reference! };
}

/** The template resource's records, by decision and language. */
async function templateId(decision: number, locale: string) {
  const row = await t.db
    .selectFrom('decision_mail_templates')
    .select('id')
    .where('decision', '=', decision)
    .where('locale', '=', locale)
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  adminId = await createStaff(t.db, 'admin', 'decision-mail-admin@test.se');
  admin = await sessionCookie(t.app, 'decision-mail-admin@test.se');
  await createStaff(t.db, 'utredare', 'decision-mail-investigator@test.se');
  investigator = await sessionCookie(t.app, 'decision-mail-investigator@test.se');
});
afterAll(() => t.close());

describe('one application’s decision mail', () => {
  it('mails an approval in the applicant’s language with the amount, the dialogue link and the agreement', async () => {
    const application = await decided({ locale: 'en-US', approvedMoney: 125_000_50, firstName: 'Sam' });
    const form = multipart([
      { name: 'body', value: 'Here is the agreement.' },
      { name: 'agreements', filename: 'Agreement 2026.pdf', content: pdf() },
      { name: 'files', filename: 'Terms.pdf', content: pdf(3) },
    ]);
    const message = await call(t.app, {
      method: 'POST',
      url: `/api/v1/applications/${application.uuid}/messages`,
      cookie: admin,
      payload: form.payload,
      headers: form.headers,
    });
    expect(message.statusCode, message.body).toBe(201);
    // The message was mailed to the applicant too; what follows is the decision mail.
    const [messageMail] = await mailsTo(application.email);
    expect(messageMail.subject).toBe(`New message about your application ${application.reference}`);

    const response = await sendOne(application.uuid);
    expect(response.statusCode, response.body).toBe(200);
    const sentAt = response.json().data.distribution_mail_sent_at;
    expect(new Date(sentAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const [, mail] = await mailsTo(application.email);
    expect(mail.subject).toBe(`Decision on your application ${application.reference} – Ansökningsportalen`);
    expect(mail.body_text.startsWith('Hello Sam,')).toBe(true);
    expect(mail.body_text).toContain(`the foundation has granted ${formatMoney(125_000_50, 'en-US')}.`);
    expect(formatMoney(125_000_50, 'en-US')).toMatch(/^SEK\s125,000\.50$/);
    expect(mail.body_text).toMatch(/http:\/\/localhost:3000\/logga-in\/[^\s?]+\?next=%2Fdialog%2F/);
    expect(mail.body_text).toContain('You will find the agreement in the dialogue that the link above opens: Agreement 2026.pdf.');
    expect(mail.body_text).not.toContain('Terms.pdf');
    // The link opens the dialogue, where the decision is: the foundation's message with the mail's words, linking
    // to the dialogue itself rather than with a sign-in link.
    const dialogue = await call(t.app, { method: 'GET', url: `/api/v1/applications/${application.uuid}/messages`, cookie: admin });
    const decision = dialogue.json().data.at(-1);
    expect(decision.from).toBe('foundation');
    expect(decision.body).toContain(`Decision on your application ${application.reference}`);
    expect(decision.body).toContain(`the foundation has granted ${formatMoney(125_000_50, 'en-US')}.`);
    expect(decision.body).toContain(`http://localhost:3000/dialog/${application.uuid}`);
    expect(decision.body).toContain('Agreement 2026.pdf');
    expect(decision.body).not.toContain('logga-in');

    // Shown to staff on the application and in the decided list.
    const view = await call(t.app, { method: 'GET', url: `/api/v1/applications/${application.uuid}`, cookie: admin });
    expect(view.json().data.distribution_mail_sent_at).toBe(sentAt);
    expect(view.json().data.progress.distribution_mail_sent_at).toBe(sentAt);
    const list = await call(t.app, {
      method: 'GET',
      url: `/api/v1/applications/decided?period=${application.periodId}&sort=distribution_mail_sent_at&direction=desc`,
      cookie: admin,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.data).toEqual([expect.objectContaining({ id: application.id, distribution_mail_sent_at: sentAt })]);

    expect((await historyOf(t.db, application.id)).filter((h) => h.action === 'decision_mail_sent')).toEqual([
      {
        user_id: adminId,
        action: 'decision_mail_sent',
        before: { distribution_mail_sent_at: null },
        after: { distribution_mail_sent_at: sentAt, decision: approved, approved_money: 125_000_50, resend: false },
      },
    ]);
  });

  it('writes the amount as Swedish does for a Swedish applicant, and without an agreement says nothing of one', async () => {
    const application = await decided({ approvedMoney: 25_000_00, firstName: 'Åsa' });
    expect((await sendOne(application.uuid)).statusCode).toBe(200);
    const [mail] = await mailsTo(application.email);
    expect(mail.subject).toBe(`Beslut om din ansökan ${application.reference} – Ansökningsportalen`);
    expect(mail.body_text.startsWith('Hej Åsa!')).toBe(true);
    expect(mail.body_text).toContain(`har beviljat ${formatMoney(25_000_00, 'sv-SE')}.`);
    expect(formatMoney(25_000_00, 'sv-SE')).toMatch(/^25\s000\skr$/);
    expect(mail.body_text).not.toContain('avtalet');
    expect(mail.body_text.endsWith('Vänliga hälsningar\nAnsökningsportalen')).toBe(true);
  });

  it('uses the rejection’s template for a rejection', async () => {
    const application = await decided({ status: rejected });
    expect((await sendOne(application.uuid)).statusCode).toBe(200);
    const [mail] = await mailsTo(application.email);
    expect(mail.body_text).toContain('tyvärr kan stiftelsen inte bevilja din ansökan den här gången');
    expect(mail.body_text).not.toContain('beviljat');
  });

  it('sends what staff wrote in the template, edited through its settings', async () => {
    const id = await templateId(rejected, 'en-US');
    const edited = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/decision-mail-templates/${id}`,
      cookie: admin,
      payload: {
        data: {
          decision: rejected,
          locale: 'en-US',
          subject: 'About %{reference}',
          body: 'Dear %{name}, no grant in %{period} this time. Write to us: %{link}',
        },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const application = await decided({ status: rejected, locale: 'en-US', firstName: 'Kim' });
    const period = await t.db.selectFrom('periods').select('name').where('id', '=', application.periodId).executeTakeFirstOrThrow();
    expect((await sendOne(application.uuid)).statusCode).toBe(200);
    const [mail] = await mailsTo(application.email);
    expect(mail.subject).toBe(`About ${application.reference}`);
    expect(mail.body_text).toMatch(
      new RegExp(`Dear Kim, no grant in ${period.name} this time\\. Write to us: http://localhost:3000/logga-in/`),
    );
  });

  it('falls back to the Swedish template when the applicant’s language has none, and refuses when none is left', async () => {
    const templateUrl = (id: number) => `/api/v1/decision-mail-templates/${id}`;
    const removed = [];
    try {
      for (const locale of ['en-US', 'sv-SE']) {
        const response = await call(t.app, { method: 'DELETE', url: templateUrl(await templateId(approved, locale)), cookie: admin });
        expect(response.statusCode, response.body).toBe(200);
        removed.push(response.json().data as Record<string, unknown>);
        const application = await decided({ locale: 'en-US' });
        const sent = await sendOne(application.uuid);
        if (locale === 'en-US') {
          expect(sent.statusCode, sent.body).toBe(200);
          expect((await mailsTo(application.email))[0].subject).toBe(`Beslut om din ansökan ${application.reference} – Ansökningsportalen`);
        } else {
          expect(sent.statusCode).toBe(422);
          expect(sent.json().message).toBe(
            'Det finns ingen mall för beslutsbrevet om det här beslutet. Lägg till en under Inställningar, Mallar för beslutsbrev.',
          );
          expect(await sentAtOf(application.id)).toBeNull();
          expect(await mailsTo(application.email)).toEqual([]);
        }
      }
    } finally {
      // The other tests send from the defaults.
      for (const { decision, locale, subject, body } of removed) {
        const payload = { data: { decision, locale, subject, body } };
        expect((await call(t.app, { method: 'POST', url: '/api/v1/decision-mail-templates', cookie: admin, payload })).statusCode).toBe(
          201,
        );
      }
    }
  });

  it('refuses a second mail with when it was sent, and sends it again when asked to resend', async () => {
    const application = await decided();
    const first = await sendOne(application.uuid);
    const sentAt = first.json().data.distribution_mail_sent_at;
    const again = await sendOne(application.uuid, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Beslutsbrevet skickades redan den \d+ [a-z]+\.? 2\d{3} \d{2}:\d{2}\./);
    const english = await sendOne(application.uuid, undefined, admin, { 'accept-language': 'en-US' });
    expect(english.json().message).toMatch(/^The decision mail was already sent on [A-Z][a-z]{2} \d+, 2\d{3}/);
    expect(await mailsTo(application.email)).toHaveLength(1);
    expect((await sentAtOf(application.id))?.toISOString()).toBe(sentAt);

    const resent = await sendOne(application.uuid, { resend: true });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await mailsTo(application.email)).toHaveLength(2);
    // The dialogue holds the decision once: sent again, it is not posted again.
    const dialogue = await call(t.app, { method: 'GET', url: `/api/v1/applications/${application.uuid}/messages`, cookie: admin });
    expect(dialogue.json().data).toHaveLength(1);
    const mails = (await historyOf(t.db, application.id)).filter((h) => h.action === 'decision_mail_sent');
    expect(mails.map((h) => h.after)).toEqual([
      { distribution_mail_sent_at: sentAt, decision: approved, approved_money: 125_000_00, resend: false },
      {
        distribution_mail_sent_at: resent.json().data.distribution_mail_sent_at,
        decision: approved,
        approved_money: 125_000_00,
        resend: true,
      },
    ]);
  });

  it('refuses an application the applicant is shown no decision on, and changes nothing', async () => {
    const undecided = await decided({ status: ongoing });
    const response = await sendOne(undecided.uuid, { resend: true });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Ansökan har inget beslut som sökanden kan se, så beslutsbrevet kan inte skickas.');

    // A closed period that cloaks statuses shows "received" until decided.
    const period = await createPeriod(t.db, `Dold ${randomUUID()}`);
    await t.db.updateTable('periods').set({ closed: true, uses_status_cloaking: true }).where('id', '=', period.id).execute();
    const cloaked = await decided({ status: received, periodId: period.id });
    expect((await sendOne(cloaked.uuid)).statusCode).toBe(422);

    for (const application of [undecided, cloaked]) {
      expect(await sentAtOf(application.id)).toBeNull();
      expect(await mailsTo(application.email)).toEqual([]);
      expect(await historyOf(t.db, application.id)).toEqual([]);
    }
  });

  it('refuses an applicant without a usable address, and changes nothing', async () => {
    const application = await decided();
    await t.db.updateTable('frontend_users').set({ active: false }).where('id', '=', application.frontendUserId).execute();
    const response = await sendOne(application.uuid);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Det finns ingen e-postadress kopplad till den här ansökan.');
    expect(await sentAtOf(application.id)).toBeNull();
    expect(await mailsTo(application.email)).toEqual([]);
    expect(await historyOf(t.db, application.id)).toEqual([]);
  });

  it('is shown as the applicant will read it before it is sent, and showing it sends nothing', async () => {
    const application = await decided({ locale: 'en-US', approvedMoney: 125_000_50, firstName: 'Sam' });
    const preview = await call(t.app, { method: 'GET', url: `/api/v1/applications/${application.uuid}/decision-mail`, cookie: admin });
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json().data;
    expect(shown).toMatchObject({
      to: application.email,
      subject: `Decision on your application ${application.reference} – Ansökningsportalen`,
      sent_at: null,
    });
    expect(shown.body.startsWith('Hello Sam,')).toBe(true);
    expect(shown.body).toContain(`the foundation has granted ${formatMoney(125_000_50, 'en-US')}.`);
    expect(shown.body).toContain(`http://localhost:3000/logga-in/…?next=%2Fdialog%2F${application.uuid}`);
    expect(await mailsTo(application.email)).toEqual([]);
    expect(await sentAtOf(application.id)).toBeNull();
    // What is sent is what was shown, but for the link of its own.
    expect((await sendOne(application.uuid)).statusCode).toBe(200);
    const [mail] = await mailsTo(application.email);
    expect(mail.subject).toBe(shown.subject);
    expect(mail.body_text.replace(/logga-in\/[^\s?]+/, 'logga-in/…')).toBe(shown.body);
    const undecided = await decided({ status: ongoing });
    const refused = await call(t.app, { method: 'GET', url: `/api/v1/applications/${undecided.uuid}/decision-mail`, cookie: admin });
    expect(refused.statusCode).toBe(422);
  });

  it('answers 404 for an unknown application and 422 for an unknown field', async () => {
    expect((await sendOne(randomUUID())).statusCode).toBe(404);
    expect((await sendOne('not-a-uuid')).statusCode).toBe(404);
    const application = await decided();
    const unknown = await sendOne(application.uuid, { again: true });
    expect(unknown.statusCode).toBe(422);
    expect(await sentAtOf(application.id)).toBeNull();
  });
});

describe('a period’s decision mails', () => {
  /** A period with `reachable` decided applications to mail, one without an address, one undecided and one sent. */
  async function periodToMail(reachable: number) {
    const period = await createPeriod(t.db, `Utskick ${randomUUID()}`);
    const applications = [];
    for (let i = 0; i < reachable; i++) applications.push(await decided({ periodId: period.id, status: i % 2 ? rejected : approved }));
    const unreachable = await decided({ periodId: period.id });
    await t.db.updateTable('frontend_users').set({ active: false }).where('id', '=', unreachable.frontendUserId).execute();
    await decided({ periodId: period.id, status: ongoing });
    const alreadySent = await decided({ periodId: period.id });
    expect((await sendOne(alreadySent.uuid)).statusCode).toBe(200);
    return { period, applications };
  }

  it('counts what waits, then sends in batches of the limit until none remain, each applicant once', async () => {
    const { period, applications } = await periodToMail(5);
    const counts = await pending(period.uuid);
    expect(counts.statusCode, counts.body).toBe(200);
    const first = applications[0];
    expect(counts.json()).toEqual({
      data: {
        pending: 5,
        without_email: 1,
        without_amount: 0,
        stood_aside: 0,
        // The first the batch sends, as its applicant will read it.
        example: expect.objectContaining({ to: first.email, subject: expect.stringContaining(first.reference) }),
      },
    });

    const progress = [];
    for (let round = 0; round < 4; round++) progress.push((await batch(period.uuid, { limit: 2 })).json().data);
    expect(progress).toEqual([
      { sent: 2, remaining: 3, without_email: 1, without_amount: 0, stood_aside: 0 },
      { sent: 2, remaining: 1, without_email: 1, without_amount: 0, stood_aside: 0 },
      { sent: 1, remaining: 0, without_email: 1, without_amount: 0, stood_aside: 0 },
      { sent: 0, remaining: 0, without_email: 1, without_amount: 0, stood_aside: 0 },
    ]);
    for (const application of applications) {
      expect(await mailsTo(application.email)).toHaveLength(1);
      expect(await sentAtOf(application.id)).not.toBeNull();
    }
    expect((await pending(period.uuid)).json()).toEqual({
      data: { pending: 0, without_email: 1, without_amount: 0, stood_aside: 0, example: null },
    });
  });

  it('sends 25 by default', async () => {
    const { period } = await periodToMail(26);
    expect((await batch(period.uuid)).json().data).toEqual({ sent: 25, remaining: 1, without_email: 1, without_amount: 0, stood_aside: 0 });
  });

  it('never mails an applicant twice when two batches run at once', async () => {
    const { period, applications } = await periodToMail(8);
    const [a, b] = await Promise.all([batch(period.uuid, { limit: 100 }), batch(period.uuid, { limit: 100 })]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().data.sent + b.json().data.sent).toBe(8);
    for (const application of applications) expect(await mailsTo(application.email)).toHaveLength(1);
    expect((await batch(period.uuid, { limit: 100 })).json().data).toEqual({
      sent: 0,
      remaining: 0,
      without_email: 1,
      without_amount: 0,
      stood_aside: 0,
    });
  });

  it('refuses a limit outside 1–100 and an unknown period', async () => {
    const { period } = await periodToMail(1);
    for (const limit of [0, 101, 2.5]) expect((await batch(period.uuid, { limit })).statusCode).toBe(422);
    expect((await pending(period.uuid)).json().data.pending).toBe(1);
    expect((await pending(randomUUID())).statusCode).toBe(404);
    expect((await batch(randomUUID())).statusCode).toBe(404);
  });
});

describe('who may send decision mails and edit their templates', () => {
  it('refuses investigators (403) and anonymous callers (401) on every route', async () => {
    const application = await decided();
    const period = await t.db.selectFrom('periods').select('uuid').where('id', '=', application.periodId).executeTakeFirstOrThrow();
    const id = await templateId(approved, 'sv-SE');
    const routes = [
      { method: 'POST' as const, url: `/api/v1/applications/${application.uuid}/decision-mail` },
      { method: 'GET' as const, url: `/api/v1/periods/${period.uuid}/decision-mails` },
      { method: 'POST' as const, url: `/api/v1/periods/${period.uuid}/decision-mails` },
      { method: 'GET' as const, url: '/api/v1/decision-mail-templates' },
      { method: 'PUT' as const, url: `/api/v1/decision-mail-templates/${id}`, payload: { data: { subject: 'Hej' } } },
    ];
    for (const route of routes) {
      expect((await call(t.app, { ...route, cookie: investigator })).statusCode, route.url).toBe(403);
      expect((await call(t.app, route)).statusCode, route.url).toBe(401);
    }
    expect(await sentAtOf(application.id)).toBeNull();
    expect(await mailsTo(application.email)).toEqual([]);
  });
});

describe('the decision mail templates', () => {
  it('lists the four defaults, one per decision and language', async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/v1/decision-mail-templates?per_page=100', cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    const pairs = (response.json().data.data as { decision: number; locale: string }[]).map((r) => `${r.decision} ${r.locale}`).sort();
    expect(pairs).toEqual(['-10 en-US', '-10 sv-SE', '40 en-US', '40 sv-SE']);
  });

  it('refuses a second template for the same decision and language, and a decision that is none', async () => {
    const body = { decision: approved, locale: 'sv-SE', subject: 'Beslut', body: 'Grattis %{name}' };
    const created = await call(t.app, { method: 'POST', url: '/api/v1/decision-mail-templates', cookie: admin, payload: { data: body } });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({
      decision: ['Det finns redan en post med samma beslut och språk.'],
      locale: ['Det finns redan en post med samma språk och beslut.'],
    });

    const id = await templateId(rejected, 'sv-SE');
    const url = `/api/v1/decision-mail-templates/${id}`;
    const moved = await call(t.app, { method: 'PUT', url, cookie: admin, payload: { data: { decision: approved } } });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.decision).toEqual(['Det finns redan en post med samma beslut och språk.']);
    const english = await call(t.app, {
      method: 'PUT',
      url,
      cookie: admin,
      headers: { 'accept-language': 'en-US' },
      payload: { data: { locale: 'en-US' } },
    });
    expect(english.json().errors.locale).toEqual(['There is already a record with the same language and decision.']);

    const notADecision = await call(t.app, { method: 'PUT', url, cookie: admin, payload: { data: { decision: ongoing } } });
    expect(notADecision.statusCode).toBe(422);
    expect(notADecision.json().errors.decision).toEqual(['Det valda värdet för beslut är ogiltigt.']);

    const after = await call(t.app, { method: 'GET', url, cookie: admin });
    expect(after.json().data).toMatchObject({ decision: rejected, locale: 'sv-SE' });
  });
});
