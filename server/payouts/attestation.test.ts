import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbilityName } from '../../resources/abilities.js';
import { enums } from '../../resources/enums.js';
import { historyOf } from '../test/handlingFixtures.js';
import { grantedApplication, payoutOf } from '../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// Attest by two: one staff user prepares, another approves, never the same person; many approvals at once pay once;
// a rejection tells the applicant. A period's ability covers that period's payouts alone.

const { requested, prepared, approved, rejected } = enums.payout_status;
let t: TestApp;
const staff: Record<'preparer' | 'approver' | 'scoped', { id: number; cookie: string }> = {} as never;
const approvers: string[] = [];
let scopedPeriod: number;

async function staffWith(email: string, grants: { ability: AbilityName; entity_type?: string; entity_id?: number }[] | 'admin') {
  const id = await createStaff(t.db, 'admin', email);
  if (grants !== 'admin') {
    await t.db.updateTable('users').set({ role: 'kassör' }).where('id', '=', id).execute();
    for (const grant of grants)
      await t.db
        .insertInto('user_abilities')
        .values({ user_id: id, ...grant })
        .execute();
  }
  return { id, cookie: await sessionCookie(t.app, email) };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insertInto('roles').values({ name: 'kassör' }).execute();
  staff.preparer = await staffWith('preparer@attest.test', 'admin');
  staff.approver = await staffWith('approver@attest.test', [{ ability: 'approve-payouts' }]);
  scopedPeriod = (await grantedApplication(t.db)).periodId;
  staff.scoped = await staffWith('scoped@attest.test', [
    { ability: 'manage-payouts', entity_type: 'periods', entity_id: scopedPeriod },
    { ability: 'approve-payouts', entity_type: 'periods', entity_id: scopedPeriod },
  ]);
  for (let i = 0; i < 5; i++) approvers.push((await staffWith(`approver-${i}@attest.test`, [{ ability: 'approve-payouts' }])).cookie);
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload?: object) =>
  call(t.app, { method: 'POST', url: `/api/v1${url}`, cookie, payload, headers: { 'accept-language': 'en-US' } });
const statusOf = async (id: number) =>
  await t.db.selectFrom('payouts').select(['status', 'prepared_by', 'approved_by']).where('id', '=', id).executeTakeFirstOrThrow();

describe('attest by two', () => {
  it('one user prepares, another approves, each in the application’s history', async () => {
    const grant = await grantedApplication(t.db);
    const payout = await payoutOf(t.db, grant, grant.instalments[0]);
    const preparedAnswer = await post(staff.preparer.cookie, `/payouts/${payout.id}/prepare`);
    expect(preparedAnswer.statusCode).toBe(200);
    expect(preparedAnswer.json().data).toMatchObject({ status: prepared, prepared_by: { id: staff.preparer.id } });
    // The preparer may not approve: a clear 422, and nothing changes.
    const own = await post(staff.preparer.cookie, `/payouts/${payout.id}/approve`);
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toMatch(/someone else must approve/);
    expect((await statusOf(payout.id)).status).toBe(prepared);
    const approvedAnswer = await post(staff.approver.cookie, `/payouts/${payout.id}/approve`);
    expect(approvedAnswer.statusCode).toBe(200);
    expect(approvedAnswer.json().data).toMatchObject({ status: approved, approved_by: { id: staff.approver.id } });
    const history = (await historyOf(t.db, grant.id)).filter((entry) => entry.action.startsWith('payout_'));
    expect(history.map((entry) => [entry.action, entry.user_id])).toEqual([
      ['payout_prepared', staff.preparer.id],
      ['payout_approved', staff.approver.id],
    ]);
    // Twice is once: a prepared payout cannot be prepared again.
    expect((await post(staff.preparer.cookie, `/payouts/${payout.id}/prepare`)).statusCode).toBe(409);
  });

  it('the database refuses one person doing both, whatever the code', async () => {
    const grant = await grantedApplication(t.db);
    const payout = await payoutOf(t.db, grant, grant.instalments[0], { status: prepared, preparedBy: staff.preparer.id });
    await expect(
      t.db.updateTable('payouts').set({ status: approved, approved_by: staff.preparer.id }).where('id', '=', payout.id).execute(),
    ).rejects.toThrow(/payouts_attested_by_two/);
  });

  it('20 approvals at once pay once: one 200, the rest 409, one history entry', async () => {
    const grant = await grantedApplication(t.db);
    const payout = await payoutOf(t.db, grant, grant.instalments[0], { status: prepared, preparedBy: staff.preparer.id });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(i % 2 ? staff.approver.cookie : approvers[i % approvers.length], `/payouts/${payout.id}/approve`),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toMatch(/already been approved/);
    expect((await historyOf(t.db, grant.id)).filter((entry) => entry.action === 'payout_approved')).toHaveLength(1);
  });

  it('never approves beyond the approved amount', async () => {
    const grant = await grantedApplication(t.db, { amount: 1_000_00 });
    const first = await payoutOf(t.db, grant, grant.instalments[0], {
      status: approved,
      preparedBy: staff.preparer.id,
      approvedBy: staff.approver.id,
    });
    // A second instalment beyond the grant (a plan that no longer adds up): its payout may be prepared, never approved.
    await t.db.updateTable('applications').set({ approved_money: 1_500_00 }).where('id', '=', grant.id).execute();
    const [second] = await t.db
      .insertInto('payout_instalments')
      .values({ application_id: grant.id, position: 2, amount: 600_00, due: enums.payout_due.at_acceptance })
      .returning(['id', 'amount'])
      .execute();
    const payout = await payoutOf(t.db, grant, second, { status: prepared, preparedBy: staff.preparer.id });
    const answer = await post(staff.approver.cookie, `/payouts/${payout.id}/approve`);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toMatch(/more than the amount granted/);
    expect((await statusOf(payout.id)).status).toBe(prepared);
    expect(first.id).toBeGreaterThan(0);
  });

  it('rejects a request with a reason, mails the applicant, and the instalment may be asked for again', async () => {
    const grant = await grantedApplication(t.db);
    const payout = await payoutOf(t.db, grant, grant.instalments[0]);
    expect((await post(staff.approver.cookie, `/payouts/${payout.id}/reject`, { data: { reason: ' ' } })).statusCode).toBe(422);
    const answer = await post(staff.approver.cookie, `/payouts/${payout.id}/reject`, {
      data: { reason: 'Kontot tillhör inte föreningen.' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ status: rejected, reject_reason: 'Kontot tillhör inte föreningen.' });
    const mail = await t.db
      .selectFrom('outbox')
      .select(['subject', 'body_text'])
      .where('recipient', '=', grant.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(grant.reference);
    expect(mail.body_text).toContain('Kontot tillhör inte föreningen.');
    // Not live any more: a new request for the same instalment is allowed by the database.
    await expect(payoutOf(t.db, grant, grant.instalments[0])).resolves.toHaveProperty('id');
    // An approved payout is past rejecting.
    const other = await grantedApplication(t.db);
    const done = await payoutOf(t.db, other, other.instalments[0], {
      status: approved,
      preparedBy: staff.preparer.id,
      approvedBy: staff.approver.id,
    });
    expect((await post(staff.preparer.cookie, `/payouts/${done.id}/reject`, { data: { reason: 'Sent' } })).statusCode).toBe(409);
  });

  it('an ability for one period covers its payouts and no others; an unknown payout is 404', async () => {
    const inPeriod = await grantedApplication(t.db, { periodId: scopedPeriod });
    const elsewhere = await grantedApplication(t.db);
    const mine = await payoutOf(t.db, inPeriod, inPeriod.instalments[0]);
    const theirs = await payoutOf(t.db, elsewhere, elsewhere.instalments[0]);
    expect((await post(staff.scoped.cookie, `/payouts/${theirs.id}/prepare`)).statusCode).toBe(403);
    expect((await post(staff.scoped.cookie, `/payouts/${mine.id}/prepare`)).statusCode).toBe(200);
    // Approving needs approve-payouts: one who only manages is refused.
    const manager = await staffWith('manager@attest.test', [{ ability: 'manage-payouts' }]);
    expect((await post(manager.cookie, `/payouts/${theirs.id}/prepare`)).statusCode).toBe(200);
    expect((await post(manager.cookie, `/payouts/${mine.id}/approve`)).statusCode).toBe(403);
    expect((await post(staff.preparer.cookie, '/payouts/99999999/prepare')).statusCode).toBe(404);
    expect((await statusOf(theirs.id)).status).toBe(prepared);
    expect(requested).toBe(10);
  });
});
