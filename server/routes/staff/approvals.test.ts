import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { formatMoney } from '../../../resources/format.js';
import { createApplicant, createApplication, createPeriod, historyOf } from '../../test/handlingFixtures.js';
import { call, createStaff, createTestApp, decideThroughApi, sessionCookie, type TestApp } from '../../test/testApp.js';

// Every way an application becomes approved keeps what a decision keeps: an approved amount, and in a period with a
// money distribution cap, room for it. The status selector, the staff form's move to another period and the decision
// itself, one after another and at once; and no decision mail states an approval without its amount.

const { approved, rejected, ongoing, received } = enums.application_status;

let t: TestApp;
let admin: string;
let second: string;
let frontendUserId: number;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown, headers?: Record<string, string>) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie: admin, headers, ...(data === undefined ? {} : { payload: { data } }) });
/** A decision; one the applicant was told changes by two, asked by the admin and approved by a second. */
const decide = (uuid: string, data: object) => decideThroughApi(t.app, uuid, data, admin, second);
const setStatus = (uuid: string, status: number, headers?: Record<string, string>) =>
  api('POST', `/applications/${uuid}/updateStatus`, { status }, headers);
const decisionOf = async (uuid: string) => (await api('GET', `/applications/${uuid}/decision`)).json().data;
const statusOf = async (id: number) =>
  await t.db.selectFrom('applications').select(['status', 'approved_money']).where('id', '=', id).executeTakeFirstOrThrow();

/** What the period's approved applications hold together, in öre. */
async function approvedTotal(periodId: number) {
  const row = await t.db
    .selectFrom('applications')
    .select((eb) => eb.fn.sum<string | null>('approved_money').as('sum'))
    .where('period_id', '=', periodId)
    .where('status', '=', approved)
    .executeTakeFirstOrThrow();
  return Number(row.sum ?? 0);
}

beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'approvals-admin@test.se');
  admin = await sessionCookie(t.app, 'approvals-admin@test.se');
  await createStaff(t.db, 'admin', 'approvals-second@test.se');
  second = await sessionCookie(t.app, 'approvals-second@test.se');
  frontendUserId = await createApplicant(t.db, 'approvals-applicant@test.se');
});
afterAll(() => t.close());

describe('the distribution cap on every way to approve', () => {
  it('refuses to approve again through the status selector what a later decision took', async () => {
    const period = await createPeriod(t.db, `Tak ${randomUUID()}`, { capped: true, availableMoney: 100_000_00 });
    const a = await createApplication(t.db, { periodId: period.id, frontendUserId, status: ongoing });
    const b = await createApplication(t.db, { periodId: period.id, frontendUserId, status: ongoing });

    // A is decided for the whole remaining amount, and set back to "under investigation" with the selector.
    expect((await decide(a.uuid, { status: approved, approved_money: 100_000_00 })).statusCode).toBe(200);
    expect((await setStatus(a.uuid, ongoing)).statusCode).toBe(200);
    // A no longer holds the money: B is decided for the same remainder.
    expect((await decisionOf(b.uuid)).cap.remaining).toBe(100_000_00);
    expect((await decide(b.uuid, { status: approved, approved_money: 100_000_00 })).statusCode).toBe(200);

    // A back to approved would make 200 000 kr of 100 000 kr: refused, in the caller's language, and nothing changes.
    const refused = await setStatus(a.uuid, approved);
    expect(refused.statusCode).toBe(422);
    const message = `Ansökans beviljade belopp, ${formatMoney(100_000_00, 'sv-SE')}, ryms inte: det finns bara ${formatMoney(0, 'sv-SE')} kvar att fördela i perioden.`;
    expect(refused.json()).toEqual({ message, errors: { status: [message] } });
    const english = await setStatus(a.uuid, approved, { 'accept-language': 'en-US' });
    expect(english.json().message).toBe(
      `The application’s approved amount, ${formatMoney(100_000_00, 'en-US')}, does not fit: only ${formatMoney(0, 'en-US')} is left to distribute in the period.`,
    );
    expect(await statusOf(a.id)).toEqual({ status: ongoing, approved_money: 100_000_00 });
    expect((await historyOf(t.db, a.id)).map((h) => h.action)).toEqual(['decision', 'status']);
    expect(await approvedTotal(period.id)).toBe(100_000_00);
    expect((await decisionOf(a.uuid)).cap.remaining).toBe(0);

    // Once B is rejected there is room again, and the selector may approve A with the amount it was decided.
    expect((await decide(b.uuid, { status: rejected })).statusCode).toBe(200);
    expect((await setStatus(a.uuid, approved)).statusCode).toBe(200);
    expect(await approvedTotal(period.id)).toBe(100_000_00);
    expect((await decisionOf(b.uuid)).cap.remaining).toBe(0);
  });

  it('lets exactly one of two approvals at once through, by the selector or by a decision', async () => {
    const period = await createPeriod(t.db, `Trängsel ${randomUUID()}`, { capped: true, availableMoney: 100_00 });
    for (let round = 0; round < 4; round += 1) {
      await t.db.updateTable('applications').set({ status: rejected, approved_money: null }).where('period_id', '=', period.id).execute();
      // Two applications decided earlier for 60 kr each, now under investigation again.
      const first = await createApplication(t.db, { periodId: period.id, frontendUserId, status: ongoing, approvedMoney: 60_00 });
      const second = await createApplication(t.db, { periodId: period.id, frontendUserId, status: ongoing, approvedMoney: 60_00 });
      const third = await createApplication(t.db, { periodId: period.id, frontendUserId, status: ongoing });
      const answers = await Promise.all(
        round % 2
          ? [setStatus(first.uuid, approved), decide(third.uuid, { status: approved, approved_money: 60_00 })]
          : [setStatus(first.uuid, approved), setStatus(second.uuid, approved)],
      );
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 422]);
      expect(await approvedTotal(period.id)).toBe(60_00);
    }
  });

  it('refuses to move an approval by the staff form into a period that has no room for it', async () => {
    const typeId = (
      await t.db
        .insertInto('application_types')
        .values({ label: `Flytt ${randomUUID()}` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const open = await createPeriod(t.db, `Utan tak ${randomUUID()}`);
    const capped = await createPeriod(t.db, `Fullt ${randomUUID()}`, { capped: true, availableMoney: 50_000_00 });
    for (const period of [open, capped])
      await t.db.insertInto('period_application_types').values({ period_id: period.id, application_type_id: typeId }).execute();
    await createApplication(t.db, { periodId: capped.id, frontendUserId, status: approved, approvedMoney: 40_000_00 });
    // An application sent in to the period without a cap, complete as the staff form checks it.
    const { uuid, id } = await createApplication(t.db, { periodId: open.id, frontendUserId, money: 20_000_00 });
    await t.db
      .updateTable('applications')
      .set({
        application_type_id: typeId,
        applicant_type: enums.applicant_type.contact_person,
        contact_first_name: 'Per',
        contact_last_name: 'Papper',
        contact_email: 'per@test.se',
        contact_email_confirmation: 'per@test.se',
        contact_phone: '070-123 45 67',
        contact_zip: '97231',
        contact_city: 'Luleå',
        consent: true,
      })
      .where('id', '=', id)
      .execute();
    expect((await decide(uuid, { status: approved, approved_money: 20_000_00 })).statusCode).toBe(200);

    const moved = await api('PUT', `/applications/${uuid}`, { period_id: capped.id });
    expect(moved.statusCode).toBe(422);
    const message = `Ansökans beviljade belopp, ${formatMoney(20_000_00, 'sv-SE')}, ryms inte: det finns bara ${formatMoney(10_000_00, 'sv-SE')} kvar att fördela i perioden.`;
    expect(moved.json()).toEqual({ message, errors: { period_id: [message] } });
    const row = await t.db.selectFrom('applications').select(['period_id', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ period_id: open.id, status: approved });
    expect(await approvedTotal(capped.id)).toBe(40_000_00);
    // A smaller approval fits, and moves.
    expect((await decide(uuid, { status: approved, approved_money: 10_000_00 })).statusCode).toBe(200);
    expect((await api('PUT', `/applications/${uuid}`, { period_id: capped.id })).statusCode).toBe(200);
    expect(await approvedTotal(capped.id)).toBe(50_000_00);
  });
});

describe('an approval always has its amount', () => {
  it('refuses the status selector’s "approved" on an application without a decision, and changes nothing', async () => {
    const period = await createPeriod(t.db, `Utan belopp ${randomUUID()}`);
    const application = await createApplication(t.db, { periodId: period.id, frontendUserId, status: received });
    const refused = await setStatus(application.uuid, approved);
    expect(refused.statusCode).toBe(422);
    const message = 'Ansökan har inget beviljat belopp. Bevilja den i beslutet, med beloppet.';
    expect(refused.json()).toEqual({ message, errors: { status: [message] } });
    expect((await setStatus(application.uuid, approved, { 'accept-language': 'en-US' })).json().message).toBe(
      'The application has no approved amount. Approve it in its decision, with the amount.',
    );
    expect(await statusOf(application.id)).toEqual({ status: received, approved_money: null });
    expect(await historyOf(t.db, application.id)).toEqual([]);
    // Other statuses are the selector's as before; the decision approves, with the amount.
    expect((await setStatus(application.uuid, ongoing)).statusCode).toBe(200);
    expect((await decide(application.uuid, { status: approved, approved_money: 5_000_00 })).statusCode).toBe(200);
    expect(await statusOf(application.id)).toEqual({ status: approved, approved_money: 5_000_00 });
  });

  it('never mails an approval without its amount: the single send refuses it, the period’s batch skips and counts it', async () => {
    const period = await createPeriod(t.db, `Brev ${randomUUID()}`);
    const applicant = async () => {
      const email = `${randomUUID()}@test.se`;
      return { email, id: await createApplicant(t.db, email) };
    };
    // As the selector used to leave one: approved, no amount.
    const lacking = await applicant();
    const withoutAmount = await createApplication(t.db, { periodId: period.id, frontendUserId: lacking.id, status: approved });
    const granted = await applicant();
    await createApplication(t.db, {
      periodId: period.id,
      frontendUserId: granted.id,
      status: approved,
      approvedMoney: 7_000_00,
    });
    const mailsTo = (email: string) => t.db.selectFrom('outbox').select('body_text').where('recipient', '=', email).execute();
    const sentAt = async (id: number) =>
      (await t.db.selectFrom('applications').select('distribution_mail_sent_at').where('id', '=', id).executeTakeFirstOrThrow())
        .distribution_mail_sent_at;

    const single = await api('POST', `/applications/${withoutAmount.uuid}/decision-mail`, { resend: true });
    expect(single.statusCode).toBe(422);
    expect(single.json().message).toBe(
      'Ansökan är beviljad utan beviljat belopp, så beslutsbrevet kan inte skickas. Spara beslutet med beloppet först.',
    );

    const counts = await api('GET', `/periods/${period.uuid}/decision-mails`);
    expect(counts.json().data).toMatchObject({ pending: 1, without_email: 0, without_amount: 1, stood_aside: 0 });
    const round = await api('POST', `/periods/${period.uuid}/decision-mails`, { limit: 25 });
    expect(round.json().data).toEqual({ sent: 1, remaining: 0, without_email: 0, without_amount: 1, stood_aside: 0 });

    expect(await mailsTo(lacking.email)).toEqual([]);
    expect(await sentAt(withoutAmount.id)).toBeNull();
    expect(await historyOf(t.db, withoutAmount.id)).toEqual([]);
    const [mail] = await mailsTo(granted.email);
    expect(mail.body_text).toContain(formatMoney(7_000_00, 'sv-SE'));
    expect(mail.body_text).not.toMatch(/beviljat\s*\./);

    // Decided with its amount, its mail goes like any other.
    expect((await decide(withoutAmount.uuid, { status: approved, approved_money: 3_000_00 })).statusCode).toBe(200);
    expect((await api('GET', `/periods/${period.uuid}/decision-mails`)).json().data).toMatchObject({
      pending: 1,
      without_email: 0,
      without_amount: 0,
      stood_aside: 0,
    });
    expect((await api('POST', `/periods/${period.uuid}/decision-mails`)).json().data.sent).toBe(1);
    expect((await mailsTo(lacking.email))[0].body_text).toContain(formatMoney(3_000_00, 'sv-SE'));
  });
});
