import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { formatMoney } from '../../../resources/format.js';
import { applicantCookie, createApplicant, createApplication, createPeriod, historyOf } from '../../test/handlingFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

const { approved, rejected, received, ongoing, draft } = enums.application_status;

let t: TestApp;
let admin: string;
let adminId: number;
let investigator: string;
let applicant: string;
let frontendUserId: number;

const decide = (uuid: string, payload: Record<string, unknown>, headers?: Record<string, string>) =>
  call(t.app, { method: 'PUT', url: `/api/v1/applications/${uuid}/decision`, cookie: admin, payload: { data: payload }, headers });
const decisionOf = async (uuid: string) =>
  (await call(t.app, { method: 'GET', url: `/api/v1/applications/${uuid}/decision`, cookie: admin })).json().data;

beforeAll(async () => {
  t = await createTestApp();
  adminId = await createStaff(t.db, 'admin', 'admin@test.se');
  await createStaff(t.db, 'utredare', 'utredare@test.se');
  admin = await sessionCookie(t.app, 'admin@test.se');
  investigator = await sessionCookie(t.app, 'utredare@test.se');
  frontendUserId = await createApplicant(t.db, 'sokande@test.se');
  applicant = await applicantCookie(t.db, frontendUserId);
});
afterAll(() => t.close());

describe('a decision in a period with a money distribution cap', () => {
  /** An ongoing application in a capped period of its own, where 12 500.00 kr of 2 000 000.00 kr remain. */
  async function cappedApplication() {
    const period = await createPeriod(t.db, 'Fördelning 2026', { capped: true, availableMoney: 2_000_000_00 });
    const periodId = period.id;
    // 1 987 500.00 kr approved elsewhere; rejected, drafts and other periods do not count.
    await createApplication(t.db, { periodId, frontendUserId, status: approved, approvedMoney: 1_000_000_00 });
    await createApplication(t.db, { periodId, frontendUserId, status: approved, approvedMoney: 987_499_99 });
    await createApplication(t.db, { periodId, frontendUserId, status: approved, approvedMoney: 1 });
    await createApplication(t.db, { periodId, frontendUserId, status: rejected });
    await createApplication(t.db, { periodId, frontendUserId, status: ongoing, approvedMoney: 50_000_00 });
    await createApplication(t.db, { periodId, frontendUserId, status: draft });
    const other = await createPeriod(t.db, 'Annan period', { capped: true, availableMoney: 10_00 });
    await createApplication(t.db, { periodId: other.id, frontendUserId, status: approved, approvedMoney: 500_000_00 });
    return { periodId, ...(await createApplication(t.db, { periodId, frontendUserId, status: ongoing })) };
  }

  it('answers what remains of the period’s amount, in öre', async () => {
    const application = await cappedApplication();
    expect(await decisionOf(application.uuid)).toEqual({
      status: ongoing,
      approved_money: null,
      approved_fou: null,
      approved_nok: null,
      global_goals: [],
      applicant_global_goals: [],
      decided_at: null,
      board: null,
      told: false,
      pending_change: null,
      uses_money_distribution_cap: true,
      cap: { available_money: 2_000_000_00, approved_elsewhere: 1_987_500_00, remaining: 12_500_00 },
    });
  });

  it('refuses one öre more than remains, naming the remaining amount in the user’s language', async () => {
    const application = await cappedApplication();
    const refused = await decide(application.uuid, { status: approved, approved_money: 12_500_01 });
    expect(refused.statusCode).toBe(422);
    expect(formatMoney(12_500_00, 'sv-SE')).toMatch(/^12\s500\skr$/);
    expect(refused.json()).toEqual({
      message: `Det finns bara ${formatMoney(12_500_00, 'sv-SE')} kvar att fördela i perioden.`,
      errors: { approved_money: [`Det finns bara ${formatMoney(12_500_00, 'sv-SE')} kvar att fördela i perioden.`] },
    });
    const english = await decide(application.uuid, { status: approved, approved_money: 12_500_01 }, { 'accept-language': 'en-US' });
    expect(english.json().message).toBe(`Only ${formatMoney(12_500_00, 'en-US')} is left to distribute in the period.`);
    expect((await decisionOf(application.uuid)).status).toBe(ongoing);
  });

  it('refuses FoU, NOK and goals, which are not part of a capped decision', async () => {
    const application = await cappedApplication();
    const refused = await decide(application.uuid, {
      status: approved,
      approved_money: 100_00,
      approved_fou: 50_00,
      approved_nok: 0,
      global_goals: [3],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      approved_fou: ['Fältet belopp till FoU ingår inte i beslutet när perioden har ett tak för fördelningen.'],
      approved_nok: ['Fältet belopp till NOK ingår inte i beslutet när perioden har ett tak för fördelningen.'],
      global_goals: ['Fältet globala mål ingår inte i beslutet när perioden har ett tak för fördelningen.'],
    });
  });

  it('approves exactly what remains, records the decision, and does not count the approval against itself later', async () => {
    const application = await cappedApplication();
    const saved = await decide(application.uuid, { status: approved, approved_money: 12_500_00 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      status: approved,
      approved_money: 12_500_00,
      decided_at: expect.any(String),
      cap: { available_money: 2_000_000_00, approved_elsewhere: 1_987_500_00, remaining: 12_500_00 },
    });
    expect((await historyOf(t.db, application.id)).at(-1)).toEqual({
      user_id: adminId,
      action: 'decision',
      before: { status: ongoing, approved_money: null, approved_fou: null, approved_nok: null, decision_global_goals: [] },
      after: { status: approved, approved_money: 12_500_00, approved_fou: null, approved_nok: null, decision_global_goals: [] },
    });
    // Deciding again weighs the new amount alone against what the others leave.
    expect((await decide(application.uuid, { status: approved, approved_money: 12_000_00 })).statusCode).toBe(200);
    expect((await decide(application.uuid, { status: approved, approved_money: 12_500_00 })).statusCode).toBe(200);
  });

  it('a rejection clears the amount and frees it for the period', async () => {
    const application = await cappedApplication();
    expect((await decide(application.uuid, { status: approved, approved_money: 12_500_00 })).statusCode).toBe(200);
    const another = await createApplication(t.db, { periodId: application.periodId, frontendUserId });
    expect((await decisionOf(another.uuid)).cap.remaining).toBe(0);
    const saved = await decide(application.uuid, { status: rejected, approved_money: 12_500_00 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ status: rejected, approved_money: null });
    expect((await decisionOf(another.uuid)).cap.remaining).toBe(12_500_00);
  });

  it('lets exactly one of two decisions at once through when together they would exceed the cap', async () => {
    const period = await createPeriod(t.db, 'Trängsel', { capped: true, availableMoney: 100_00 });
    for (let round = 0; round < 3; round += 1) {
      await t.db.updateTable('applications').set({ status: rejected, approved_money: null }).where('period_id', '=', period.id).execute();
      const first = await createApplication(t.db, { periodId: period.id, frontendUserId });
      const second = await createApplication(t.db, { periodId: period.id, frontendUserId });
      const answers = await Promise.all([first, second].map((a) => decide(a.uuid, { status: approved, approved_money: 60_00 })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
      const total = await t.db
        .selectFrom('applications')
        .select((eb) => eb.fn.sum<number>('approved_money').as('sum'))
        .where('period_id', '=', period.id)
        .where('status', '=', approved)
        .executeTakeFirstOrThrow();
      expect(Number(total.sum)).toBe(60_00);
    }
  });
});

describe('a decision in a period without a cap', () => {
  it('approves with FoU, NOK and goals, and a rejection clears the amounts and the decision’s goals', async () => {
    const period = await createPeriod(t.db, 'Vanlig period');
    const application = await createApplication(t.db, { periodId: period.id, frontendUserId, status: received });
    expect((await decisionOf(application.uuid)).cap).toBeNull();

    const saved = await decide(application.uuid, {
      status: approved,
      approved_money: 50_000_00,
      approved_fou: 20_000_00,
      approved_nok: 10_000_50,
      global_goals: [13, 4],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      status: approved,
      approved_money: 50_000_00,
      approved_fou: 20_000_00,
      approved_nok: 10_000_50,
      global_goals: [4, 13],
      uses_money_distribution_cap: false,
      cap: null,
    });

    const rejection = await decide(application.uuid, { status: rejected });
    expect(rejection.json().data).toMatchObject({
      status: rejected,
      approved_money: null,
      approved_fou: null,
      approved_nok: null,
      global_goals: [],
    });
    expect((await historyOf(t.db, application.id)).map((h) => h.action)).toEqual(['decision', 'decision']);
  });

  it('refuses an approval without an amount, parts larger than the whole, bad values, and a draft', async () => {
    const period = await createPeriod(t.db, 'Regler');
    const application = await createApplication(t.db, { periodId: period.id, frontendUserId });
    const missing = await decide(application.uuid, { status: approved });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ approved_money: ['Fältet beviljat belopp är obligatoriskt.'] });
    const parts = await decide(application.uuid, { status: approved, approved_money: 100_00, approved_fou: 60_00, approved_nok: 40_01 });
    expect(parts.json().errors).toEqual({
      approved_fou: ['FoU- och NOK-beloppen får tillsammans inte vara större än det beviljade beloppet.'],
      approved_nok: ['FoU- och NOK-beloppen får tillsammans inte vara större än det beviljade beloppet.'],
    });
    const bad = await decide(application.uuid, { status: ongoing, approved_money: -5, global_goals: [18] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['approved_money', 'global_goals.0', 'status']);
    const tooMuch = await decide(application.uuid, { status: approved, approved_money: 100_000_000_01 });
    expect(tooMuch.json().errors).toEqual({ approved_money: ['Fältet beviljat belopp får vara högst 10000000000.'] });

    const draftApplication = await createApplication(t.db, { periodId: period.id, frontendUserId, status: draft });
    const refused = await decide(draftApplication.uuid, { status: approved, approved_money: 1 });
    expect(refused.statusCode).toBe(404);
  });

  it('refuses a decision without approved or rejected chosen, in the caller’s language, and changes nothing', async () => {
    const period = await createPeriod(t.db, 'Obeslutad');
    const application = await createApplication(t.db, { periodId: period.id, frontendUserId, status: ongoing });
    const swedish = await decide(application.uuid, { approved_money: 100_00 });
    expect(swedish.statusCode).toBe(422);
    expect(swedish.json().errors).toEqual({ status: ['Fältet status är obligatoriskt.'] });
    const english = await decide(application.uuid, {}, { 'accept-language': 'en-US' });
    expect(english.statusCode).toBe(422);
    expect(english.json().errors).toEqual({ status: ['The status field is required.'] });
    expect(await decisionOf(application.uuid)).toMatchObject({ status: ongoing, approved_money: null });
    expect(await historyOf(t.db, application.id)).toEqual([]);
  });
});

describe('who may decide', () => {
  it('answers 401 to anonymous callers and applicants, 403 to investigators, and serves the admin', async () => {
    const period = await createPeriod(t.db, 'Behörighet');
    const application = await createApplication(t.db, { periodId: period.id, frontendUserId });
    const url = `/api/v1/applications/${application.uuid}/decision`;
    for (const method of ['GET', 'PUT'] as const) {
      const payload = method === 'PUT' ? { data: { status: rejected } } : undefined;
      const as = (cookie?: string) => call(t.app, { method, url, cookie, payload });
      expect((await as()).statusCode, method).toBe(401);
      expect((await as(applicant)).statusCode, method).toBe(401);
      expect((await as(investigator)).statusCode, method).toBe(403);
      expect((await as(admin)).statusCode, method).toBe(200);
    }
  });
});
