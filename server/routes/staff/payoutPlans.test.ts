import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { formatMoney } from '../../../resources/format.js';
import { dueJobsLeft } from '../../test/dueJobs.js';
import { createApplicant, createApplication, createPeriod, historyOf } from '../../test/handlingFixtures.js';
import { grantedApplication, payoutOf } from '../../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// The payout plan and the deadline as staff set them, the decision's hook that keeps the plan with the approved
// amount, and the daily run that reminds 30 days before the deadline and lapses after it (the clock is moved).

const { approved, rejected, received } = enums.application_status;
const { at_acceptance, after_followup } = enums.payout_due;
const { requested, paid } = enums.payout_status;

let now = new Date('2026-06-10T10:00:00Z');
let t: TestApp;
let admin: string;
let adminId: number;
let investigator: string;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  adminId = await createStaff(t.db, 'admin', 'admin@payout-plans.test');
  await createStaff(t.db, 'utredare', 'utredare@payout-plans.test');
  admin = await sessionCookie(t.app, 'admin@payout-plans.test');
  investigator = await sessionCookie(t.app, 'utredare@payout-plans.test');
});
afterAll(() => t.close());

const planUrl = (uuid: string) => `/api/v1/applications/${uuid}/payout-plan`;
const getPlan = async (uuid: string) => (await call(t.app, { method: 'GET', url: planUrl(uuid), cookie: admin })).json().data;
const putPlan = (uuid: string, instalments: { id?: number; amount: number; due: number }[]) =>
  call(t.app, { method: 'PUT', url: planUrl(uuid), cookie: admin, payload: { data: { instalments } } });
const decide = (uuid: string, payload: Record<string, unknown>) =>
  call(t.app, { method: 'PUT', url: `/api/v1/applications/${uuid}/decision`, cookie: admin, payload: { data: payload } });
const amounts = async (uuid: string) => (await getPlan(uuid)).instalments.map((i: { amount: number; due: number }) => [i.amount, i.due]);

describe('the payout plan', () => {
  it('is made when an application is approved, follows the amount, and refuses going below what is asked for', async () => {
    const period = await createPeriod(t.db, 'Planperiod');
    const frontendUserId = await createApplicant(t.db, 'plan@payout-plans.test');
    const application = await createApplication(t.db, { periodId: period.id, frontendUserId, status: received });
    expect((await call(t.app, { method: 'GET', url: planUrl(application.uuid), cookie: admin })).statusCode).toBe(404);

    expect((await decide(application.uuid, { status: approved, approved_money: 30_000_00 })).statusCode).toBe(200);
    expect(await amounts(application.uuid)).toEqual([[30_000_00, at_acceptance]]);

    // Three parts; the first asked for, so a lower decision takes from the last backwards and a higher raises the last.
    const [first] = (await getPlan(application.uuid)).instalments;
    const split = await putPlan(application.uuid, [
      { id: first.id, amount: 10_000_00, due: at_acceptance },
      { amount: 10_000_00, due: at_acceptance },
      { amount: 10_000_00, due: after_followup },
    ]);
    expect(split.statusCode, split.body).toBe(200);
    await payoutOf(t.db, { id: application.id, applicantId: frontendUserId }, { id: first.id, amount: 10_000_00 });
    expect((await decide(application.uuid, { status: approved, approved_money: 15_000_00 })).statusCode).toBe(200);
    expect(await amounts(application.uuid)).toEqual([
      [10_000_00, at_acceptance],
      [5_000_00, at_acceptance],
    ]);
    expect((await decide(application.uuid, { status: approved, approved_money: 18_000_00 })).statusCode).toBe(200);
    expect(await amounts(application.uuid)).toEqual([
      [10_000_00, at_acceptance],
      [8_000_00, at_acceptance],
    ]);

    const below = await decide(application.uuid, { status: approved, approved_money: 9_000_00 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors.approved_money[0]).toContain('10');
    const unapprove = await decide(application.uuid, { status: rejected });
    expect(unapprove.statusCode).toBe(422);
    expect(unapprove.json().errors.status).toHaveLength(1);
    const viaStatus = await call(t.app, {
      method: 'POST',
      url: `/api/v1/applications/${application.uuid}/updateStatus`,
      cookie: admin,
      payload: { data: { status: received } },
    });
    expect(viaStatus.statusCode).toBe(422);
    expect(await amounts(application.uuid)).toEqual([
      [10_000_00, at_acceptance],
      [8_000_00, at_acceptance],
    ]);
    const actions = (await historyOf(t.db, application.id)).map((entry) => entry.action);
    // The one-payment plan made with the approval is the decision's entry; each later change of the plan has its own.
    expect(actions.filter((action) => action === 'payout_plan')).toHaveLength(3);
  });

  it('refuses a plan whose sum is not the approved amount, or that changes or drops an instalment asked for', async () => {
    const grant = await grantedApplication(t.db, { amount: 20_000_00, instalments: [{ amount: 5_000_00 }, { amount: 15_000_00 }] });
    const [first, second] = grant.instalments;
    await payoutOf(t.db, grant, first, { status: paid, preparedBy: adminId });

    const wrongSum = await putPlan(grant.uuid, [
      { id: first.id, amount: 5_000_00, due: at_acceptance },
      { amount: 10_000_00, due: after_followup },
    ]);
    expect(wrongSum.statusCode).toBe(422);
    expect(wrongSum.json().errors.instalments[0]).toContain(
      `${formatMoney(15_000_00, 'sv-SE')}, men det beviljade beloppet är ${formatMoney(20_000_00, 'sv-SE')}`,
    );
    const dropped = await putPlan(grant.uuid, [{ amount: 20_000_00, due: at_acceptance }]);
    expect(dropped.statusCode).toBe(422);
    const changed = await putPlan(grant.uuid, [
      { id: first.id, amount: 6_000_00, due: at_acceptance },
      { id: second.id, amount: 14_000_00, due: at_acceptance },
    ]);
    expect(changed.statusCode).toBe(422);
    expect(await amounts(grant.uuid)).toEqual([
      [5_000_00, at_acceptance],
      [15_000_00, at_acceptance],
    ]);

    const fine = await putPlan(grant.uuid, [
      { id: first.id, amount: 5_000_00, due: at_acceptance },
      { id: second.id, amount: 7_000_00, due: at_acceptance },
      { amount: 8_000_00, due: after_followup },
    ]);
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().data.instalments.map((i: { fixed: boolean }) => i.fixed)).toEqual([true, false, false]);
  });

  it('is for those who manage payouts', async () => {
    const grant = await grantedApplication(t.db);
    expect((await call(t.app, { method: 'GET', url: planUrl(grant.uuid), cookie: investigator })).statusCode).toBe(403);
    const put = await call(t.app, {
      method: 'PUT',
      url: planUrl(grant.uuid),
      cookie: investigator,
      payload: { data: { instalments: [{ amount: grant.amount, due: at_acceptance }] } },
    });
    expect(put.statusCode).toBe(403);
  });
});

describe('the deadline', () => {
  const mailsTo = (email: string) => t.db.selectFrom('outbox').select(['subject']).where('recipient', '=', email).orderBy('id').execute();
  const runDeadlines = async (at: Date) => {
    now = at;
    await t.jobs.send('payout-deadlines');
    await expect.poll(() => dueJobsLeft(t.db, ['payout-deadlines']), { timeout: 10_000 }).toBe(0);
  };

  it('reminds once 30 days before, lapses after its last day, and an extension moves both', async () => {
    // Released 1 June 2026 (fixtures), 12 months: the last day is 1 June 2027.
    const grant = await grantedApplication(t.db, { amount: 10_000_00, instalments: [{ amount: 4_000_00 }, { amount: 6_000_00 }] });
    await payoutOf(t.db, grant, grant.instalments[0], { status: requested });
    expect((await getPlan(grant.uuid)).deadline).toBe('2027-06-01');

    await runDeadlines(new Date('2027-05-01T10:00:00Z'));
    expect(await mailsTo(grant.email)).toHaveLength(0);
    await runDeadlines(new Date('2027-05-02T10:00:00Z'));
    await runDeadlines(new Date('2027-05-03T10:00:00Z'));
    const reminders = await mailsTo(grant.email);
    expect(reminders).toHaveLength(1);
    expect(reminders[0].subject).toContain('1 juni 2027');

    const extended = await call(t.app, {
      method: 'POST',
      url: `/api/v1/applications/${grant.uuid}/payout-deadline`,
      cookie: admin,
      payload: { data: { extended_to: '2027-09-30', reason: 'Projektet blev försenat.' } },
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().data).toMatchObject({ deadline: '2027-09-30', reminded_at: null });
    const earlier = await call(t.app, {
      method: 'POST',
      url: `/api/v1/applications/${grant.uuid}/payout-deadline`,
      cookie: admin,
      payload: { data: { extended_to: '2027-09-30', reason: ' ' } },
    });
    expect(Object.keys(earlier.json().errors).sort()).toEqual(['extended_to', 'reason']);

    await runDeadlines(new Date('2027-06-02T10:00:00Z'));
    expect((await getPlan(grant.uuid)).instalments.map((i: { lapsed_at: string | null }) => i.lapsed_at)).toEqual([null, null]);
    await runDeadlines(new Date('2027-08-31T10:00:00Z'));
    expect(await mailsTo(grant.email)).toHaveLength(2);

    // The last day is still open in its last minute in Stockholm (summer time, UTC+2); the day after, the rest lapses.
    await runDeadlines(new Date('2027-09-30T21:59:00Z'));
    expect((await getPlan(grant.uuid)).instalments[1].lapsed_at).toBeNull();
    await runDeadlines(new Date('2027-09-30T22:01:00Z'));
    const plan = await getPlan(grant.uuid);
    expect(plan.instalments[0].lapsed_at).toBeNull();
    expect(plan.instalments[1].lapsed_at).not.toBeNull();
    const mails = await mailsTo(grant.email);
    expect(mails).toHaveLength(3);
    expect(mails[2].subject).toContain('förfallit');
    const history = await historyOf(t.db, grant.id);
    expect(history.filter((entry) => entry.action === 'payout_lapsed')).toHaveLength(1);
    expect(history.find((entry) => entry.action === 'payout_deadline_extended')).toMatchObject({
      user_id: adminId,
      before: { deadline: '2027-06-01' },
      after: { deadline: '2027-09-30', reason: 'Projektet blev försenat.' },
    });
    await runDeadlines(new Date('2027-10-05T10:00:00Z'));
    expect(await mailsTo(grant.email)).toHaveLength(3);
  });
});
