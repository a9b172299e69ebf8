import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { applicantData } from '../../dataProtection/dataExport.js';
import { applicantCookie, createApplicant, createApplication, createPeriod, historyOf } from '../../test/handlingFixtures.js';
import { call, createStaff, createTestApp, decideThroughApi, sessionCookie, type TestApp } from '../../test/testApp.js';

// What the applicant has been told of a decision (server/applicationCore/told.ts): a decision changed after its mail is
// not told (the indicator says so, the period's batch and the single send take it up again), and the applicant sees
// a decision only once it is released to them, by its mail or by staff without one.

const { approved, rejected, ongoing, received } = enums.application_status;

let t: TestApp;
let admin: string;
let adminId: number;
let investigator: string;
let second: string;

beforeAll(async () => {
  t = await createTestApp();
  adminId = await createStaff(t.db, 'admin', 'told-admin@test.se');
  admin = await sessionCookie(t.app, 'told-admin@test.se');
  await createStaff(t.db, 'utredare', 'told-investigator@test.se');
  investigator = await sessionCookie(t.app, 'told-investigator@test.se');
  await createStaff(t.db, 'admin', 'told-second@test.se');
  second = await sessionCookie(t.app, 'told-second@test.se');
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, data?: object) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, ...(data ? { payload: { data } } : {}) });
/** A decision; one the applicant was told changes by two, asked by the admin and approved by a second. */
const decide = (uuid: string, data: object) => decideThroughApi(t.app, uuid, data, admin, second);
const sendMail = (uuid: string, data: object = {}) => api('POST', `/applications/${uuid}/decision-mail`, admin, data);
const release = (uuid: string, cookie = admin) => api('POST', `/applications/${uuid}/decision-release`, cookie);
const staffView = async (uuid: string) => (await api('GET', `/applications/${uuid}`, admin)).json().data;
const mailsTo = (email: string) =>
  t.db.selectFrom('outbox').select(['subject', 'body_text']).where('recipient', '=', email).orderBy('id').execute();

/** An application sent in, in a period of its own, by an applicant of its own who is signed in; not decided. */
async function sentIn(options: { closedAndCloaked?: boolean } = {}) {
  const period = await createPeriod(t.db, `Besked ${randomUUID()}`);
  if (options.closedAndCloaked) {
    await t.db.updateTable('periods').set({ closed: true, uses_status_cloaking: true }).where('id', '=', period.id).execute();
  }
  const email = `${randomUUID()}@test.se`;
  const applicantId = await createApplicant(t.db, email);
  const application = await createApplication(t.db, { periodId: period.id, frontendUserId: applicantId, status: ongoing });
  return { ...application, period, email, applicantId, cookie: await applicantCookie(t.db, applicantId) };
}

/** The application as its applicant reads it: in their list, on its own page and in their data download. */
async function asApplicant(application: Awaited<ReturnType<typeof sentIn>>) {
  const list = await api('GET', '/portal/applications', application.cookie);
  expect(list.statusCode, list.body).toBe(200);
  const own = await api('GET', `/portal/applications/${application.uuid}`, application.cookie);
  expect(own.statusCode, own.body).toBe(200);
  const { data } = await applicantData(t.db, application.applicantId, new Date());
  const row = (list.json().data as { uuid: string; status: number; approved_money: number | null }[]).find(
    (a) => a.uuid === application.uuid,
  )!;
  const exported = data.applications.find((a) => a.uuid === application.uuid)!;
  return {
    list: { status: row.status, approved_money: row.approved_money },
    page: { status: own.json().data.status, approved_money: own.json().data.approved_money },
    export: { status: exported.status.code, decision: exported.decision },
  };
}

describe('a decision changed after its mail', () => {
  it('is shown as changed, counted by the period’s batch as not yet told, and sent again without a resend', async () => {
    const application = await sentIn();
    expect((await decide(application.uuid, { status: approved, approved_money: 40_000_00 })).statusCode).toBe(200);
    const first = await sendMail(application.uuid);
    expect(first.statusCode, first.body).toBe(200);
    const mailedAt = first.json().data.distribution_mail_sent_at;
    expect((await staffView(application.uuid)).progress).toMatchObject({
      distribution_mail_sent_at: mailedAt,
      decision_changed_after_mail: false,
    });
    const counts = () => api('GET', `/periods/${application.period.uuid}/decision-mails`, admin);
    expect((await counts()).json().data.pending).toBe(0);

    // Rejected after the approval's mail went out.
    expect((await decide(application.uuid, { status: rejected })).statusCode).toBe(200);
    const view = await staffView(application.uuid);
    expect(view.progress).toMatchObject({ distribution_mail_sent_at: mailedAt, decision_changed_after_mail: true });
    const list = await api('GET', `/applications/decided?period=${application.period.id}`, admin);
    expect(list.json().data.data[0].progress.decision_changed_after_mail).toBe(true);
    expect((await counts()).json().data.pending).toBe(1);

    // Sent alone, with no resend: the rejection goes, and is what the applicant has been told.
    const second = await sendMail(application.uuid);
    expect(second.statusCode, second.body).toBe(200);
    const mails = await mailsTo(application.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].body_text).toContain('tyvärr kan stiftelsen inte bevilja din ansökan');
    expect((await staffView(application.uuid)).progress.decision_changed_after_mail).toBe(false);
    expect((await counts()).json().data.pending).toBe(0);
    expect((await sendMail(application.uuid)).statusCode).toBe(409);
    const entries = (await historyOf(t.db, application.id)).filter((h) => h.action === 'decision_mail_sent');
    expect(entries.map((h) => h.after)).toEqual([
      { distribution_mail_sent_at: mailedAt, decision: approved, approved_money: 40_000_00, resend: false },
      { distribution_mail_sent_at: second.json().data.distribution_mail_sent_at, decision: rejected, approved_money: null, resend: false },
    ]);
  });

  it('takes a changed amount as a changed decision, which the period’s batch sends; changed back, it is told again', async () => {
    const application = await sentIn();
    await decide(application.uuid, { status: approved, approved_money: 40_000_00 });
    expect((await sendMail(application.uuid)).statusCode).toBe(200);

    await decide(application.uuid, { status: approved, approved_money: 30_000_00 });
    expect((await staffView(application.uuid)).progress.decision_changed_after_mail).toBe(true);
    const batch = await api('POST', `/periods/${application.period.uuid}/decision-mails`, admin, { limit: 10 });
    expect(batch.json().data).toMatchObject({ sent: 1, remaining: 0 });
    const mails = await mailsTo(application.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].body_text).toMatch(/har beviljat 30\s000\skr/);

    // Changed, then changed back to what the last mail said: told, so a second mail needs a resend again.
    await decide(application.uuid, { status: rejected });
    await decide(application.uuid, { status: approved, approved_money: 30_000_00 });
    expect((await staffView(application.uuid)).progress.decision_changed_after_mail).toBe(false);
    expect((await sendMail(application.uuid)).statusCode).toBe(409);
    // The status selector changes no told decision: that is the decision section's, by two.
    expect((await api('POST', `/applications/${application.uuid}/updateStatus`, admin, { status: ongoing })).statusCode).toBe(409);
    expect((await staffView(application.uuid)).progress.decision_changed_after_mail).toBe(false);
  });
});

describe('a decision reaches the applicant when it is released', () => {
  it('shows the application as under investigation until its decision mail is sent, then the decision and amount', async () => {
    const application = await sentIn();
    expect((await decide(application.uuid, { status: approved, approved_money: 25_000_00 })).statusCode).toBe(200);
    const before = await asApplicant(application);
    expect(before).toEqual({
      list: { status: ongoing, approved_money: null },
      page: { status: ongoing, approved_money: null },
      export: { status: ongoing, decision: null },
    });
    expect((await staffView(application.uuid)).decision_released_at).toBeNull();

    expect((await sendMail(application.uuid)).statusCode).toBe(200);
    expect(await asApplicant(application)).toEqual({
      list: { status: approved, approved_money: 25_000_00 },
      page: { status: approved, approved_money: 25_000_00 },
      export: { status: approved, decision: { status: approved, approved_money: 25_000_00 } },
    });
    const releasedAt = (await staffView(application.uuid)).decision_released_at;
    expect(releasedAt).not.toBeNull();

    // Changed after it was released: under investigation again until the new decision reaches them.
    await decide(application.uuid, { status: approved, approved_money: 20_000_00 });
    expect((await asApplicant(application)).page).toEqual({ status: ongoing, approved_money: null });
    expect((await staffView(application.uuid)).decision_released_at).toBeNull();
  });

  it('keeps a decision cloaked as received in a closed period that cloaks statuses, until it is released', async () => {
    const application = await sentIn({ closedAndCloaked: true });
    await decide(application.uuid, { status: rejected });
    expect((await asApplicant(application)).list).toEqual({ status: received, approved_money: null });
    expect((await release(application.uuid)).statusCode).toBe(200);
    expect((await asApplicant(application)).list).toEqual({ status: rejected, approved_money: null });
  });

  it('is released by staff without a mail, once, recorded in the history; the mail can still follow', async () => {
    const application = await sentIn();
    // No decision yet: nothing to release, nothing written.
    const undecided = await release(application.uuid);
    expect(undecided.statusCode).toBe(422);
    expect(undecided.json().message).toBe('Ansökan är varken beviljad eller avslagen, så det finns inget beslut att visa för sökanden.');
    expect(await historyOf(t.db, application.id)).toEqual([]);

    await decide(application.uuid, { status: approved, approved_money: 12_000_00 });
    expect((await release(application.uuid, investigator)).statusCode).toBe(403);
    expect((await asApplicant(application)).page.status).toBe(ongoing);

    const released = await release(application.uuid);
    expect(released.statusCode, released.body).toBe(200);
    expect(await mailsTo(application.email)).toEqual([]);
    expect(await asApplicant(application)).toMatchObject({ page: { status: approved, approved_money: 12_000_00 } });
    const view = await staffView(application.uuid);
    expect(view.decision_released_at).toBe(released.json().data.released_at);
    expect(view.progress).toMatchObject({ distribution_mail_sent_at: null, decision_changed_after_mail: false });
    const entries = (await historyOf(t.db, application.id)).filter((h) => h.action === 'decision_released');
    expect(entries).toEqual([
      { user_id: adminId, action: 'decision_released', before: null, after: { decision: approved, approved_money: 12_000_00 } },
    ]);

    const again = await call(t.app, {
      method: 'POST',
      url: `/api/v1/applications/${application.uuid}/decision-release`,
      cookie: admin,
      headers: { 'accept-language': 'en-US' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^The applicant already sees this decision, since /);
    // Released without a mail, the decision mail still waits in the period's batch, and goes without a resend.
    expect((await api('GET', `/periods/${application.period.uuid}/decision-mails`, admin)).json().data.pending).toBe(1);
    expect((await sendMail(application.uuid)).statusCode).toBe(200);
    expect((await staffView(application.uuid)).decision_released_at).toBe(released.json().data.released_at);
  });

  it('asks for the follow-up only of an approval released to the applicant, whose request mail speaks of the grant', async () => {
    const application = await sentIn();
    await decide(application.uuid, { status: approved, approved_money: 12_000_00 });
    const early = await api('POST', `/applications/${application.uuid}/followup/request`, admin);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(/^Sökanden har inte fått beslutet ännu\./);
    expect(await mailsTo(application.email)).toEqual([]);
    const period = `/periods/${application.period.uuid}/followup-requests`;
    expect((await api('GET', period, admin)).json().data.pending).toBe(0);

    expect((await release(application.uuid)).statusCode).toBe(200);
    expect((await api('GET', period, admin)).json().data.pending).toBe(1);
    const requested = await api('POST', `/applications/${application.uuid}/followup/request`, admin);
    expect(requested.statusCode, requested.body).toBe(200);
  });
});
