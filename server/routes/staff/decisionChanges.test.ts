import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { formatMoney } from '../../../resources/format.js';
import { createApplicant, createApplication, createPeriod, historyOf } from '../../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// A decision one person took (by delegation, outside a meeting) and the applicant has been told is changed by two:
// one asks with the reason, another approves (then it is the decision) or rejects it, or the one who asked withdraws
// it. Before the applicant is told, one person changes it as before (decisions.test.ts).

const { approved, rejected, ongoing } = enums.application_status;

let t: TestApp;
const cookies = { anna: '', bengt: '' };
const ids = { anna: 0, bengt: 0 };
let frontendUserId: number;
const sv = { 'accept-language': 'sv-SE' };

const api = (who: keyof typeof cookies, method: 'GET' | 'PUT' | 'POST', url: string, data?: unknown, headers = sv) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie: cookies[who], headers, payload: data === undefined ? undefined : { data } });
const decisionOf = async (uuid: string) => (await api('anna', 'GET', `/applications/${uuid}/decision`)).json().data;
const stateOf = (id: number) =>
  t.db.selectFrom('applications').select(['status', 'approved_money']).where('id', '=', id).executeTakeFirstOrThrow();
const changesOf = (id: number) =>
  t.db
    .selectFrom('decision_changes')
    .select(['status', 'approved_money', 'reason', 'asked_by', 'outcome', 'settled_by'])
    .where('application_id', '=', id)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  ids.anna = await createStaff(t.db, 'admin', 'anna@test.se');
  ids.bengt = await createStaff(t.db, 'admin', 'bengt@test.se');
  cookies.anna = await sessionCookie(t.app, 'anna@test.se');
  cookies.bengt = await sessionCookie(t.app, 'bengt@test.se');
  // Bengt has an address for notifications; he has not asked to hear of every application.
  await t.db.updateTable('users').set({ notifications_email: 'bengt.aviseringar@test.se' }).where('id', '=', ids.bengt).execute();
  frontendUserId = await createApplicant(t.db, 'sokande@test.se');
});
afterAll(() => t.close());

/** An application Anna approved with 60 000 kr and showed to the applicant without a mail. */
async function toldApproval() {
  const period = await createPeriod(t.db, 'Delegation 2026');
  const application = await createApplication(t.db, { periodId: period.id, frontendUserId, status: ongoing });
  const decided = await api('anna', 'PUT', `/applications/${application.uuid}/decision`, { status: approved, approved_money: 60_000_00 });
  expect(decided.statusCode, decided.body).toBe(200);
  expect(decided.json().data).toMatchObject({ told: false, pending_change: null });
  const released = await api('anna', 'POST', `/applications/${application.uuid}/decision-release`);
  expect(released.statusCode, released.body).toBe(200);
  return application;
}

describe('a told decision', () => {
  it('is changed only once another approves the change asked for with its reason', async () => {
    const application = await toldApproval();
    const url = `/applications/${application.uuid}/decision`;
    const entries = (await historyOf(t.db, application.id)).length;

    // Without a reason: refused, nothing stored.
    const bare = await api('anna', 'PUT', url, { status: approved, approved_money: 50_000_00 });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({
      reason: ['Sökanden har fått beslutet. Skriv skälet till ändringen, så godkänner en annan person den.'],
    });
    // Asked for with the reason: the decision stays, the change waits.
    const reason = 'Budgeten för lokalhyran var dubbelräknad.';
    const asked = await api('anna', 'PUT', url, { status: approved, approved_money: 50_000_00, reason });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({
      status: approved,
      approved_money: 60_000_00,
      told: true,
      pending_change: { status: approved, approved_money: 50_000_00, reason, asked_by: { id: ids.anna } },
    });
    expect(await stateOf(application.id)).toEqual({ status: approved, approved_money: 60_000_00 });
    expect((await historyOf(t.db, application.id)).slice(entries).map((h) => h.action)).toEqual(['decision_change_asked']);

    // Bengt, who manages applications, hears that it waits for him (a notification and a mail); Anna, who asked, does not.
    const waiting = async (who: keyof typeof cookies) =>
      (await api(who, 'GET', '/notifications?per_page=100'))
        .json<{
          data: { data: { kind: string; application: { uuid: string; reference: string } }[] };
        }>()
        .data.data.filter((n) => n.kind === 'decision_change_asked' && n.application.uuid === application.uuid);
    expect(await waiting('bengt')).toHaveLength(1);
    expect(await waiting('anna')).toEqual([]);
    const mails = await t.db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'body_text'])
      .where('application_id', '=', application.id)
      .execute();
    const toBengt = mails.filter((m) => m.recipient === 'bengt.aviseringar@test.se');
    expect(toBengt).toHaveLength(1);
    expect(toBengt[0].subject).toBe(`En ändring av beslutet om ansökan ${application.reference} väntar på ditt godkännande`);
    expect(toBengt[0].body_text).toContain(`/admin/applications?show=${application.uuid}&tab=application`);

    // One change at a time; not approved by the one who asked; not made through the status selector either.
    expect((await api('bengt', 'PUT', url, { status: rejected, reason: 'Annat.' })).statusCode).toBe(409);
    const own = await api('anna', 'POST', `${url}/change/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('En ändring av ett beslut som sökanden har fått godkänns av någon annan än den som begärde den.');
    const selector = await api('bengt', 'POST', `/applications/${application.uuid}/updateStatus`, { status: rejected });
    expect(selector.statusCode).toBe(409);
    expect(await stateOf(application.id)).toEqual({ status: approved, approved_money: 60_000_00 });

    // Bengt approves: it is the decision, the plan follows, and the history says who asked and why.
    const approvedChange = await api('bengt', 'POST', `${url}/change/approve`);
    expect(approvedChange.statusCode, approvedChange.body).toBe(200);
    expect(approvedChange.json().data).toMatchObject({ approved_money: 50_000_00, pending_change: null });
    expect(await stateOf(application.id)).toEqual({ status: approved, approved_money: 50_000_00 });
    const plan = await t.db.selectFrom('payout_instalments').select('amount').where('application_id', '=', application.id).execute();
    expect(plan).toEqual([{ amount: 50_000_00 }]);
    const [last] = (await historyOf(t.db, application.id)).slice(-1);
    expect(last).toMatchObject({
      user_id: ids.bengt,
      action: 'decision',
      before: { approved_money: 60_000_00 },
      after: { approved_money: 50_000_00, asked_by: expect.any(String), reason },
    });
    expect(await changesOf(application.id)).toEqual([
      { status: approved, approved_money: 50_000_00, reason, asked_by: ids.anna, outcome: 'approved', settled_by: ids.bengt },
    ]);
    expect((await api('bengt', 'POST', `${url}/change/approve`)).statusCode).toBe(404);
  });

  it('stays when another rejects the change or the one who asked withdraws it', async () => {
    const application = await toldApproval();
    const url = `/applications/${application.uuid}/decision`;
    await api('anna', 'PUT', url, { status: rejected, reason: 'Föreningen har upplösts.' });
    const rejectedChange = await api('bengt', 'POST', `${url}/change/reject`);
    expect(rejectedChange.statusCode).toBe(200);
    expect(rejectedChange.json().data).toMatchObject({ status: approved, approved_money: 60_000_00, pending_change: null });

    await api('bengt', 'PUT', url, { status: approved, approved_money: 70_000_00, reason: 'Fel summa.' });
    expect((await api('bengt', 'POST', `${url}/change/reject`)).statusCode).toBe(200);
    expect(await stateOf(application.id)).toEqual({ status: approved, approved_money: 60_000_00 });
    expect((await changesOf(application.id)).map((c) => [c.outcome, c.settled_by])).toEqual([
      ['rejected', ids.bengt],
      ['withdrawn', ids.bengt],
    ]);
    const actions = (await historyOf(t.db, application.id)).map((h) => h.action);
    expect(actions.slice(-4)).toEqual([
      'decision_change_asked',
      'decision_change_rejected',
      'decision_change_asked',
      'decision_change_withdrawn',
    ]);
  });

  it('refuses when asked a change no decision could make, in the caller’s language, storing nothing', async () => {
    const period = await createPeriod(t.db, 'Tak 2026', { capped: true, availableMoney: 100_000_00 });
    const application = await createApplication(t.db, { periodId: period.id, frontendUserId, status: ongoing });
    const url = `/applications/${application.uuid}/decision`;
    await api('anna', 'PUT', url, { status: approved, approved_money: 60_000_00 });
    await api('anna', 'POST', `/applications/${application.uuid}/decision-release`);
    const over = await api(
      'anna',
      'PUT',
      url,
      { status: approved, approved_money: 100_000_01, reason: 'Mer behövs.' },
      {
        'accept-language': 'en-US',
      },
    );
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.approved_money[0]).toContain(formatMoney(100_000_00, 'en-US'));
    expect(await changesOf(application.id)).toEqual([]);
    expect(await stateOf(application.id)).toEqual({ status: approved, approved_money: 60_000_00 });
    // A change that changes nothing is none.
    expect((await api('anna', 'PUT', url, { status: approved, approved_money: 60_000_00, reason: 'Samma.' })).statusCode).toBe(200);
    expect((await decisionOf(application.uuid)).pending_change).toBeNull();
  });
});
